// One untrusted engine executable as a child process, driven asynchronously on a caller-owned
// io_context so a single thread can run hundreds of them. The child runs in its own process
// group and everything in that group is SIGKILLed when the engine is done, so forked helpers
// cannot outlive it. Engines may crash, hang, flood or never read: none of it may block,
// crash or grow the referee.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/engine/process/fault.hpp"
#include "referee/engine/process/limits.hpp"
#include "referee/engine/process/sandbox.hpp"

namespace boost::asio {
class io_context;
}

namespace referee::engine {

struct ProcessSpec {
    // Executable, run without a shell. A bare name is looked up in PATH; a relative path is taken
    // from the referee's cwd, not from working_dir.
    std::string command;
    std::vector<std::string> args;
    std::string working_dir;                 // empty: a scratch folder of its own, removed after
    std::size_t max_line_bytes = 64 * 1024;  // longer stdout line (before its '\n') is a fault
    std::size_t memory_limit_bytes = 0;      // 0: limits.data_mb; else RLIMIT_DATA
    ResourceLimits limits;                   // setrlimit in the child; output volume here
    Sandbox sandbox = Sandbox::None;         // Bwrap or None (Auto is resolved by the caller)
    // Keep the machine's network under bwrap, and may make TCP sockets (the seccomp filter
    // refuses every other engine network sockets). An imcs-tcp client must reach the
    // referee's port on 127.0.0.1, which a network namespace of its own would not have.
    bool network = false;
    // With network: the one TCP port it may connect to (the referee's), where Landlock can
    // say so (ABI 4); 0: any port.
    int connect_port = 0;
    // Under bwrap: names the engine's /etc/hosts maps to addresses (name, address), ahead of
    // the machine's own entries; an imcs-tcp client with a server name built in finds the
    // referee this way. Refused without bwrap: nothing else can give one process its own
    // /etc/hosts.
    std::vector<std::pair<std::string, std::string>> host_names;
    // Under bwrap: absolute paths outside its scratch folder it may write (bound read-write),
    // for an engine that keeps a log or a book where its author put it.
    std::vector<std::string> writable;
    // When not empty: a folder the referee creates for what this process leaves (`keep`):
    // all it writes to stderr goes to <keep_dir>/stderr as it arrives (keep_stderr), and its
    // scratch folder's files are copied to <keep_dir>/files when it ends (keep_files).
    std::string keep_dir;
    bool keep_stderr = false, keep_files = false;
};

// Thrown by start(): names the command and the OS reason ("No such file or directory",
// "Exec format error", ...), including failures of execve() itself inside the child.
class StartError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct ExitInfo {
    int exit_code = -1;              // when the engine exited by itself, else -1
    int signal = 0;                  // the signal that ended it, else 0
    bool killed_by_referee = false;  // our SIGKILL (kill() or an expired shutdown grace) ended it
    bool ignored_quit = false;       // ... the one after shutdown()'s grace ran out
    std::string description;  // "exited with code 3", "killed by signal 11 (Segmentation fault)"
    std::string write_error;  // first failed write to its stdin (e.g. Broken pipe), else empty
    // "pid (comm)" of processes that had left its process group or session (setsid, double
    // fork) and were found and killed when it ended; an engine should never do that.
    std::vector<std::string> escaped;
    // "pid (comm)" of processes still in its group when it exited (helpers it forked): the
    // referee's kill of the group ended them. Harmless in a game; validate warns about it.
    std::vector<std::string> outlived;
};

// What the way an engine ended says against it, one sentence each: it ignored quit, processes
// it started left its process group, or outlived it. Empty for a clean exit.
std::vector<std::string> exit_problems(const ExitInfo& info);

class EngineProcess {
  public:
    using LineHandler = std::function<void(std::string_view line)>;
    using ExitHandler = std::function<void(const ExitInfo&)>;
    using FaultHandler = std::function<void(FaultKind, std::string message)>;

    static constexpr std::size_t kReadChunkBytes = 16 * 1024;
    static constexpr std::size_t kStderrTailBytes = 4 * 1024;

    // The io_context must outlive this object. Handlers run on that io_context and are never
    // called after this object is destroyed (destroying it from inside a handler is allowed).
    EngineProcess(boost::asio::io_context& io, ProcessSpec spec);
    ~EngineProcess();  // if still running: SIGKILL the group and reap synchronously
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Set before start(). The line handler gets each stdout line without "\n" / "\r\n".
    // The exit handler runs once, after the child was reaped and stdout/stderr reached EOF
    // (or were abandoned 500 ms after the reap because an escaped process still holds them).
    void set_line_handler(LineHandler handler);
    void set_exit_handler(ExitHandler handler);
    void set_fault_handler(FaultHandler handler);

    // Spawns the child in its own process group; throws StartError. Call at most once.
    // The first call makes the referee ignore SIGPIPE (a dead engine's pipe gives EPIPE instead);
    // children get the default action back.
    void start();

    // Queues line + '\n'; writes keep their order. on_written runs once the whole line is in the
    // pipe (start the engine's clock there), and never if the write fails. Returns false when
    // nothing can be written any more (not running, stdin closed, shutdown() called).
    bool write_line(std::string_view line, std::function<void()> on_written = {});
    // Between cork() and uncork() lines are only queued; uncork() writes them at once, in one
    // system call, straight from the caller (no round through the event loop), and runs the
    // on_written of each line that went out before it returns. What the pipe does not take
    // at once goes on asynchronously as usual. One request per ply (UCI's position and go,
    // IMCS's board and clock line) is written this way.
    void cork();
    void uncork();
    std::chrono::steady_clock::time_point last_write_done() const;

    // After the caller sent its protocol's quit: closes stdin once queued writes are out, waits
    // up to grace for the engine to exit, then SIGKILLs its process group.
    void shutdown(std::chrono::milliseconds grace);
    // SIGKILLs the process group now; the reap (and exit handler) follow on the io_context.
    // reason ends up in ExitInfo::description ("killed by the referee: <reason>").
    void kill(std::string_view reason = {});

    pid_t pid() const;                      // also the process group id; -1 before start()
    bool running() const;                   // started and not reaped yet
    std::string stderr_tail() const;        // last kStderrTailBytes bytes of stderr
    std::size_t peak_buffer_bytes() const;  // most stdout bytes ever buffered at once
    const std::optional<ExitInfo>& exit_info() const;  // set when the exit handler ran

    // Its last lines on stdout and stderr in the order written (RecentOutput::describe).
    std::string last_output() const;

  private:
    class Impl;
    std::shared_ptr<Impl> impl_;
};

// Every live engine process group is kept in a fixed-size, lock-free table so a signal handler
// can kill them. install_signal_cleanup() makes SIGINT, SIGTERM and SIGHUP SIGKILL every
// registered group and then die by the same signal with its default action. It replaces any
// handler installed before for those signals (an asio::signal_set on them would replace ours).
void install_signal_cleanup();
void kill_all_engines() noexcept;  // async-signal-safe; e.g. for std::atexit
std::size_t live_engine_groups() noexcept;

namespace test_hooks {
// Exit detection uses pidfd_open(2) and falls back to polling waitid() on kernels without it;
// this forces the fallback so tests can cover it.
void set_pidfd_enabled(bool enabled);
}  // namespace test_hooks

}  // namespace referee::engine
