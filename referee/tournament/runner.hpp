// Plays a list of scheduled games, many at once: on the main thread, or spread over
// `threads` event loops, each a thread with its own games and engine processes (the journal
// and the reports of finished games stay on the main thread). Engine processes are pooled
// per engine (per thread) and reused between games (a new-game command in between) while their
// arguments stay the same (see engine/launch.hpp: {color} restarts an engine whose colour
// changes); plain and imcs-tcp engines play one game per process; an engine that crashed or
// was at fault is replaced by a fresh process for its next game.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "referee/tournament/config.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/schedule.hpp"

namespace referee::tournament {

// Starts every engine once and shakes hands with it (variant included), so an engine that
// cannot start or cannot play the variant is named before any game is played. Returns one
// sentence per failing engine; empty when all are fine.
std::vector<std::string> preflight(const TournamentConfig& config);

class Runner {
  public:
    using GameDone = std::function<void(const GameSlot&, const match::GameRecord&)>;
    Runner(const TournamentConfig& config, std::vector<GameSlot> todo, JournalWriter& journal,
           GameDone on_game);
    // Returns when every game is played and every engine process is gone.
    void run();
    // Called from on_game (an SPRT decided): no new game starts; the games being played
    // finish and are journaled, then run() returns.
    void stop() { stopping_ = true; }

  private:
    const TournamentConfig& config_;
    std::vector<GameSlot> todo_;
    JournalWriter& journal_;
    GameDone on_game_;
    bool stopping_ = false;
};

}  // namespace referee::tournament
