// Lifetime: EngineProcess owns a shared Impl and every pending asio handler holds a reference to
// it, so a handler that completes after the EngineProcess is gone still finds valid memory; the
// `detached_` flag keeps it from calling user code.
//
// Exit: the leader's exit is noticed through a pidfd (or a polling timer without one). It is
// first observed with WNOWAIT, so the leader is still a zombie when we SIGKILL its group: its
// pid, and so the group id, cannot have been reused by an unrelated process. Only then is it
// reaped. Killing the group makes forked helpers drop the pipes, which ends our reads.
#include "referee/engine/process/process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <deque>
#include <mutex>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>
#include <boost/process/async_pipe.hpp>

#include "referee/engine/process/containment.hpp"
#include "referee/engine/process/line_buffer.hpp"
#include "referee/engine/process/process_registry.hpp"
#include "referee/engine/process/process_spawn.hpp"
#include "referee/engine/process/recent_output.hpp"

namespace referee::engine {
namespace {

namespace asio = boost::asio;
namespace bp = boost::process;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// How long stdout/stderr may stay open after the engine was reaped: data it wrote before dying
// is still read, but a process that left the group cannot hold the exit report back forever.
constexpr milliseconds kDrainAfterExit{500};
constexpr milliseconds kFirstPoll{2};
constexpr milliseconds kMaxPoll{50};
// How long processes of the group may outlive its leader before they count as left behind:
// a wrapper's child (bwrap's process 1 of the sandbox) can still be on its way out when the
// wrapper has gone, the more so on a loaded machine.
constexpr milliseconds kOrphanGrace{300};
constexpr milliseconds kOrphanPoll{10};

std::atomic<bool> g_pidfd_enabled{true};

void ignore_sigpipe_once() {
    // A write to an engine that died must be an EPIPE error, not the referee's death.
    static std::once_flag once;
    std::call_once(once, [] { ::signal(SIGPIPE, SIG_IGN); });
}

int open_pidfd(pid_t pid) {
#ifdef SYS_pidfd_open
    if (g_pidfd_enabled.load()) return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#endif
    (void)pid;
    return -1;
}

std::string signal_name(int sig) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 32))
    const char* d = ::sigdescr_np(sig);
    return d != nullptr ? d : "unknown signal";
#else
    return ::strsignal(sig);
#endif
}

ExitInfo describe(int status, const std::optional<std::string>& referee_kill) {
    ExitInfo info;
    if (WIFEXITED(status)) {
        info.exit_code = WEXITSTATUS(status);
        info.description = "exited with code " + std::to_string(info.exit_code);
    } else if (WIFSIGNALED(status)) {
        info.signal = WTERMSIG(status);
        if (referee_kill && info.signal == SIGKILL) {
            info.killed_by_referee = true;
            info.description = *referee_kill;
        } else {
            info.description = "killed by signal " + std::to_string(info.signal) + " (" +
                               signal_name(info.signal) + ")";
            if (WCOREDUMP(status)) info.description += " (core dumped)";
        }
    } else {
        info.description = "ended with wait status " + std::to_string(status);
    }
    return info;
}

}  // namespace

class EngineProcess::Impl : public std::enable_shared_from_this<EngineProcess::Impl> {
  public:
    Impl(asio::io_context& io, ProcessSpec spec)
        : io_(io),
          spec_(std::move(spec)),
          lines_(spec_.max_line_bytes, kReadChunkBytes),
          pidfd_(io),
          poll_timer_(io),
          grace_timer_(io),
          drain_timer_(io),
          orphan_timer_(io) {}

    void start() {
        if (started_) throw std::logic_error("EngineProcess::start() called twice");
        started_ = true;
        ignore_sigpipe_once();
        in_.emplace(io_);
        out_.emplace(io_);
        err_.emplace(io_);
        if (!spec_.keep_dir.empty()) {
            try {
                kept_ = std::make_shared<KeptOutput>(spec_.keep_dir, spec_.keep_stderr,
                                                     spec_.keep_files);
            } catch (const std::exception& e) {
                throw StartError("cannot start engine \"" + spec_.command + "\": " + e.what());
            }
        }
        pid_ = detail::spawn_in_own_group(spec_, *in_, *out_, *err_, kept_);
        // uncork() writes straight to the pipe: it must never block on an engine that does
        // not read.
        const int fd = in_->native_sink();
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK);
        running_ = true;
        detail::register_group(pid_);
        watch_exit();
        read_stdout();
        read_stderr();
    }

    bool write_line(std::string_view line, std::function<void()> on_written) {
        if (!running_ || stdin_closed_ || close_stdin_when_flushed_) return false;
        // Appended to one buffer that keeps its capacity: no allocation per line.
        queued_.append(line).push_back('\n');
        writes_.push_back({std::move(on_written)});
        if (corked_ > 0) return true;  // uncork() writes it
        if (!writing_) {
            // The write starts from the event loop, so the lines sent in one turn (UCI's
            // position and go) leave in one write: one system call for the referee and one
            // wake-up for the engine instead of two each. writing_ covers the wait, so a
            // shutdown() meanwhile flushes them before closing stdin.
            writing_ = true;
            asio::post(io_, [self = shared_from_this()] { self->write_next(); });
        }
        return true;
    }

    void cork() { ++corked_; }

    void uncork() {
        if (corked_ == 0 || --corked_ > 0) return;
        if (writing_ || writes_.empty() || stdin_closed_) return;  // the running write takes them
        auto keep_alive = shared_from_this();
        take_batch();
        // The pipe is non-blocking (start()), so this never waits: the engine reads its
        // request a system call sooner, and the referee saves a post, a speculative write
        // and a completion through the event loop.
        ssize_t n;
        while ((n = ::write(in_->native_sink(), batch_.data(), batch_.size())) < 0 &&
               errno == EINTR) {
        }
        if (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK) {
            writing_ = true;
            on_written(boost::system::error_code(errno, boost::system::system_category()));
            return;
        }
        if (n < static_cast<ssize_t>(batch_.size())) {
            // The pipe is full: the rest goes out asynchronously and on_written follows then.
            batch_.erase(0, n > 0 ? static_cast<std::size_t>(n) : 0);
            writing_ = true;
            asio::async_write(*in_, asio::buffer(batch_),
                              [self = shared_from_this()](boost::system::error_code ec,
                                                          std::size_t) { self->on_written(ec); });
            return;
        }
        writing_ = true;  // on_written() clears it (and writes what a callback queues)
        on_written({});
    }

    void shutdown(milliseconds grace) {
        if (!running_) return;
        close_stdin_when_flushed_ = true;
        if (!writing_) close_stdin();
        grace_timer_.expires_after(grace);
        grace_timer_.async_wait([self = shared_from_this(), grace](boost::system::error_code ec) {
            if (ec || !self->running_) return;
            self->quit_ignored_ = true;
            self->kill_group("killed by the referee after it ignored quit for " +
                             std::to_string(grace.count()) + " ms");
        });
    }

    void kill(std::string_view reason) {
        if (!running_) return;
        std::string what = "killed by the referee";
        if (!reason.empty()) what.append(": ").append(reason);
        kill_group(std::move(what));
    }

    // Runs from ~EngineProcess, possibly inside one of our own handlers.
    void destroy() noexcept {
        detached_ = true;
        if (running_) {
            ::kill(-pid_, SIGKILL);
            detail::unregister_group(pid_);
            int status = 0;
            while (::waitpid(pid_, &status, 0) == -1 && errno == EINTR) {
            }
            detail::end_of_engine(pid_);
            mark_reaped();
        }
        stdout_done_ = stderr_done_ = true;
        close_stdin();
        boost::system::error_code ignored;
        if (out_) out_->close(ignored);
        if (err_) err_->close(ignored);
        pidfd_.close(ignored);
        poll_timer_.cancel();
        grace_timer_.cancel();
        drain_timer_.cancel();
        orphan_timer_.cancel();
    }

    asio::io_context& io_;
    ProcessSpec spec_;
    LineHandler line_handler_;
    ExitHandler exit_handler_;
    FaultHandler fault_handler_;

    pid_t pid_ = -1;
    bool running_ = false;  // started and not reaped
    Clock::time_point last_write_done_{};
    std::string stderr_tail_;
    RecentOutput recent_;               // its last lines on both streams, in order
    std::shared_ptr<KeptOutput> kept_;  // keep: stderr is copied there as it arrives
    std::optional<ExitInfo> exit_info_;
    LineBuffer lines_;

  private:
    struct PendingWrite {
        std::function<void()> on_written;
    };

    // The queued lines become the batch being written; the two buffers swap, so both keep
    // their capacity.
    void take_batch() {
        batch_count_ = writes_.size();
        batch_.clear();
        batch_.swap(queued_);
    }

    void kill_group(std::string description) {
        if (!referee_kill_) referee_kill_ = std::move(description);
        // The leader is not reaped yet (running_), so the group id is still ours.
        ::kill(-pid_, SIGKILL);
        grace_timer_.cancel();
        if (!pidfd_.is_open()) {
            poll_delay_ = kFirstPoll;
            poll_for_exit();
        }
    }

    void watch_exit() {
        int fd = open_pidfd(pid_);
        if (fd < 0) {
            poll_for_exit();
            return;
        }
        pidfd_.assign(fd);
        wait_pidfd();
    }

    void wait_pidfd() {
        pidfd_.async_wait(asio::posix::descriptor_base::wait_read,
                          [self = shared_from_this()](boost::system::error_code ec) {
                              if (ec || !self->running_) return;
                              if (!self->try_reap()) self->wait_pidfd();
                          });
    }

    void poll_for_exit() {
        poll_timer_.expires_after(poll_delay_);
        poll_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
            if (ec || !self->running_) return;
            if (self->try_reap()) return;
            self->poll_delay_ = std::min(self->poll_delay_ * 2, kMaxPoll);
            self->poll_for_exit();
        });
    }

    bool try_reap() {
        siginfo_t info{};
        int rc;
        while ((rc = ::waitid(P_PID, static_cast<id_t>(pid_), &info,
                              WEXITED | WNOHANG | WNOWAIT)) == -1 &&
               errno == EINTR) {
        }
        if (rc == 0 && info.si_pid == 0) return false;
        int status = 0;
        std::vector<std::string> outlived;
        if (rc == 0) {
            outlived = detail::live_orphans_in_group(pid_);
            if (!outlived.empty() && !referee_kill_ && orphan_wait_ < kOrphanGrace) {
                orphan_wait_ += kOrphanPoll;
                orphan_timer_.expires_after(kOrphanPoll);
                orphan_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
                    if (!ec && self->running_) self->try_reap();
                });
                return true;  // the leader stays unreaped (WNOWAIT), keeping the group id
            }
            ::kill(-pid_, SIGKILL);  // helpers it forked die with it
            detail::unregister_group(pid_);
            while (::waitpid(pid_, &status, 0) == -1 && errno == EINTR) {
            }
            exit_info_pending_ = describe(status, referee_kill_);
            exit_info_pending_.outlived = std::move(outlived);
            exit_info_pending_.ignored_quit = quit_ignored_ && exit_info_pending_.killed_by_referee;
        } else {
            // Someone else reaped it (SIGCHLD ignored, or a stray waitpid(-1)).
            ExitInfo lost;
            lost.description = std::string("exit status lost: ") + std::strerror(errno);
            exit_info_pending_ = lost;
        }
        detail::apply(detail::end_of_engine(pid_), exit_info_pending_);
        mark_reaped();
        if (!stdout_done_ || !stderr_done_) {
            drain_timer_.expires_after(kDrainAfterExit);
            drain_timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
                if (ec) return;
                self->finish_stdout();
                self->finish_stderr();
            });
        }
        maybe_report_exit();
        return true;
    }

    void mark_reaped() {
        running_ = false;
        reaped_ = true;
        detail::unregister_group(pid_);
        boost::system::error_code ignored;
        pidfd_.close(ignored);
        poll_timer_.cancel();
        grace_timer_.cancel();
        orphan_timer_.cancel();
    }

    void maybe_report_exit() {
        if (reported_ || !reaped_ || !stdout_done_ || !stderr_done_) return;
        reported_ = true;
        drain_timer_.cancel();
        close_stdin();
        exit_info_ = std::move(exit_info_pending_);
        exit_info_->write_error = write_error_;
        if (!detail::explain_exec_failure(stderr_tail_, *exit_info_))
            detail::explain_denied_write(spec_, stderr_tail_, *exit_info_);
        auto keep_alive = shared_from_this();
        if (!detached_ && exit_handler_) exit_handler_(*exit_info_);
    }

    void read_stdout() {
        auto space = lines_.prepare();
        out_->async_read_some(
            asio::buffer(space.data(), space.size()),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
                self->on_stdout(ec, n);
            });
    }

    void on_stdout(boost::system::error_code ec, std::size_t n) {
        if (stdout_done_) return;
        if (over_volume(stdout_bytes_, n, spec_.limits.stdout_mb, "stdout", &Impl::finish_stdout))
            return;
        auto result = lines_.commit(n, [this](std::string_view line) {
            if (detached_) return false;
            recent_.add_stdout_line(line);
            if (line_handler_) line_handler_(line);
            return !detached_ && !stdout_done_;
        });
        if (result == LineBuffer::Result::LineTooLong) {
            finish_stdout();  // before the handler, which may destroy us
            if (!detached_ && fault_handler_)
                fault_handler_(FaultKind::LineTooLong,
                               "line over " + std::to_string(spec_.max_line_bytes) + " bytes");
            return;
        }
        if (result == LineBuffer::Result::Stopped) return;
        if (ec) {
            finish_stdout();
            return;
        }
        read_stdout();
    }

    // Counts a stream's bytes; past its limit the stream is closed (the engine's next write
    // fails) and the fault reported, so a flood costs the referee nothing more.
    bool over_volume(std::size_t& total, std::size_t n, std::size_t limit_mb, const char* stream,
                     void (Impl::*finish)()) {
        total += n;
        if (limit_mb == 0 || total <= (limit_mb << 20)) return false;
        (this->*finish)();
        if (!detached_ && fault_handler_)
            fault_handler_(FaultKind::Flood,
                           "wrote more than " + std::to_string(limit_mb) + " MiB to " + stream);
        return true;
    }

    void finish_stdout() {
        if (stdout_done_) return;
        stdout_done_ = true;
        boost::system::error_code ignored;
        out_->close(ignored);
        maybe_report_exit();
    }

    void read_stderr() {
        err_->async_read_some(
            asio::buffer(stderr_chunk_),
            [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
                self->on_stderr(ec, n);
            });
    }

    void on_stderr(boost::system::error_code ec, std::size_t n) {
        if (stderr_done_) return;
        if (over_volume(stderr_bytes_, n, spec_.limits.stderr_mb, "stderr", &Impl::finish_stderr))
            return;
        stderr_tail_.append(stderr_chunk_.data(), n);
        recent_.add_stderr(std::string_view(stderr_chunk_.data(), n));
        if (kept_) kept_->add_stderr(std::string_view(stderr_chunk_.data(), n));
        if (stderr_tail_.size() > kStderrTailBytes)
            stderr_tail_.erase(0, stderr_tail_.size() - kStderrTailBytes);
        if (ec) {
            finish_stderr();
            return;
        }
        read_stderr();
    }

    void finish_stderr() {
        if (stderr_done_) return;
        stderr_done_ = true;
        boost::system::error_code ignored;
        err_->close(ignored);
        maybe_report_exit();
    }

    void write_next() {
        if (writes_.empty() || stdin_closed_) {
            writing_ = false;
            if (close_stdin_when_flushed_) close_stdin();
            return;
        }
        writing_ = true;
        take_batch();
        asio::async_write(*in_, asio::buffer(batch_),
                          [self = shared_from_this()](boost::system::error_code ec, std::size_t) {
                              self->on_written(ec);
                          });
    }

    void on_written(boost::system::error_code ec) {
        if (stdin_closed_) {
            writing_ = false;
            return;
        }
        if (ec) {
            write_error_ = "write to engine failed: " + ec.message();
            writing_ = false;
            close_stdin();
            return;
        }
        last_write_done_ = Clock::now();
        auto keep_alive = shared_from_this();
        // A callback may queue more lines (behind the batch) or close stdin (emptying the queue).
        for (std::size_t k = 0; k < batch_count_ && !writes_.empty(); ++k) {
            auto callback = std::move(writes_.front().on_written);
            writes_.pop_front();
            if (callback && !detached_) callback();
        }
        write_next();
    }

    void close_stdin() {
        if (stdin_closed_ || !in_) return;
        stdin_closed_ = true;
        boost::system::error_code ignored;
        in_->close(ignored);
        writes_.clear();
        queued_.clear();
    }

    std::optional<bp::async_pipe> in_, out_, err_;
    asio::posix::stream_descriptor pidfd_;
    asio::steady_timer poll_timer_, grace_timer_, drain_timer_, orphan_timer_;
    milliseconds poll_delay_ = kFirstPoll;
    milliseconds orphan_wait_{0};  // grace given so far to processes outliving the leader

    std::deque<PendingWrite> writes_;  // one per line queued or in the batch, in order
    std::string queued_;               // the lines not in a batch yet, joined
    std::string batch_;                // the queued lines being written, joined
    std::size_t batch_count_ = 0;      // how many of writes_ the batch holds
    std::array<char, 4096> stderr_chunk_{};
    std::optional<std::string> referee_kill_;  // description, once we SIGKILLed the group
    bool quit_ignored_ = false;                // that kill ended the grace after quit
    ExitInfo exit_info_pending_;
    std::string write_error_;
    std::size_t stdout_bytes_ = 0, stderr_bytes_ = 0;

    bool started_ = false;
    bool reaped_ = false;
    bool reported_ = false;
    bool detached_ = false;
    bool writing_ = false;
    int corked_ = 0;
    bool stdin_closed_ = false;
    bool close_stdin_when_flushed_ = false;
    bool stdout_done_ = false;
    bool stderr_done_ = false;
};

EngineProcess::EngineProcess(asio::io_context& io, ProcessSpec spec)
    : impl_(std::make_shared<Impl>(io, std::move(spec))) {}

EngineProcess::~EngineProcess() {
    impl_->destroy();
}

void EngineProcess::set_line_handler(LineHandler handler) {
    impl_->line_handler_ = std::move(handler);
}
void EngineProcess::set_exit_handler(ExitHandler handler) {
    impl_->exit_handler_ = std::move(handler);
}
void EngineProcess::set_fault_handler(FaultHandler handler) {
    impl_->fault_handler_ = std::move(handler);
}

void EngineProcess::start() {
    impl_->start();
}

bool EngineProcess::write_line(std::string_view line, std::function<void()> on_written) {
    return impl_->write_line(line, std::move(on_written));
}

void EngineProcess::cork() {
    impl_->cork();
}
void EngineProcess::uncork() {
    impl_->uncork();
}

std::chrono::steady_clock::time_point EngineProcess::last_write_done() const {
    return impl_->last_write_done_;
}

void EngineProcess::shutdown(std::chrono::milliseconds grace) {
    impl_->shutdown(grace);
}
void EngineProcess::kill(std::string_view reason) {
    impl_->kill(reason);
}

pid_t EngineProcess::pid() const {
    return impl_->pid_;
}
bool EngineProcess::running() const {
    return impl_->running_;
}
std::string EngineProcess::stderr_tail() const {
    return impl_->stderr_tail_;
}
std::string EngineProcess::last_output() const {
    return impl_->recent_.describe();
}
std::size_t EngineProcess::peak_buffer_bytes() const {
    return impl_->lines_.peak_bytes();
}
const std::optional<ExitInfo>& EngineProcess::exit_info() const {
    return impl_->exit_info_;
}

namespace test_hooks {
void set_pidfd_enabled(bool enabled) {
    g_pidfd_enabled.store(enabled);
}
}  // namespace test_hooks

}  // namespace referee::engine
