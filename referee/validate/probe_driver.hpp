// Runs the engine under test for the probes: starts it, plays games against the referee's
// random-engine on a private io_context, asks it to quit and watches its processes. Every
// wait has a deadline, so a broken engine ends a probe, never the run.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/io_context.hpp>

#include "referee/engine/dialects/session.hpp"
#include "referee/match/game.hpp"
#include "referee/validate/process_group.hpp"
#include "referee/validate/transcript.hpp"

namespace referee::validate {

class ProbeDriver {
  public:
    using Session = std::shared_ptr<engine::EngineSession>;

    ProbeDriver(const rules::Rules& rules, engine::EngineConfig engine,
                engine::EngineConfig opponent, std::string scratch_dir);
    ~ProbeDriver();
    ProbeDriver(const ProbeDriver&) = delete;
    ProbeDriver& operator=(const ProbeDriver&) = delete;

    struct Started {
        bool ok = false;
        double seconds = 0;
        std::string problem;  // when not ok: a sentence
        std::optional<engine::FaultKind> fault;
        std::optional<engine::ExitInfo> exit;
        std::string stderr_tail;
    };
    // Starts a fresh engine process and waits for its handshake (IMCS has none: the engine
    // must still be running a moment after it started). Any previous process is killed.
    // `seat` is the game it is started for: its colour fills {color} in the arguments, and
    // a plain or imcs-tcp engine plays only that colour.
    Started start_engine(std::chrono::milliseconds settle, engine::Seat seat = {});
    // The seat the running engine was started for.
    const engine::Seat& engine_seat() const { return seat_; }
    bool engine_alive() const { return engine_ && engine_->alive(); }
    // What the running engine's handshake said it cannot be set up at (xboard without
    // setboard); empty when it can, or when no engine runs.
    std::string cannot_start_at(const rules::Position& start) const {
        return engine_ ? engine_->cannot_start_at(start) : std::string();
    }
    // No game has been played since the engine was (re)started.
    bool engine_fresh() const { return fresh_; }
    // The longest the engine under test took for one move in any game so far (0: none).
    std::int64_t longest_move_ms() const { return longest_move_ms_; }
    // Runs the event loop for a while (to notice an exit that has happened).
    void pump(std::chrono::milliseconds how_long) {
        run_until([] { return false; }, how_long);
    }
    // After a game: lets an engine that ends its process after each game (as the course's
    // clients do) be seen to exit. One the protocol can ask (isready, ping) is asked, and
    // its answer or its exit ends the wait; one it cannot ask is given `wait`.
    void settle_after_game(std::chrono::milliseconds wait);
    // Kills the engine's process group (after a fault, so the next probe starts clean).
    void discard_engine();

    struct Played {
        match::GameRecord record;
        double seconds = 0;
        bool deadline_passed = false;  // the driver's own deadline, a bug if it ever happens
    };
    // One game: the engine plays engine_side, the referee's random-engine the other side.
    // The engine's moves carry the depth limit set here (0: none). Throws std::runtime_error
    // when the random-engine cannot be started.
    void set_engine_depth(int depth) { engine_depth_ = depth; }
    Played play(match::GameSpec spec, rules::Color engine_side, std::chrono::milliseconds limit);

    struct Quit {
        bool exited = false;      // the exit was observed
        bool killed = false;      // ... because the referee killed it after the grace
        std::string description;  // "exited with code 0", ...
        double seconds = 0;       // from quit to exit
        std::vector<ProcessEntry>
            outlived;  // other processes of its group seen alive after it had exited
        std::vector<ProcessEntry>
            escaped;  // descendants outside its group still alive afterwards (then killed)
        bool group_gone = false;  // nothing alive in its group afterwards
    };
    Quit quit(std::chrono::milliseconds grace);

    Transcript& transcript() { return transcript_; }
    const engine::EngineConfig& engine_config() const { return engine_config_; }
    std::string engine_stderr() const { return engine_ ? engine_->stderr_tail() : std::string(); }
    pid_t engine_pid() const { return engine_ ? engine_->pid() : -1; }

  private:
    using Clock = std::chrono::steady_clock;
    bool run_until(const std::function<bool()>& done, Clock::duration limit);
    void poll_io();  // runs what is ready, without waiting
    void ensure_opponent();

    boost::asio::io_context io_;  // first: outlives the sessions below
    const rules::Rules& rules_;
    engine::EngineConfig engine_config_, opponent_config_;
    std::string scratch_dir_;
    Transcript transcript_;
    Session engine_, opponent_;
    bool fresh_ = false;
    int engine_depth_ = 0;
    std::int64_t longest_move_ms_ = 0;
    engine::Seat seat_;
};

}  // namespace referee::validate
