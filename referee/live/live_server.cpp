#include "referee/live/live_server.hpp"

#include <array>
#include <deque>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

#include "referee/live/page.hpp"
#include "referee/live/request.hpp"

namespace referee::live {

namespace http = boost::beast::http;
using boost::asio::ip::tcp;
using Clock = std::chrono::steady_clock;

std::pair<std::string, unsigned short> parse_live_address(std::string_view text,
                                                          std::string_view option) {
    std::string host = "127.0.0.1";
    std::string_view port = text;
    if (const auto colon = text.rfind(':'); colon != std::string_view::npos) {
        host = std::string(text.substr(0, colon));
        port = text.substr(colon + 1);
        if (host.size() >= 2 && host.front() == '[' && host.back() == ']')
            host = host.substr(1, host.size() - 2);
        if (host.empty()) host = "127.0.0.1";
    }
    long value = -1;
    if (!port.empty() && port.size() <= 5 &&
        port.find_first_not_of("0123456789") == std::string_view::npos)
        value = std::stol(std::string(port));
    if (value < 0 || value > 65535)
        throw std::invalid_argument(fmt::format(
            "{} {}: expected [HOST:]PORT with a port from 0 to 65535 (0: any free port)", option,
            text));
    boost::system::error_code ec;
    boost::asio::ip::make_address(host, ec);
    if (ec)
        throw std::invalid_argument(fmt::format(
            "{} {}: '{}' is not an IP address (name the address to listen on, e.g. 0.0.0.0)",
            option, text, host));
    return {host, static_cast<unsigned short>(value)};
}

namespace {

// The headers every answer carries: nothing cached, nothing sniffed, and a page that may run
// its own inline script and talk to this server only.
template <class Message>
void common_headers(Message& m, const char* type) {
    m.set(http::field::server, "minichess-referee");
    m.set(http::field::content_type, type);
    m.set(http::field::cache_control, "no-store");
    m.set("X-Content-Type-Options", "nosniff");
    m.set("Content-Security-Policy",
          "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
          "connect-src 'self'; img-src data:");
}

std::string response(http::status status, const char* type, std::string body) {
    http::response<http::string_body> r{status, 11};
    common_headers(r, type);
    if (status == http::status::method_not_allowed) r.set(http::field::allow, "GET");
    r.set(http::field::connection, "close");
    r.body() = std::move(body);
    r.prepare_payload();
    std::ostringstream out;
    out << r;
    return out.str();
}

std::string event_text(std::uint64_t id, std::string_view event, std::string_view data) {
    return fmt::format("id: {}\nevent: {}\ndata: {}\n\n", id, event, data);
}

}  // namespace

// One connection: its request head, then one answer (and the connection closed), or for
// /events the stream, fed from shared batches one write at a time.
class Viewer : public std::enable_shared_from_this<Viewer> {
  public:
    Viewer(tcp::socket socket, LiveServer& server)
        : socket_(std::move(socket)), server_(server), timer_(socket_.get_executor()) {}

    void start() {
        timer_.expires_after(kRequestTimeout);
        timer_.async_wait([weak = weak_from_this()](const boost::system::error_code& ec) {
            if (auto self = weak.lock(); self && !ec && !self->answered_) self->close();
        });
        read();
    }

    // Queues a batch; false when the viewer is too far behind (it is closed).
    bool send(std::shared_ptr<const std::string> batch) {
        if (closed_) return false;
        if (queued_bytes_ + batch->size() > server_.limits().max_queued_bytes) return false;
        queued_bytes_ += batch->size();
        queue_.push_back(std::move(batch));
        write();
        return true;
    }
    bool stalled(Clock::time_point now) const {
        return writing_ && now - write_started_ > server_.limits().stalled_after;
    }
    bool idle() const { return !writing_ && queue_.empty(); }
    // Closes once what is queued is written.
    void finish() {
        finishing_ = true;
        if (idle()) close();
    }
    void close() {
        if (closed_) return;
        closed_ = true;
        boost::system::error_code ec;
        timer_.cancel();
        socket_.shutdown(tcp::socket::shutdown_both, ec);
        socket_.close(ec);
        server_.forget(shared_from_this());
    }

  private:
    void read() {
        socket_.async_read_some(
            boost::asio::buffer(buffer_),
            [self = shared_from_this()](const boost::system::error_code& ec, std::size_t n) {
                if (self->closed_) return;
                if (ec) return self->close();
                if (self->answered_) return self->read();  // a stream's viewer says nothing
                const auto status = self->reader_.feed(std::string_view(self->buffer_.data(), n));
                if (status == RequestReader::Status::Incomplete) return self->read();
                self->answer();
                self->read();  // to notice when the viewer goes away
            });
    }

    void answer() {
        answered_ = true;
        timer_.cancel();
        if (reader_.status() == RequestReader::Status::Bad)
            return reply(
                response(http::status::bad_request, "text/plain; charset=utf-8", "bad request\n"));
        if (server_.loopback() && !is_loopback_host(reader_.host()))
            return reply(response(http::status::forbidden, "text/plain; charset=utf-8",
                                  "this page answers requests for this machine only\n"));
        if (!reader_.is_get())
            return reply(response(http::status::method_not_allowed, "text/plain; charset=utf-8",
                                  "only GET is served here\n"));
        const Route r = route(reader_.target());
        switch (r.kind) {
            case Route::Kind::Page:
                return reply(
                    response(http::status::ok, "text/html; charset=utf-8", server_.page()));
            case Route::Kind::State: {
                Json s = server_.state().snapshot();
                return reply(response(http::status::ok, "application/json",
                                      s.dump(-1, ' ', false, Json::error_handler_t::replace)));
            }
            case Route::Kind::Game:
                if (auto g = server_.state().game(r.game))
                    return reply(response(http::status::ok, "application/json", *g));
                return reply(response(http::status::not_found, "text/plain; charset=utf-8",
                                      "that game is not kept here (see the report)\n"));
            case Route::Kind::Events: {
                http::response<http::empty_body> h{http::status::ok, 11};
                common_headers(h, "text/event-stream");
                std::ostringstream out;
                out << h.base();
                send(std::make_shared<const std::string>(out.str()));
                return server_.start_streaming(shared_from_this());
            }
            case Route::Kind::NotFound:
                break;
        }
        reply(response(http::status::not_found, "text/plain; charset=utf-8", "not found\n"));
    }

    void reply(std::string text) {
        send(std::make_shared<const std::string>(std::move(text)));
        finish();
    }

    void write() {
        if (writing_ || queue_.empty() || closed_) return;
        writing_ = true;
        write_started_ = Clock::now();
        boost::asio::async_write(
            socket_, boost::asio::buffer(*queue_.front()),
            [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
                self->writing_ = false;
                if (self->closed_) return;
                if (ec) return self->close();
                self->queued_bytes_ -= self->queue_.front()->size();
                self->queue_.pop_front();
                if (self->finishing_ && self->queue_.empty()) return self->close();
                self->write();
            });
    }

    tcp::socket socket_;
    LiveServer& server_;
    boost::asio::steady_timer timer_;
    std::array<char, 2048> buffer_{};
    RequestReader reader_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t queued_bytes_ = 0;
    Clock::time_point write_started_{};
    bool answered_ = false, writing_ = false, finishing_ = false, closed_ = false;
};

LiveServer::LiveServer(boost::asio::io_context& io, const std::string& host, unsigned short port,
                       LiveState& state, ViewerLimits limits)
    : state_(state),
      limits_(limits),
      page_(live_page()),
      acceptor_(io),
      host_(host),
      flush_timer_(io),
      heartbeat_timer_(io),
      close_timer_(io) {
    const tcp::endpoint endpoint(boost::asio::ip::make_address(host), port);
    try {
        acceptor_.open(endpoint.protocol());
        acceptor_.set_option(tcp::acceptor::reuse_address(true));
        acceptor_.bind(endpoint);
        acceptor_.listen();
    } catch (const boost::system::system_error& e) {
        throw std::runtime_error(fmt::format("the live page cannot listen on {}:{}: {}", host, port,
                                             e.code().message()));
    }
    port_ = acceptor_.local_endpoint().port();
    loopback_ = acceptor_.local_endpoint().address().is_loopback();
    state_.set_sink(
        [this](std::string_view event, const std::string& data) { on_event(event, data); },
        [this] { return !streaming_.empty(); }, [this] { arm_flush(); });
    accept();
    heartbeat();
}

LiveServer::~LiveServer() {
    state_.set_sink({}, {}, {});
    auto all = connections_;
    for (auto& v : all) v->close();
}

std::string LiveServer::url() const {
    const bool v6 = host_.find(':') != std::string::npos;
    return fmt::format("http://{}{}{}:{}/", v6 ? "[" : "", host_, v6 ? "]" : "", port_);
}

void LiveServer::accept() {
    acceptor_.async_accept([this](const boost::system::error_code& ec, tcp::socket socket) {
        if (closing_ || ec == boost::asio::error::operation_aborted) return;
        if (!ec) {
            if (connections_.size() >= limits_.max_connections) {
                boost::system::error_code ignored;
                socket.close(ignored);
            } else {
                auto v = std::make_shared<Viewer>(std::move(socket), *this);
                connections_.insert(v);
                v->start();
            }
        }
        accept();
    });
}

void LiveServer::forget(const std::shared_ptr<Viewer>& v) {
    connections_.erase(v);
    streaming_.erase(v);
    if (closing_ && connections_.empty()) close_timer_.cancel();
}

void LiveServer::start_streaming(const std::shared_ptr<Viewer>& v) {
    // What is pending is numbered now, so the snapshot covers it and the viewer skips it.
    state_.before_flush();
    Json s = state_.snapshot();
    s["seq"] = seq_;
    v->send(std::make_shared<const std::string>(
        event_text(seq_, "snapshot", s.dump(-1, ' ', false, Json::error_handler_t::replace))));
    if (closing_) return v->finish();
    streaming_.insert(v);
}

void LiveServer::on_event(std::string_view event, const std::string& data) {
    batch_ += event_text(++seq_, event, data);
    arm_flush();
}

void LiveServer::arm_flush() {
    if (flush_armed_ || closing_) return;
    flush_armed_ = true;
    flush_timer_.expires_after(limits_.flush_every);
    flush_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        flush_armed_ = false;
        flush();
    });
}

void LiveServer::flush() {
    state_.before_flush();
    if (batch_.empty()) return;
    auto batch = std::make_shared<const std::string>(std::move(batch_));
    batch_.clear();
    const auto now = Clock::now();
    auto viewers = streaming_;
    for (auto& v : viewers)
        if (v->stalled(now) || !v->send(batch)) {
            ++dropped_;
            v->close();
        }
}

// A comment line now and then: a viewer that went away without a word is found out by the
// failing write, and proxies do not time the stream out.
void LiveServer::heartbeat() {
    heartbeat_timer_.expires_after(kHeartbeatEvery);
    heartbeat_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || closing_) return;
        if (!streaming_.empty() && batch_.empty()) batch_ = ": still here\n\n";
        flush();
        heartbeat();
    });
}

void LiveServer::close(std::chrono::milliseconds grace) {
    if (closing_) return;
    closing_ = true;
    flush_timer_.cancel();
    heartbeat_timer_.cancel();
    flush_armed_ = false;
    flush();
    boost::system::error_code ec;
    acceptor_.close(ec);
    auto all = connections_;
    for (auto& v : all) v->finish();
    if (connections_.empty()) return;
    close_timer_.expires_after(grace);
    close_timer_.async_wait([this](const boost::system::error_code& ec2) {
        if (ec2) return;
        auto rest = connections_;
        for (auto& v : rest) v->close();
    });
}

}  // namespace referee::live
