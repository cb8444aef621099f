#include "server_harness.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace server_test {

namespace fs = std::filesystem;

fs::path fresh_dir(const std::string& name) {
    const fs::path p = fs::temp_directory_path() /
                       ("referee-server-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(p);
    fs::create_directories(p);
    return p;
}

std::string read_file(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

ServeProcess::ServeProcess(const fs::path& data, std::vector<std::string> extra) {
    int out[2];
    if (::pipe(out) != 0) throw std::runtime_error("pipe failed");
    std::vector<std::string> args = {
        REFEREE_BIN_DIR "/referee", "serve", "--port", "0", "--data", data.string()};
    args.insert(args.end(), extra.begin(), extra.end());
    pid_ = ::fork();
    if (pid_ == 0) {
        ::dup2(out[1], 1);
        ::close(out[0]);
        ::close(out[1]);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        ::_exit(127);
    }
    ::close(out[1]);
    // The first line names the port: "imcs server on 127.0.0.1:PORT, ...".
    std::string line;
    char c;
    pollfd p{out[0], POLLIN, 0};
    while (line.find('\n') == std::string::npos && ::poll(&p, 1, 20000) > 0 &&
           ::read(out[0], &c, 1) == 1)
        line += c;
    ::close(out[0]);
    const auto colon = line.find("127.0.0.1:");
    if (colon == std::string::npos) {
        stop();
        throw std::runtime_error("referee serve did not start: '" + line + "'");
    }
    port_ = std::atoi(line.c_str() + colon + 10);
}

ServeProcess::~ServeProcess() {
    stop();
}

bool ServeProcess::running() {
    if (pid_ <= 0) return false;
    int status;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        return false;
    }
    return true;
}

void ServeProcess::stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    for (int i = 0; i < 300; ++i) {
        int status;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

Client::Client(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd_);
        fd_ = -1;
        throw std::runtime_error(std::string("connect failed: ") + std::strerror(errno));
    }
}

Client::~Client() {
    close();
}

void Client::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

bool Client::send(const std::string& bytes) {
    std::size_t done = 0;
    while (fd_ >= 0 && done < bytes.size()) {
        const ssize_t n = ::send(fd_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return fd_ >= 0;
}

bool Client::poll(std::chrono::milliseconds wait) {
    if (fd_ < 0 || eof_) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(wait.count())) <= 0) return false;
    char buf[65536];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) {
        eof_ = true;
        return true;
    }
    received_.append(buf, static_cast<std::size_t>(n));
    return true;
}

bool Client::wait_for(const std::function<bool(const std::string&)>& done,
                      std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done(received_)) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            end - std::chrono::steady_clock::now());
        if (left.count() <= 0 || eof_ || fd_ < 0) return done(received_);
        poll(std::min(left, std::chrono::milliseconds(50)));
    }
    return true;
}

bool Client::wait_for_text(const std::string& text, std::chrono::milliseconds limit) {
    return wait_for([&](const std::string& r) { return r.find(text, taken_) != std::string::npos; },
                    limit);
}

bool Client::wait_for_eof(std::chrono::milliseconds limit) {
    wait_for([this](const std::string&) { return eof_; }, limit);
    return eof_;
}

std::string Client::take() {
    std::string out = received_.substr(taken_);
    taken_ = received_.size();
    return out;
}

}  // namespace server_test
