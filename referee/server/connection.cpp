#include "referee/server/connection.hpp"

#include <fmt/format.h>

#include "referee/server/served_game.hpp"
#include "referee/server/server.hpp"

namespace referee::server {

namespace {
constexpr std::size_t max_waiting_lines = 256;      // more unread lines than this is a flood
constexpr std::size_t max_queued_output = 1 << 20;  // a client that does not read is dropped
}  // namespace

Connection::Connection(boost::asio::ip::tcp::socket socket, Server& server)
    : socket_(std::move(socket)),
      server_(server),
      idle_(socket_.get_executor()),
      lines_(server.options().max_line, max_waiting_lines) {
    boost::system::error_code ec;
    const auto remote = socket_.remote_endpoint(ec);
    peer_ =
        ec ? std::string("?") : fmt::format("{}:{}", remote.address().to_string(), remote.port());
    socket_number_ = static_cast<int>(socket_.native_handle());
}

void Connection::start() {
    send("100 imcs 2.5\r\n");
    arm_idle();
    read();
}

void Connection::arm_idle() {
    idle_.expires_after(server_.options().idle);
    idle_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
        auto self = weak.lock();
        if (ec || !self || self->closed_) return;
        // Only a client with nothing under way is idle: an offer waits, a game has clocks.
        if (self->state == State::Lobby) return self->drop();
        self->arm_idle();
    });
}

void Connection::read() {
    if (closed_) return;
    socket_.async_read_some(
        boost::asio::buffer(chunk_),
        [self = shared_from_this()](const boost::system::error_code& ec, std::size_t n) {
            if (self->closed_) return;
            if (ec) return self->finish_reading();
            self->on_bytes(n);
        });
}

void Connection::on_bytes(std::size_t n) {
    // A line too long or that never ends, or lines sent faster than they can be handled, end
    // the connection.
    if (!lines_.add(std::string_view(chunk_.data(), n))) return drop();
    arm_idle();
    pump();
    read();
}

void Connection::finish_reading() {
    eof_ = true;
    pump();
}

void Connection::pump() {
    auto self = shared_from_this();
    while (!closed_ && !lines_.empty()) {
        if (state == State::Lobby) {
            const std::string line = lines_.take();
            server_.lobby_line(self, line);
            continue;
        }
        if (state == State::Playing) {
            auto g = game.lock();
            if (g && g->is_to_move(*this)) {
                const std::string line = lines_.take();
                g->on_line(self, line);
                continue;
            }
        }
        break;
    }
    // The client is gone and nothing it sent can still be handled: it disconnected.
    if (eof_ && !closed_ && (lines_.empty() || state == State::Offering)) drop();
}

void Connection::send(std::string bytes) {
    if (closed_ || close_when_flushed_) return;
    queued_bytes_ += bytes.size();
    if (queued_bytes_ > max_queued_output) return drop();
    out_.push_back(std::move(bytes));
    if (!writing_) write();
}

void Connection::write() {
    if (out_.empty()) {
        writing_ = false;
        if (close_when_flushed_) drop();
        return;
    }
    writing_ = true;
    boost::asio::async_write(
        socket_, boost::asio::buffer(out_.front()),
        [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
            if (self->closed_) return;
            self->queued_bytes_ -= self->out_.front().size();
            self->out_.pop_front();
            if (ec) return self->drop();
            self->write();
        });
}

void Connection::close_after_flush() {
    if (closed_) return;
    state = State::Closing;
    close_when_flushed_ = true;
    if (!writing_) drop();
}

void Connection::drop() {
    if (closed_) return;
    closed_ = true;
    idle_.cancel();
    boost::system::error_code ec;
    socket_.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    socket_.close(ec);
    if (!reported_) {
        reported_ = true;
        server_.connection_closed(shared_from_this());
    }
}

}  // namespace referee::server
