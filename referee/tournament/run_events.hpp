// What a running tournament tells the outside: a game starts, a move is played (with both
// clocks and what the engine said of its search), a game is journaled, the run is over. The
// runner publishes every event on its main loop's thread, in the order things happened, so
// the progress line, the match's SPRT, the PGN output and a live page all read one stream and
// need no lock of their own.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "referee/match/game_record.hpp"
#include "referee/tournament/schedule.hpp"

namespace referee::tournament {

using EventClock = std::chrono::steady_clock;

struct GameStarted {
    GameSlot slot;
    std::string white, black;  // engine names
    std::string start_fen;     // before the book moves
    // The opening's moves, played by the referee before the engines' first move.
    std::vector<match::MoveEntry> book;
    std::int64_t white_ms = -1, black_ms = -1;  // each clock at the start; -1: no game clock
    EventClock::time_point at;
};

struct MovePlayed {
    int slot = 0;  // the game's schedule index
    int ply = 0;   // 1-based, book moves included
    bool white_moved = true;
    match::MoveEntry move;  // its names, time, the mover's clock after it and its search info
    int from = 0, to = 0;   // squares (rank * width + file), to mark the move on a board
    std::string placement;  // the board after it: FEN's first field
    EventClock::time_point at;
};

// A subscriber: override what it needs. Every call comes on the main loop's thread.
class RunObserver {
  public:
    virtual ~RunObserver() = default;
    // Asked when the run starts: when no subscriber wants moves, no ply pays for a MovePlayed.
    virtual bool wants_moves() const { return false; }
    virtual void game_started(const GameStarted&) {}
    virtual void move_played(const MovePlayed&) {}
    // The game's journal line is on disk: it counts from now on.
    virtual void game_finished(const GameSlot&, const match::GameRecord&) {}
    // Every game is reported (the schedule done, stopped, or `failed`); engines may still be
    // quitting.
    virtual void run_finished(bool /*failed*/) {}
};

// The subscribers of one run, called in the order they subscribed (the progress line first,
// so those after it see the game counted).
class RunEvents {
  public:
    void subscribe(RunObserver& observer) { observers_.push_back(&observer); }
    bool wants_moves() const;
    void game_started(const GameStarted& e) const;
    void move_played(const MovePlayed& e) const;
    void game_finished(const GameSlot& slot, const match::GameRecord& record) const;
    void run_finished(bool failed) const;

  private:
    std::vector<RunObserver*> observers_;
};

// A subscriber made of one function, called with each journaled game (tests, benches).
class OnGameFinished : public RunObserver {
  public:
    using Fn = std::function<void(const GameSlot&, const match::GameRecord&)>;
    explicit OnGameFinished(Fn fn) : fn_(std::move(fn)) {}
    void game_finished(const GameSlot& slot, const match::GameRecord& record) override {
        fn_(slot, record);
    }

  private:
    Fn fn_;
};

}  // namespace referee::tournament
