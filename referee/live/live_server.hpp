// The live page's HTTP server, on the referee's own event loop: `/` the page, `/state.json`
// the state now, `/events` Server-Sent Events, `/games/N.json` a finished game; GET only,
// nothing else served. Events are gathered and sent to every viewer at most every
// ViewerLimits::flush_every (0.1 s), one write per viewer, so a hundred viewers cost the referee a
// hundred writes a tenth of a second rather than a hundred a ply; a viewer that falls too far
// behind, or whose write has been stuck too long (ViewerLimits), is dropped.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "referee/live/live_state.hpp"

namespace referee::live {

inline constexpr std::chrono::seconds kHeartbeatEvery{15};
inline constexpr std::chrono::seconds kRequestTimeout{10};

// How far a viewer may fall behind before it is dropped, and how many may connect.
struct ViewerLimits {
    std::size_t max_queued_bytes = 4 * 1024 * 1024;   // sent to it, not yet written
    std::chrono::milliseconds stalled_after{10'000};  // one write pending this long
    std::size_t max_connections = 1000;
    std::chrono::milliseconds flush_every{100};  // events gathered this long, then sent
};

// "[HOST:]PORT" (an IPv6 host in brackets): loopback when no host is named. Throws
// std::invalid_argument with a sentence naming `option` and what was wrong.
std::pair<std::string, unsigned short> parse_live_address(std::string_view text,
                                                          std::string_view option = "--live");

class Viewer;

class LiveServer {
  public:
    // Binds at once (an address in use fails here, before any game is played).
    LiveServer(boost::asio::io_context& io, const std::string& host, unsigned short port,
               LiveState& state, ViewerLimits limits = {});
    ~LiveServer();
    unsigned short port() const { return port_; }
    std::string url() const;
    // Sends what is gathered, lets each viewer's queue drain (for at most `grace`), then
    // closes every connection and the listener: the loop is then free to return.
    void close(std::chrono::milliseconds grace = std::chrono::milliseconds(2000));
    std::size_t viewers() const { return streaming_.size(); }
    std::uint64_t dropped() const { return dropped_; }  // viewers dropped for falling behind

    // For viewers.
    void forget(const std::shared_ptr<Viewer>& v);
    void start_streaming(const std::shared_ptr<Viewer>& v);
    LiveState& state() { return state_; }
    const std::string& page() const { return page_; }
    bool closing() const { return closing_; }
    const ViewerLimits& limits() const { return limits_; }
    bool loopback() const { return loopback_; }  // bound to a loopback address

  private:
    void accept();
    void on_event(std::string_view event, const std::string& data);
    void arm_flush();  // a flush within limits_.flush_every
    void flush();
    void heartbeat();

    LiveState& state_;
    ViewerLimits limits_;
    std::string page_;
    boost::asio::ip::tcp::acceptor acceptor_;
    unsigned short port_ = 0;
    std::string host_;
    std::set<std::shared_ptr<Viewer>> connections_;  // every open connection
    std::set<std::shared_ptr<Viewer>> streaming_;    // those on /events
    std::string batch_;                              // events gathered since the last flush
    std::uint64_t seq_ = 0;                          // the last event's number
    boost::asio::steady_timer flush_timer_, heartbeat_timer_, close_timer_;
    bool flush_armed_ = false, closing_ = false, loopback_ = false;
    std::uint64_t dropped_ = 0;
};

}  // namespace referee::live
