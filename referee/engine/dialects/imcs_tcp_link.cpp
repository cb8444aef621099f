// Lifetime as in process.cpp: every pending asio handler holds the shared Impl, and the
// `detached` flag keeps a handler that completes after close() from calling user code.
#include "referee/engine/dialects/imcs_tcp_link.hpp"

#include <deque>
#include <utility>

#include <fmt/format.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include "referee/engine/process/line_buffer.hpp"

namespace referee::engine {

namespace asio = boost::asio;
using asio::ip::tcp;

class TcpLink::Impl : public std::enable_shared_from_this<Impl> {
  public:
    Impl(asio::io_context& io, std::size_t max_line)
        : acceptor(io), socket(io), lines(max_line, 16 * 1024), max_line(max_line) {}

    tcp::acceptor acceptor;
    tcp::socket socket;
    LineBuffer lines;
    std::size_t max_line;
    Handlers handlers;
    bool detached = false;  // close() or hang_up(): report nothing more
    bool is_connected = false;
    bool closing = false;  // hang_up() asked; close once the queue is empty
    bool writing = false;
    std::deque<std::pair<std::string, std::function<void()>>> queue;
    int port = 0;

    void accept() {
        acceptor.async_accept(socket, [self = shared_from_this()](
                                          const boost::system::error_code& ec) {
            if (self->detached) return;
            if (ec)
                return self->fail(fmt::format("could not accept its connection: {}", ec.message()));
            boost::system::error_code ignored;
            self->acceptor.close(ignored);  // one client per game: later ones are refused
            self->socket.set_option(tcp::no_delay(true), ignored);
            self->is_connected = true;
            if (self->handlers.connected) self->handlers.connected();
            if (!self->detached) self->read();
        });
    }

    void read() {
        auto room = lines.prepare();
        socket.async_read_some(
            asio::buffer(room.data(), room.size()),
            [self = shared_from_this()](const boost::system::error_code& ec, std::size_t n) {
                if (self->detached) return;
                if (ec) {
                    // A client that exits with our last lines unread gets a reset instead of
                    // an orderly close: to the user both are the client closing the connection.
                    const bool closed =
                        ec == asio::error::eof || ec == asio::error::connection_reset;
                    self->fail(closed ? std::string("closed the connection")
                                      : "lost the connection: " + ec.message());
                    return;
                }
                auto result = self->lines.commit(n, [&](std::string_view line) {
                    if (self->handlers.line) self->handlers.line(line);
                    return !self->detached;
                });
                if (result == LineBuffer::Result::LineTooLong) {
                    auto handler = self->handlers.too_long;
                    self->stop();
                    if (handler) handler(fmt::format("line over {} bytes", self->max_line));
                    return;
                }
                if (result == LineBuffer::Result::Ok && !self->detached) self->read();
            });
    }

    void write_next() {
        if (writing) return;
        if (queue.empty()) {
            if (closing) stop();
            return;
        }
        writing = true;
        asio::async_write(
            socket, asio::buffer(queue.front().first),
            [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
                self->writing = false;
                if (self->queue.empty()) return;
                auto done = std::move(self->queue.front().second);
                self->queue.pop_front();
                if (ec) {
                    self->queue.clear();
                    if (self->closing) return self->stop();
                    // The read side reports the lost connection.
                    return;
                }
                if (done && !self->detached) done();
                self->write_next();
            });
    }

    // The connection ended without the referee asking: report once, then stop.
    void fail(std::string why) {
        auto handler = handlers.closed;
        stop();
        if (handler) handler(std::move(why));
    }

    void stop() {
        detached = true;
        is_connected = false;
        handlers = {};
        queue.clear();
        boost::system::error_code ignored;
        acceptor.close(ignored);
        socket.shutdown(tcp::socket::shutdown_both, ignored);
        socket.close(ignored);
    }
};

TcpLink::TcpLink(asio::io_context& io, std::size_t max_line_bytes)
    : impl_(std::make_shared<Impl>(io, max_line_bytes)) {}

TcpLink::~TcpLink() {
    impl_->stop();
}

void TcpLink::set_handlers(Handlers handlers) {
    impl_->handlers = std::move(handlers);
}

int TcpLink::listen(const std::string& host, int port) {
    boost::system::error_code ec;
    const auto address = asio::ip::make_address(host, ec);
    if (ec) throw std::runtime_error(fmt::format("'{}' is not an IP address to listen on", host));
    const tcp::endpoint endpoint(address, static_cast<unsigned short>(port));
    auto& a = impl_->acceptor;
    // A fixed port is reused game after game: connections of the last game in TIME_WAIT must
    // not keep the next listener out (a listener that is still open still does).
    if (a.open(endpoint.protocol(), ec) ||
        (port != 0 && a.set_option(tcp::acceptor::reuse_address(true), ec)) ||
        a.bind(endpoint, ec) || a.listen(4, ec)) {
        boost::system::error_code ignored;
        a.close(ignored);  // so the caller may try another address
        throw std::runtime_error(
            fmt::format("cannot listen on {}:{}: {}", host, port, ec.message()));
    }
    impl_->port = a.local_endpoint(ec).port();
    impl_->accept();
    return impl_->port;
}

bool TcpLink::write_line(std::string_view line, std::function<void()> on_written) {
    if (impl_->detached || impl_->closing || !impl_->is_connected) return false;
    std::string bytes(line);
    bytes += '\n';
    impl_->queue.emplace_back(std::move(bytes), std::move(on_written));
    impl_->write_next();
    return true;
}

void TcpLink::hang_up() {
    if (impl_->detached) return;
    impl_->closing = true;
    impl_->handlers.closed = nullptr;
    impl_->handlers.line = nullptr;
    impl_->write_next();
}

void TcpLink::close() {
    impl_->stop();
}

bool TcpLink::connected() const {
    return impl_->is_connected && !impl_->detached;
}

int TcpLink::port() const {
    return impl_->port;
}

}  // namespace referee::engine
