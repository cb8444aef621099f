// One engine as the referee sees it: a process plus the dialect it speaks, with the
// start-up deadline and the output caps. It reports what the engine did as events and
// leaves judging to the match layer; it never blocks.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/engine/launch.hpp"
#include "referee/engine/process/process.hpp"

namespace boost::asio {
class io_context;
}

namespace referee::engine {

class TcpLink;

class EngineSession : public std::enable_shared_from_this<EngineSession> {
  public:
    using Clock = std::chrono::steady_clock;
    struct Events {
        std::function<void()> ready;  // after start() or new_game()
        // The engine's move, read and legal in the request's position.
        std::function<void(rules::Move move, Clock::time_point received)> move;
        // In a move's place: a move the rules do not allow, or a reply that is not a move
        // (the whole sentence saying so).
        std::function<void(std::string why)> illegal_move;
        std::function<void(std::string why)> unreadable;
        std::function<void()> resign;
        // xboard: a result it announces, a draw offer, a move of the referee's it refuses.
        std::function<void(rules::GameResult result, std::string comment)> claim;
        std::function<void()> draw_offer;
        std::function<void(const rules::Position& before, rules::Move move, std::string said)>
            disagree;
        std::function<void(FaultKind kind, std::string detail)> fault;
        std::function<void(const ExitInfo& info)> exit;
        // UCI: the engine's last depth, score and nodes, just before its move (may be empty).
        std::function<void(const SearchInfo& info)> search_info;
    };
    // Output beyond this many bytes between two requests is flooding.
    static constexpr std::size_t kFloodBytes = 4 * 1024 * 1024;

    // `seat` is the game the process is started for: it fills the placeholders of the
    // arguments (colour, seed) and, for imcs-tcp, what the lobby shows the client.
    static std::shared_ptr<EngineSession> create(boost::asio::io_context& io, EngineConfig config,
                                                 const rules::Variant& variant,
                                                 std::string scratch_dir, Seat seat = {});
    ~EngineSession();

    void set_events(Events events);
    // Sees every line written to and read from the engine, in order (referee validate shows
    // them when a probe fails). Not needed for play; empty by default.
    using Transcript = std::function<void(bool to_engine, std::string_view line)>;
    void set_transcript(Transcript transcript) { transcript_ = std::move(transcript); }
    // Before start(), for an engine whose config says `keep`: the folder (made by the
    // referee, next to the game's record) where its stderr and files are kept.
    void keep_output_in(std::string folder) { keep_dir_ = std::move(folder); }
    // Spawns and handshakes; ends in ready(), or fault(Startup/Unsupported/...) or exit().
    // A failure to spawn arrives as fault(Startup, reason).
    void start();
    void new_game(bool plays_white, const MoveRequest& clocks);
    // on_written gets the moment the request was fully written: the engine's clock starts then.
    // It may run before request_move returns (the request is written at once when the pipe
    // takes it).
    void request_move(const MoveRequest& request,
                      std::function<void(Clock::time_point)> on_written);
    void opponent_moved(const rules::Position& before, rules::Move move);
    // Between cork() and uncork() what the session sends is only queued; uncork() writes it
    // in one system call (see EngineProcess::cork). The match layer corks the mover's
    // opponent around "your opponent moved" and its own next request, so IMCS's "! a2-a3"
    // and the next board leave together. Nestable; a no-op over imcs-tcp.
    void cork();
    void uncork();
    void reject_move(std::string_view reason);
    void game_over(std::string_view result, std::string_view reason_key);
    // The protocol's goodbye, then the process group is killed after grace.
    void quit(std::chrono::milliseconds grace);
    void kill(std::string_view reason);

    // Started, not exited, no fault, and able to play: a one-game dialect (plain, imcs-tcp)
    // whose game is over is not alive any more, though its process may still be exiting.
    bool alive() const;
    // Dialect::ask_alive, while the engine is alive: false when the protocol cannot ask now.
    bool ask_alive(std::function<void()> answered) {
        return alive() && dialect_ && dialect_->ask_alive(std::move(answered));
    }
    // Never started, or its process was reaped: nothing of it is left to wait for.
    bool finished() const;
    const Seat& seat() const { return seat_; }
    // The arguments the process was started with, placeholders filled in.
    const std::vector<std::string>& launched_args() const { return launched_args_; }
    bool faulted() const { return faulted_; }
    // Dialect::cannot_start_at, once the handshake is done (empty before).
    std::string cannot_start_at(const rules::Position& start) const {
        return dialect_ ? dialect_->cannot_start_at(start) : std::string();
    }
    // Whether the engine ever wrote a line (imcs-tcp: on its connection). IMCS has no
    // handshake, so an engine that dies before its first line failed to start rather than
    // crashed.
    bool responded() const { return responded_; }
    const EngineConfig& config() const { return config_; }
    const std::string& engine_id() const { return engine_id_; }  // from UCI "id name"
    std::string stderr_tail() const;
    pid_t pid() const;

  private:
    class Host;
    class Corked;
    EngineSession(boost::asio::io_context& io, EngineConfig config, const rules::Variant& variant,
                  std::string scratch_dir, Seat seat);
    void on_line(std::string_view line);
    void raise(FaultKind kind, std::string detail);
    void arm_startup_timer();
    // A reused engine that still owed the answer to its last game's search when the start-up
    // allowance for the next game ran out: a fresh process in its place, which then starts
    // that game (renewal_), rather than a game lost before it began.
    void replace_process();
    bool spent() const;               // a one-game dialect's game is over
    bool open_link(TcpLogin& login);  // imcs-tcp: the private port; false after a fault
    void on_link_closed(const std::string& why);
    void on_process_exit(const ExitInfo& info);
    void post_fault(FaultKind kind, std::string detail);
    // " (its last output: stdout "..."; then stderr "...")": for a failure to start or a
    // crash (RecentOutput::describe).
    std::string last_output() const;

    boost::asio::io_context& io_;
    EngineConfig config_;
    const rules::Variant& variant_;
    std::string scratch_dir_;
    Events events_;
    Transcript transcript_;
    Seat seat_;
    std::vector<std::string> launched_args_;
    std::unique_ptr<EngineProcess> process_;
    std::unique_ptr<TcpLink> link_;  // imcs-tcp only
    std::unique_ptr<Host> host_;
    std::unique_ptr<Dialect> dialect_;
    struct Timer;
    std::unique_ptr<Timer> startup_timer_;
    std::unique_ptr<Timer> exit_timer_;     // imcs-tcp: how long an exit waits for the connection
    std::unique_ptr<Timer> dialect_timer_;  // the dialect's own (DialectHost::set_timer)
    std::uint64_t dialect_timer_setting_ = 0;  // which setting is current
    std::size_t bytes_since_request_ = 0;
    bool faulted_ = false;
    bool exited_ = false;
    bool responded_ = false;
    bool awaiting_ready_ = false;
    bool game_over_ = false;             // game_over() was sent; a one-game session is spent
    bool quit_asked_ = false;            // quit() was called: an exit now is no crash
    bool connected_ = false;             // imcs-tcp: its client connected once
    std::string keep_dir_;               // keep: see keep_output_in
    std::optional<ExitInfo> held_exit_;  // imcs-tcp: reported once the connection's lines are read
    std::string engine_id_;
    // The game the process was replaced for: started once the fresh process is ready. Its
    // clocks carry no positions (UCI and USI read only the seed from new_game's request).
    struct Renewal {
        bool plays_white = true;
        MoveRequest clocks;
    };
    std::optional<Renewal> renewal_;
    std::optional<Renewal> next_game_;  // new_game()'s arguments, while the reply is owed
};

}  // namespace referee::engine
