#include "referee/engine/dialects/session.hpp"

#include <random>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include "referee/engine/dialects/imcs_tcp_link.hpp"
#include "referee/rules/text/printable.hpp"

namespace referee::engine {

struct EngineSession::Timer {
    explicit Timer(boost::asio::io_context& io) : timer(io) {}
    boost::asio::steady_timer timer;
};

// The dialect's view of the session: sending lines and raising events.
class EngineSession::Host final : public DialectHost {
  public:
    explicit Host(EngineSession& s) : s_(s) {}
    void send(std::string_view line, std::function<void()> on_written) override {
        if (s_.transcript_) s_.transcript_(true, line);
        if (s_.link_)
            s_.link_->write_line(line, std::move(on_written));
        else if (s_.process_)
            s_.process_->write_line(line, std::move(on_written));
    }
    // Posted, never called inline: IMCS is ready inside start() and new_game(), and a caller
    // must not be re-entered from its own call.
    void ready() override {
        s_.awaiting_ready_ = false;
        s_.startup_timer_->timer.cancel();
        s_.bytes_since_request_ = 0;
        boost::asio::post(s_.io_, [weak = s_.weak_from_this()] {
            auto self = weak.lock();
            if (!self || self->faulted_ || self->exited_) return;
            if (self->renewal_) {
                // A replacement's handshake: now the game it was started for.
                const Renewal r = *self->renewal_;
                self->renewal_.reset();
                return self->new_game(r.plays_white, r.clocks);
            }
            if (self->events_.ready) self->events_.ready();
        });
    }
    void fault(FaultKind kind, std::string detail) override { s_.raise(kind, std::move(detail)); }
    void move(rules::Move move) override {
        if (s_.events_.move) s_.events_.move(move, Clock::now());
    }
    void illegal_move(std::string why) override {
        if (s_.events_.illegal_move) s_.events_.illegal_move(std::move(why));
    }
    void unreadable(std::string why) override {
        if (s_.events_.unreadable) s_.events_.unreadable(std::move(why));
    }
    void resign() override {
        if (s_.events_.resign) s_.events_.resign();
    }
    void claim(rules::GameResult result, std::string comment) override {
        if (s_.events_.claim) s_.events_.claim(result, std::move(comment));
    }
    void draw_offer() override {
        if (s_.events_.draw_offer) s_.events_.draw_offer();
    }
    void disagree(const rules::Position& before, rules::Move move, std::string said) override {
        if (s_.events_.disagree) s_.events_.disagree(before, move, std::move(said));
    }
    void set_timer(std::chrono::milliseconds after, std::function<void()> fired) override {
        const std::uint64_t setting = ++s_.dialect_timer_setting_;
        s_.dialect_timer_->timer.expires_after(after);
        s_.dialect_timer_->timer.async_wait(
            [weak = s_.weak_from_this(), setting,
             fired = std::move(fired)](const boost::system::error_code& ec) {
                auto self = weak.lock();
                if (ec || !self || setting != self->dialect_timer_setting_ || self->faulted_ ||
                    self->exited_)
                    return;
                fired();
            });
    }
    void cancel_timer() override {
        ++s_.dialect_timer_setting_;
        s_.dialect_timer_->timer.cancel();
    }
    void identified(std::string name) override { s_.engine_id_ = std::move(name); }
    void search_info(const SearchInfo& info) override {
        if (s_.events_.search_info) s_.events_.search_info(info);
    }
    void hang_up() override {
        if (s_.link_) s_.link_->hang_up();
    }

  private:
    EngineSession& s_;
};

namespace {

// A password nobody else can guess, so only the client the referee started logs in.
std::string fresh_password() {
    std::random_device rd;
    return fmt::format("{:08x}{:08x}", rd(), rd());
}

// A loopback address for a client whose server's port is built in: Linux answers on all of
// 127.0.0.0/8, so each such client gets an address of its own and the same port stays free
// for every one of them, games at once included. Away from 127.0.x.x, which names this
// machine.
std::string fresh_loopback_address() {
    std::random_device rd;
    return fmt::format("127.{}.{}.{}", 64 + rd() % 190, rd() % 256, 1 + rd() % 254);
}

}  // namespace

std::string EngineSession::last_output() const {
    const std::string said = process_ ? process_->last_output() : std::string();
    if (said.empty()) return " (it wrote nothing on stdout or stderr)";
    return " (its last output: " + said + ")";
}

std::shared_ptr<EngineSession> EngineSession::create(boost::asio::io_context& io,
                                                     EngineConfig config,
                                                     const rules::Variant& variant,
                                                     std::string scratch_dir, Seat seat) {
    return std::shared_ptr<EngineSession>(
        new EngineSession(io, std::move(config), variant, std::move(scratch_dir), std::move(seat)));
}

EngineSession::EngineSession(boost::asio::io_context& io, EngineConfig config,
                             const rules::Variant& variant, std::string scratch_dir, Seat seat)
    : io_(io),
      config_(std::move(config)),
      variant_(variant),
      scratch_dir_(std::move(scratch_dir)),
      seat_(std::move(seat)),
      host_(std::make_unique<Host>(*this)),
      startup_timer_(std::make_unique<Timer>(io)),
      exit_timer_(std::make_unique<Timer>(io)),
      dialect_timer_(std::make_unique<Timer>(io)) {}

EngineSession::~EngineSession() {
    if (link_) link_->close();
}

void EngineSession::set_events(Events events) {
    events_ = std::move(events);
}

void EngineSession::raise(FaultKind kind, std::string detail) {
    if (faulted_ || exited_) return;
    faulted_ = true;
    startup_timer_->timer.cancel();
    if (events_.fault) events_.fault(kind, std::move(detail));
}

// Reported like every other event, from the event loop, so callers have one path.
void EngineSession::post_fault(FaultKind kind, std::string detail) {
    boost::asio::post(io_, [weak = weak_from_this(), kind, detail = std::move(detail)]() mutable {
        if (auto self = weak.lock()) self->raise(kind, std::move(detail));
    });
}

void EngineSession::arm_startup_timer() {
    awaiting_ready_ = true;
    startup_timer_->timer.expires_after(config_.startup_timeout);
    std::weak_ptr<EngineSession> weak = weak_from_this();
    startup_timer_->timer.async_wait([weak](const boost::system::error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || !self->awaiting_ready_) return;
        if (self->dialect_ && self->dialect_->owes_reply()) {
            // Still no answer to its last game's search: a game waiting for it gets a fresh
            // process; with none waiting (that game is over too) nothing is late yet.
            if (self->next_game_) return self->replace_process();
            self->awaiting_ready_ = false;
            return;
        }
        std::string what = self->dialect_ ? self->dialect_->awaited() : std::string();
        if (what.empty())
            what = fmt::format("finish its {} handshake", protocol_name(self->config_.protocol));
        self->raise(
            FaultKind::Startup,
            fmt::format("{} did not {} within {:.1f} s{}", self->config_.name, what,
                        self->config_.startup_timeout.count() / 1000.0, self->last_output()));
    });
}

bool EngineSession::open_link(TcpLogin& login) {
    link_ = std::make_unique<TcpLink>(io_);
    try {
        if (config_.tcp_server_port == 0) {
            login.port = link_->listen(login.host);
        } else {
            // The port is the client's; an address another run holds is tried again elsewhere.
            for (int attempt = 1;; ++attempt) {
                login.host = fresh_loopback_address();
                try {
                    login.port = link_->listen(login.host, config_.tcp_server_port);
                    break;
                } catch (const std::exception&) {
                    if (attempt == 8) throw;
                }
            }
        }
    } catch (const std::exception& e) {
        link_.reset();
        post_fault(FaultKind::Startup, fmt::format("the referee could not open a port for {}: {}",
                                                   config_.name, e.what()));
        return false;
    }
    std::weak_ptr<EngineSession> weak = weak_from_this();
    TcpLink::Handlers h;
    h.connected = [weak] {
        auto self = weak.lock();
        if (!self) return;
        self->connected_ = true;
        if (self->dialect_) self->dialect_->connected();
    };
    h.line = [weak](std::string_view line) {
        if (auto self = weak.lock()) self->on_line(line);
    };
    h.too_long = [weak](std::string message) {
        if (auto self = weak.lock()) self->raise(FaultKind::LineTooLong, message);
    };
    h.closed = [weak](std::string why) {
        if (auto self = weak.lock()) self->on_link_closed(why);
    };
    link_->set_handlers(std::move(h));
    return true;
}

void EngineSession::on_link_closed(const std::string& why) {
    if (!game_over_ && !faulted_ && !exited_) {
        if (awaiting_ready_)
            raise(FaultKind::Startup,
                  fmt::format("{} {} before its game began{}", config_.name, why, last_output()));
        else
            raise(FaultKind::Disconnect, fmt::format("{} {} during the game", config_.name, why));
    }
    // An exit that waited for the connection's last lines is reported now.
    if (held_exit_) {
        auto info = std::move(*held_exit_);
        held_exit_.reset();
        on_process_exit(info);
    }
}

void EngineSession::on_process_exit(const ExitInfo& info) {
    if (exited_) return;
    // A client usually sends its last move and exits at once: the exit may be seen before the
    // move is read from the socket. The connection ends with the process (its group is
    // killed), so the exit waits for that, a second at most.
    if (link_ && link_->connected() && !game_over_ && !faulted_ && !held_exit_) {
        held_exit_ = info;
        exit_timer_->timer.expires_after(std::chrono::seconds(1));
        exit_timer_->timer.async_wait(
            [weak = weak_from_this()](const boost::system::error_code& ec) {
                auto self = weak.lock();
                if (ec || !self || !self->held_exit_) return;
                self->link_->close();
                self->on_link_closed("kept its connection open after it exited");
            });
        return;
    }
    held_exit_.reset();
    exit_timer_->timer.cancel();
    startup_timer_->timer.cancel();
    if (link_ && !link_->connected() && awaiting_ready_ && !faulted_ && !responded_)
        // Never connected: say so, rather than only how it ended.
        raise(FaultKind::Startup,
              fmt::format("{} {} without connecting to the referee's port {}{}", config_.name,
                          info.description, link_->port(), last_output()));
    exited_ = true;
    if (!events_.exit) return;
    // An exit before the engine was ready or said anything is a failure to start, and one
    // nobody asked for in a game a crash: what it last wrote on either stream usually says
    // why (a JVM that could not reserve its heap says so on stdout, HaChu its tellusererror).
    if ((awaiting_ready_ || !responded_ || (!quit_asked_ && !spent())) && !info.killed_by_referee) {
        ExitInfo told = info;
        told.description += last_output();
        return events_.exit(told);
    }
    events_.exit(info);
}

void EngineSession::start() {
    // An engine that plays one variant without being told cannot play another.
    if (!config_.variant.empty() && config_.variant != variant_.name)
        return post_fault(
            FaultKind::Unsupported,
            fmt::format("{} plays {} only (variant: {} in its description), not {}", config_.name,
                        config_.variant, config_.variant, variant_.name));
    TcpLogin login;
    if (config_.protocol == Protocol::ImcsTcp) {
        login.user = config_.tcp_user.empty() ? imcs_user_name(config_.name) : config_.tcp_user;
        login.password = config_.tcp_password.empty() ? fresh_password() : config_.tcp_password;
        if (!open_link(login)) return;
    }
    ProcessSpec spec;
    spec.command = config_.command;
    try {
        launched_args_ = launch_args(config_, variant_, seat_, link_ ? &login : nullptr);
    } catch (const ConfigError& e) {
        return post_fault(FaultKind::Startup, e.what());
    }
    spec.args = launched_args_;
    spec.working_dir = config_.working_dir;
    spec.memory_limit_bytes = config_.memory_limit_mb * 1024 * 1024;
    spec.limits = config_.limits;
    spec.sandbox = effective_sandbox(config_.sandbox);
    spec.network = config_.protocol == Protocol::ImcsTcp;
    spec.writable = config_.writable;
    if ((config_.keep_stderr || config_.keep_files) && !keep_dir_.empty()) {
        spec.keep_dir = keep_dir_;
        spec.keep_stderr = config_.keep_stderr;
        spec.keep_files = config_.keep_files;
    }
    if (link_) spec.connect_port = login.port;
    if (link_ && config_.tcp_server_port != 0)
        spec.host_names.emplace_back(config_.tcp_server_name, login.host);
    process_ = std::make_unique<EngineProcess>(io_, spec);
    dialect_ = make_dialect(DialectContext{*host_, config_, variant_, scratch_dir_, seat_, login});
    std::weak_ptr<EngineSession> weak = weak_from_this();
    const bool over_tcp = link_ != nullptr;
    process_->set_line_handler([weak, over_tcp](std::string_view line) {
        auto self = weak.lock();
        // A TCP client's own output is its business (boards, logs); only the connection counts.
        // (The process keeps its last lines for a failure's message: last_output.)
        if (!self || over_tcp) return;
        self->on_line(line);
    });
    process_->set_fault_handler([weak, over_tcp](FaultKind fault, std::string message) {
        // Over TCP the process's own pipes carry nothing of the game: only the output
        // volume limit (a flood of stdout or stderr) is a fault there.
        if (auto self = weak.lock(); self && (!over_tcp || fault == FaultKind::Flood))
            self->raise(fault, message);
    });
    process_->set_exit_handler([weak](const ExitInfo& info) {
        if (auto self = weak.lock()) self->on_process_exit(info);
    });
    try {
        process_->start();
    } catch (const StartError& e) {
        if (link_) link_->close();
        return post_fault(FaultKind::Startup, e.what());
    }
    arm_startup_timer();
    dialect_->begin_handshake();
}

void EngineSession::on_line(std::string_view line) {
    if (faulted_ || !dialect_) return;
    if (transcript_) transcript_(false, line);
    responded_ = true;
    bytes_since_request_ += line.size() + 1;
    if (bytes_since_request_ > kFloodBytes)
        return raise(FaultKind::Flood,
                     fmt::format("{} wrote more than {} MiB of output without a move", config_.name,
                                 kFloodBytes / (1024 * 1024)));
    dialect_->on_line(line);
}

// The lines a dialect sends for one request leave in one write, made before the call
// returns (see EngineProcess::cork). Over imcs-tcp the connection has its own writer.
class EngineSession::Corked {
  public:
    explicit Corked(EngineSession& s) : process_(s.link_ ? nullptr : s.process_.get()) {
        if (process_) process_->cork();
    }
    ~Corked() {
        if (process_) process_->uncork();
    }
    Corked(const Corked&) = delete;
    Corked& operator=(const Corked&) = delete;

  private:
    EngineProcess* process_;
};

void EngineSession::new_game(bool plays_white, const MoveRequest& clocks) {
    if (!alive()) return;  // a spent one-game session too: the caller starts another
    game_over_ = false;
    arm_startup_timer();
    next_game_.reset();
    if (dialect_->owes_reply()) {
        // The game waits for the answer owed; should it not come, replace_process() starts
        // the game with a fresh process, from these.
        Renewal r{plays_white, clocks};
        r.clocks.start = r.clocks.position = nullptr;
        r.clocks.moves = {};
        next_game_ = r;
    }
    Corked corked(*this);
    dialect_->new_game(plays_white, clocks);
}

void EngineSession::replace_process() {
    renewal_ = std::move(next_game_);
    next_game_.reset();
    host_->cancel_timer();
    // Its group is killed and reaped at once; none of its handlers runs again.
    process_.reset();
    dialect_.reset();
    responded_ = connected_ = false;  // the fresh process's output is its own (RecentOutput)
    engine_id_.clear();
    bytes_since_request_ = 0;
    start();
}

void EngineSession::request_move(const MoveRequest& request,
                                 std::function<void(Clock::time_point)> on_written) {
    if (!alive()) return;
    bytes_since_request_ = 0;
    // The clock starts when the request is in the pipe: on_written may run before this
    // returns.
    auto keep_alive = shared_from_this();
    Corked corked(*this);
    dialect_->request_move(request,
                           [on_written = std::move(on_written)] { on_written(Clock::now()); });
}

void EngineSession::cork() {
    if (process_ && !link_) process_->cork();
}
void EngineSession::uncork() {
    if (process_ && !link_) process_->uncork();
}

void EngineSession::opponent_moved(const rules::Position& before, rules::Move move) {
    if (alive()) dialect_->opponent_moved(before, move);
}
void EngineSession::reject_move(std::string_view reason) {
    if (alive()) dialect_->reject_move(reason);
}
void EngineSession::game_over(std::string_view result, std::string_view reason) {
    if (!alive()) return;
    game_over_ = true;
    next_game_.reset();
    renewal_.reset();
    dialect_->game_over(result, reason);
}

void EngineSession::quit(std::chrono::milliseconds grace) {
    startup_timer_->timer.cancel();
    host_->cancel_timer();
    awaiting_ready_ = false;
    if (!process_ || exited_) {
        if (link_) link_->close();
        return;
    }
    quit_asked_ = true;
    // A client that never connected cannot be asked: it is ended now, and said why, rather
    // than charged with ignoring a quit it never got.
    if (link_ && !connected_) {
        link_->close();
        process_->kill(
            "it never connected to the referee's port, so it could not be asked to quit");
        return;
    }
    if (!faulted_ && dialect_) dialect_->quit();
    // The connection closes with its last lines out, as the server closes it; the client
    // is expected to exit then, and has the grace period to do it.
    if (link_) link_->hang_up();
    process_->shutdown(grace);
}

void EngineSession::kill(std::string_view reason) {
    startup_timer_->timer.cancel();
    host_->cancel_timer();
    awaiting_ready_ = false;
    if (link_) link_->close();
    if (process_ && !exited_) process_->kill(reason);
}

bool EngineSession::alive() const {
    return process_ && process_->running() && !faulted_ && !exited_ && !held_exit_ && !spent();
}

bool EngineSession::spent() const {
    return game_over_ && dialect_ && dialect_->one_game();
}

bool EngineSession::finished() const {
    return !process_ || !process_->running();
}

std::string EngineSession::stderr_tail() const {
    return process_ ? process_->stderr_tail() : std::string();
}

pid_t EngineSession::pid() const {
    return process_ ? process_->pid() : -1;
}

}  // namespace referee::engine
