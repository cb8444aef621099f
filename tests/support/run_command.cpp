#include "tests/support/run_command.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <stdexcept>

namespace referee::test {
namespace {

void close_fd(int& fd) {
    if (fd >= 0) ::close(fd);
    fd = -1;
}

}  // namespace

CommandResult run_command(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input, int timeout_seconds) {
    int in_pipe[2], out_pipe[2], err_pipe[2];
    if (::pipe(in_pipe) != 0 || ::pipe(out_pipe) != 0 || ::pipe(err_pipe) != 0)
        throw std::runtime_error("cannot create pipes for " + program);

    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(program.c_str()));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);

    const pid_t pid = ::fork();
    if (pid < 0) throw std::runtime_error("cannot fork to run " + program);
    if (pid == 0) {
        ::setpgid(0, 0);  // its own group, so a timeout kills everything it started
        ::dup2(in_pipe[0], 0);
        ::dup2(out_pipe[1], 1);
        ::dup2(err_pipe[1], 2);
        for (int fd : {in_pipe[0], in_pipe[1], out_pipe[0], out_pipe[1], err_pipe[0], err_pipe[1]})
            ::close(fd);
        ::execv(program.c_str(), argv.data());
        _exit(127);
    }
    ::setpgid(pid, pid);
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    ::close(err_pipe[1]);
    int to_child = in_pipe[1], from_out = out_pipe[0], from_err = err_pipe[0];
    ::signal(SIGPIPE, SIG_IGN);  // the child may exit without reading its input

    CommandResult result;
    std::size_t written = 0;
    if (input.empty()) close_fd(to_child);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
    while (from_out >= 0 || from_err >= 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            result.timed_out = true;
            ::kill(-pid, SIGKILL);
            break;
        }
        pollfd fds[3];
        int n = 0;
        if (from_out >= 0) fds[n++] = {from_out, POLLIN, 0};
        if (from_err >= 0) fds[n++] = {from_err, POLLIN, 0};
        if (to_child >= 0) fds[n++] = {to_child, POLLOUT, 0};
        if (::poll(fds, n, static_cast<int>(left.count())) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < n; ++i) {
            if (!fds[i].revents) continue;
            if (fds[i].fd == to_child) {
                const ssize_t w = ::write(to_child, input.data() + written, input.size() - written);
                if (w > 0) written += static_cast<std::size_t>(w);
                if (w < 0 || written == input.size()) close_fd(to_child);
                continue;
            }
            char buffer[4096];
            const ssize_t r = ::read(fds[i].fd, buffer, sizeof buffer);
            if (r > 0) {
                (fds[i].fd == from_out ? result.out : result.err)
                    .append(buffer, static_cast<std::size_t>(r));
            } else {
                if (fds[i].fd == from_out)
                    close_fd(from_out);
                else
                    close_fd(from_err);
            }
        }
    }
    close_fd(to_child);
    close_fd(from_out);
    close_fd(from_err);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return result;
}

CommandResult run_referee(const std::vector<std::string>& args, const std::string& input) {
    return run_command(std::string(REFEREE_BIN_DIR) + "/referee", args, input);
}

CommandResult run_shell(const std::string& command, int timeout_seconds) {
    return run_command("/bin/sh", {"-c", command}, "", timeout_seconds);
}

CommandResult run_referee_shell(const std::string& args) {
    return run_shell(std::string(REFEREE_BIN_DIR) + "/referee " + args);
}

}  // namespace referee::test
