// Plays a list of scheduled games, many at once: on the main thread, or spread over
// `threads` event loops, each a thread with its own games and engine processes (the journal
// and the reports of finished games stay on the main thread). Engine processes are pooled
// per engine (per thread) and reused between games (a new-game command in between) while their
// arguments stay the same (see engine/launch.hpp: {color} restarts an engine whose colour
// changes); plain and imcs-tcp engines play one game per process; an engine that crashed or
// was at fault is replaced by a fresh process for its next game.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "referee/tournament/config.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/run_events.hpp"
#include "referee/tournament/schedule.hpp"

namespace boost::asio {
class io_context;
}

namespace referee::tournament {

// Starts every engine once and shakes hands with it (variant included), so an engine that
// cannot start or cannot play the variant is named before any game is played. Returns one
// sentence per failing engine; empty when all are fine.
std::vector<std::string> preflight(const TournamentConfig& config);

// Plays the games on an event loop it is given (the main loop), where it publishes its
// events (run_events.hpp); the loop may serve others meanwhile (a live page).
class Runner {
  public:
    Runner(boost::asio::io_context& io, const TournamentConfig& config, std::vector<GameSlot> todo,
           JournalWriter& journal, RunEvents& events);
    ~Runner();  // stops and joins the lanes' threads, should join() not have run
    // Starts the games on the loop; the caller runs it. RunObserver::run_finished says when
    // every game is reported; the loop's own work ends once the last engine is reaped.
    void start();
    // After the loop has returned: waits for the lanes' threads, and rethrows what ended the
    // run, if anything did.
    void join();
    // start(), the loop run until nothing is left on it, join(): for a loop of its own.
    void run();
    // Called from an observer (an SPRT decided): no new game starts; the games being played
    // finish and are journaled, then the run finishes.
    void stop();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace referee::tournament
