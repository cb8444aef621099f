#include "referee/engine/session.hpp"

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

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
        if (s_.process_) s_.process_->write_line(line, std::move(on_written));
    }
    // Posted, never called inline: IMCS is ready inside start() and new_game(), and a caller
    // must not be re-entered from its own call.
    void ready() override {
        s_.awaiting_ready_ = false;
        s_.startup_timer_->timer.cancel();
        s_.bytes_since_request_ = 0;
        boost::asio::post(s_.io_, [weak = s_.weak_from_this()] {
            auto self = weak.lock();
            if (self && !self->faulted_ && !self->exited_ && self->events_.ready) self->events_.ready();
        });
    }
    void fault(FaultKind kind, std::string detail) override { s_.raise(kind, std::move(detail)); }
    void move(std::string text) override {
        if (s_.events_.move) s_.events_.move(std::move(text), Clock::now());
    }
    void resign() override {
        if (s_.events_.resign) s_.events_.resign();
    }
    void identified(std::string name) override { s_.engine_id_ = std::move(name); }

  private:
    EngineSession& s_;
};

std::shared_ptr<EngineSession> EngineSession::create(boost::asio::io_context& io,
                                                     EngineConfig config,
                                                     const rules::Variant& variant,
                                                     std::string scratch_dir) {
    return std::shared_ptr<EngineSession>(
        new EngineSession(io, std::move(config), variant, std::move(scratch_dir)));
}

EngineSession::EngineSession(boost::asio::io_context& io, EngineConfig config,
                             const rules::Variant& variant, std::string scratch_dir)
    : io_(io),
      config_(std::move(config)),
      variant_(variant),
      scratch_dir_(std::move(scratch_dir)),
      host_(std::make_unique<Host>(*this)),
      startup_timer_(std::make_unique<Timer>(io)) {
    DialectContext context{*host_, config_, variant_, scratch_dir_};
    dialect_ =
        config_.protocol == Protocol::Uci ? make_uci_dialect(context) : make_imcs_dialect(context);
}

EngineSession::~EngineSession() = default;

void EngineSession::set_events(Events events) {
    events_ = std::move(events);
}

void EngineSession::raise(FaultKind kind, std::string detail) {
    if (faulted_ || exited_) return;
    faulted_ = true;
    startup_timer_->timer.cancel();
    if (events_.fault) events_.fault(kind, std::move(detail));
}

void EngineSession::arm_startup_timer() {
    awaiting_ready_ = true;
    startup_timer_->timer.expires_after(config_.startup_timeout);
    std::weak_ptr<EngineSession> weak = weak_from_this();
    startup_timer_->timer.async_wait([weak](const boost::system::error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || !self->awaiting_ready_) return;
        self->raise(FaultKind::Startup,
                    fmt::format("{} did not finish its {} handshake within {:.1f} s",
                                self->config_.name, protocol_name(self->config_.protocol),
                                self->config_.startup_timeout.count() / 1000.0));
    });
}

void EngineSession::start() {
    ProcessSpec spec;
    spec.command = config_.command;
    spec.args = config_.args;
    spec.working_dir = config_.working_dir;
    spec.memory_limit_bytes = config_.memory_limit_mb * 1024 * 1024;
    spec.limits = config_.limits;
    spec.sandbox = effective_sandbox(config_.sandbox);
    process_ = std::make_unique<EngineProcess>(io_, spec);
    std::weak_ptr<EngineSession> weak = weak_from_this();
    process_->set_line_handler([weak](std::string_view line) {
        if (auto self = weak.lock()) self->on_line(line);
    });
    process_->set_fault_handler([weak](Fault fault, std::string message) {
        if (auto self = weak.lock())
            self->raise(fault == Fault::output_volume ? FaultKind::Flood : FaultKind::LineTooLong,
                        message);
    });
    process_->set_exit_handler([weak](const ExitInfo& info) {
        auto self = weak.lock();
        if (!self || self->exited_) return;
        self->exited_ = true;
        self->startup_timer_->timer.cancel();
        if (self->events_.exit) self->events_.exit(info);
    });
    try {
        process_->start();
    } catch (const StartError& e) {
        // Reported like every other event, from the event loop, so callers have one path.
        std::string what = e.what();
        boost::asio::post(io_, [weak, what] {
            if (auto self = weak.lock()) self->raise(FaultKind::Startup, what);
        });
        return;
    }
    arm_startup_timer();
    dialect_->begin_handshake();
}

void EngineSession::on_line(std::string_view line) {
    if (faulted_) return;
    if (transcript_) transcript_(false, line);
    responded_ = true;
    bytes_since_request_ += line.size() + 1;
    if (bytes_since_request_ > kFloodBytes)
        return raise(FaultKind::Flood,
                     fmt::format("{} wrote more than {} MiB of output without a move", config_.name,
                                 kFloodBytes / (1024 * 1024)));
    dialect_->on_line(line);
}

void EngineSession::new_game(bool plays_white, const MoveRequest& clocks) {
    if (!alive()) return;
    arm_startup_timer();
    dialect_->new_game(plays_white, clocks);
}

void EngineSession::request_move(const MoveRequest& request,
                                 std::function<void(Clock::time_point)> on_written) {
    if (!alive()) return;
    bytes_since_request_ = 0;
    dialect_->request_move(request,
                           [on_written = std::move(on_written)] { on_written(Clock::now()); });
}

void EngineSession::opponent_moved(std::string_view dash_move) {
    if (alive()) dialect_->opponent_moved(dash_move);
}
void EngineSession::reject_move(std::string_view reason) {
    if (alive()) dialect_->reject_move(reason);
}
void EngineSession::game_over(std::string_view result, std::string_view reason) {
    if (alive()) dialect_->game_over(result, reason);
}

void EngineSession::quit(std::chrono::milliseconds grace) {
    startup_timer_->timer.cancel();
    awaiting_ready_ = false;
    if (!process_ || exited_) return;
    if (!faulted_) dialect_->quit();
    process_->shutdown(grace);
}

void EngineSession::kill(std::string_view reason) {
    startup_timer_->timer.cancel();
    awaiting_ready_ = false;
    if (process_ && !exited_) process_->kill(reason);
}

bool EngineSession::alive() const {
    return process_ && process_->running() && !faulted_ && !exited_;
}

std::string EngineSession::stderr_tail() const {
    return process_ ? process_->stderr_tail() : std::string();
}

pid_t EngineSession::pid() const {
    return process_ ? process_->pid() : -1;
}

}  // namespace referee::engine
