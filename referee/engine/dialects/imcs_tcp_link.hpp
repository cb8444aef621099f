// The socket side of an imcs-tcp engine: a private listening port on loopback for the one
// client the referee started, then that client's connection, line by line. Lines are capped
// like an engine's stdout; writes keep their order and report when they are out. Nothing here
// blocks, and no handler runs after the link is destroyed.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace boost::asio {
class io_context;
}

namespace referee::engine {

class TcpLink {
  public:
    struct Handlers {
        std::function<void()> connected;                    // the client's connection arrived
        std::function<void(std::string_view line)> line;    // without "\n" / "\r\n"
        std::function<void(std::string message)> too_long;  // a line over the cap; reading stops
        std::function<void(std::string why)> closed;        // by the client, or an error
    };

    TcpLink(boost::asio::io_context& io, std::size_t max_line_bytes = 64 * 1024);
    ~TcpLink();  // closes everything; no handler runs afterwards
    TcpLink(const TcpLink&) = delete;
    TcpLink& operator=(const TcpLink&) = delete;

    void set_handlers(Handlers handlers);
    // Binds host (loopback) on `port` (0: an ephemeral one) and waits for one connection;
    // returns the port. Throws std::runtime_error with the OS reason, the link left closed so
    // it may listen again. Later connections are refused.
    int listen(const std::string& host, int port = 0);
    // Queues line + "\n" (a dialect ends a line with "\r" for CR LF). on_written runs once it
    // is all sent. False when nothing can be sent any more.
    bool write_line(std::string_view line, std::function<void()> on_written = {});
    // Closes the connection once the queued lines are out; `closed` is not reported for it.
    void hang_up();
    // Closes the port and the connection now, without reporting `closed`.
    void close();

    bool connected() const;  // a client is connected and the link was not closed
    int port() const;

  private:
    class Impl;
    std::shared_ptr<Impl> impl_;
};

}  // namespace referee::engine
