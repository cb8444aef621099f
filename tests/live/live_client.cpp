#include "live_client.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace live_test {
namespace {

int connect_to(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

bool send_all(int fd, const std::string& text) {
    std::size_t at = 0;
    while (at < text.size()) {
        const auto n = ::send(fd, text.data() + at, text.size() - at, MSG_NOSIGNAL);
        if (n <= 0) return false;
        at += static_cast<std::size_t>(n);
    }
    return true;
}

// Appends what arrives within `wait`; false at the end of the stream (or an error).
bool read_some(int fd, std::string& into, std::chrono::milliseconds wait) {
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(wait.count())) <= 0) return true;
    char buf[65536];
    const auto n = ::read(fd, buf, sizeof buf);
    if (n <= 0) return false;
    into.append(buf, static_cast<std::size_t>(n));
    return true;
}

}  // namespace

HttpAnswer http(int port, const std::string& request, std::chrono::milliseconds limit) {
    HttpAnswer a;
    const int fd = connect_to(port);
    if (fd < 0) return a;
    const std::string text =
        request.rfind('/', 0) == 0
            ? "GET " + request + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
            : request;
    std::string got;
    if (send_all(fd, text)) {
        const auto end = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < end &&
               read_some(fd, got, std::chrono::milliseconds(100))) {
        }
    }
    ::close(fd);
    const auto split = got.find("\r\n\r\n");
    if (got.rfind("HTTP/1.1 ", 0) != 0 || split == std::string::npos) return a;
    a.status = std::atoi(got.c_str() + 9);
    a.head = got.substr(0, split);
    a.body = got.substr(split + 4);
    return a;
}

SseStream::SseStream(int port) : fd_(connect_to(port)) {
    if (fd_ < 0) throw std::runtime_error("cannot connect to the live page");
    send_all(fd_, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n");
}

SseStream::~SseStream() {
    if (fd_ >= 0) ::close(fd_);
}

bool SseStream::read_until(const std::function<bool(const SseEvent&)>& done,
                           std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    std::size_t checked = 0;
    while (true) {
        if (head_.empty()) {
            if (const auto split = buffer_.find("\r\n\r\n"); split != std::string::npos) {
                head_ = buffer_.substr(0, split);
                buffer_.erase(0, split + 4);
            }
        }
        if (!head_.empty())
            for (std::size_t at; (at = buffer_.find("\n\n")) != std::string::npos;) {
                const std::string block = buffer_.substr(0, at);
                buffer_.erase(0, at + 2);
                SseEvent e;
                std::size_t pos = 0;
                bool any = false;
                while (pos < block.size()) {
                    const auto nl = block.find('\n', pos);
                    const std::string line =
                        block.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
                    pos = nl == std::string::npos ? block.size() : nl + 1;
                    if (line.rfind("id: ", 0) == 0) e.id = std::stol(line.substr(4));
                    if (line.rfind("event: ", 0) == 0) e.event = line.substr(7), any = true;
                    if (line.rfind("data: ", 0) == 0)
                        e.data = nlohmann::json::parse(line.substr(6));
                }
                if (any) events_.push_back(std::move(e));
            }
        for (; checked < events_.size(); ++checked)
            if (done(events_[checked])) return true;
        if (ended_ || std::chrono::steady_clock::now() > end) return false;
        if (!read_some(fd_, buffer_, std::chrono::milliseconds(100))) ended_ = true;
    }
}

std::string three_engine_config(const std::filesystem::path& out, const std::string& time_control,
                                int max_plies) {
    return "name: live-test\nvariant: minitchess\nformat: round-robin\ngames_per_pairing: 1\n"
           "time_control: \"" +
           time_control +
           "\"\nconcurrency: 2\nadjudication: {max_plies: " + std::to_string(max_plies) +
           "}\nseed: 5\noutput: " + out.string() +
           "\nengines:\n"
           "  - {name: alpha, cmd: alphabeta}\n"
           "  - {name: beta, cmd: alphabeta, args: [--hash, \"2\"]}\n"
           "  - {name: gamma, cmd: alphabeta, args: [--hash, \"4\"]}\n";
}

int free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) != 0) {
        ::close(fd);
        throw std::runtime_error("no free port");
    }
    ::close(fd);
    return ntohs(a.sin_port);
}

}  // namespace live_test
