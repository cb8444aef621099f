#include "engines_child.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace engines_test {

using Clock = std::chrono::steady_clock;

std::string bin(const std::string& name) {
    return std::string(REFEREE_BIN_DIR) + "/" + name;
}

bool is_imcs_answer(const std::string& line) {
    auto file = [](char c) { return c >= 'a' && c <= 'e'; };
    auto rank = [](char c) { return c >= '1' && c <= '6'; };
    return line.size() == 7 && line[0] == '!' && line[1] == ' ' && file(line[2]) && rank(line[3]) &&
           line[4] == '-' && file(line[5]) && rank(line[6]);
}

Child::Child(const std::string& program, std::vector<std::string> args) {
    ::signal(SIGPIPE, SIG_IGN);  // a dead engine's stdin must fail a write, not the test
    int to_child[2], from_child[2];
    if (::pipe2(to_child, O_CLOEXEC) != 0 || ::pipe2(from_child, O_CLOEXEC) != 0)
        throw std::runtime_error(std::string("pipe2 failed: ") + std::strerror(errno));
    std::vector<std::string> argv_storage{program};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork failed: ") + std::strerror(errno));
    if (pid_ == 0) {
        ::setpgid(0, 0);
        ::dup2(to_child[0], 0);
        ::dup2(from_child[1], 1);
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0) ::dup2(null, 2);
        ::execv(program.c_str(), argv.data());
        ::_exit(127);
    }
    ::setpgid(pid_, pid_);  // also here, so the group exists before we might kill it
    ::close(to_child[0]);
    ::close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
}

Child::~Child() {
    kill_group();
    if (!status_) {
        int status = 0;
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
    }
    if (in_ >= 0) ::close(in_);
    if (out_ >= 0) ::close(out_);
}

void Child::kill_group() {
    if (pid_ > 0) ::kill(-pid_, SIGKILL);
}

void Child::signal(int sig) {
    ::kill(pid_, sig);
}

void Child::send(std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(in_, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return;  // the engine is gone; the test sees it in what it reads
        }
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

void Child::close_input() {
    if (in_ >= 0) ::close(in_);
    in_ = -1;
}

bool Child::fill(Ms timeout) {
    if (eof_) return false;
    pollfd p{out_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(timeout.count()));
    if (ready <= 0) return false;
    char chunk[65536];
    const ssize_t n = ::read(out_, chunk, sizeof chunk);
    if (n <= 0) {
        if (n < 0 && errno == EINTR) return true;
        eof_ = true;
        return false;
    }
    buffer_.append(chunk, static_cast<std::size_t>(n));
    return true;
}

std::optional<std::string> Child::read_line(Ms timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        const auto nl = buffer_.find('\n');
        if (nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        const auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now());
        if (left <= Ms(0) || eof_) return std::nullopt;
        fill(left);
    }
}

std::optional<std::string> Child::read_until(const std::function<bool(const std::string&)>& match,
                                             Ms timeout, std::vector<std::string>* seen) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        const auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now());
        auto line = read_line(std::max(left, Ms(0)));
        if (!line) return std::nullopt;
        if (seen) seen->push_back(*line);
        if (match(*line)) return line;
    }
}

std::optional<std::string> Child::read_prefixed(std::string_view prefix, Ms timeout,
                                                std::vector<std::string>* seen) {
    return read_until([prefix](const std::string& l) { return l.rfind(prefix, 0) == 0; }, timeout,
                      seen);
}

std::size_t Child::drain(Ms duration, std::string* kept, std::size_t enough) {
    std::size_t total = buffer_.size();
    if (kept) *kept += buffer_;
    buffer_.clear();
    const auto deadline = Clock::now() + duration;
    while (!eof_ && total < enough) {
        const auto left = std::chrono::duration_cast<Ms>(deadline - Clock::now());
        if (left <= Ms(0)) break;
        if (!fill(left)) continue;
        total += buffer_.size();
        if (kept && kept->size() < (1u << 20)) *kept += buffer_;
        buffer_.clear();
    }
    return total;
}

std::optional<int> Child::wait_exit(Ms timeout) {
    if (status_) return status_;
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            status_ = status;
            return status_;
        }
        if (Clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(5ms);
    }
}

bool Child::running() {
    if (status_) return false;
    siginfo_t info{};
    // WNOWAIT: look without reaping, so wait_exit() still gets the status.
    if (::waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) != 0)
        return false;
    return info.si_pid == 0;
}

}  // namespace engines_test
