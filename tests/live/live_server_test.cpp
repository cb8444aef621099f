// The live server in-process: a viewer that stops reading is dropped once it falls behind
// (its queue bounded), while one that reads keeps its stream; connections past the bound are
// closed at once.
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include <boost/asio/io_context.hpp>

#include "live_client.hpp"
#include "referee/live/live_server.hpp"
#include "tests/support/rules.hpp"

namespace referee::live {
namespace {

using namespace std::chrono_literals;

// A client of /events that reads nothing, with a small receive buffer.
int stalled_viewer(int port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    const int small = 4096;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &small, sizeof small);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(static_cast<uint16_t>(port));
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) return -1;
    const char request[] = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    if (::write(fd, request, sizeof request - 1) < 0) return -1;
    return fd;
}

TEST(LiveServer, AViewerThatStopsReadingIsDroppedAndTheOthersKeepTheirStream) {
    boost::asio::io_context io;
    LiveState state(LiveInfo{}, test::cached_rules("minitchess"));
    ViewerLimits limits;
    limits.max_queued_bytes = 256 * 1024;
    limits.flush_every = 2ms;
    LiveServer server(io, "127.0.0.1", 0, state, limits);
    const int stalled = stalled_viewer(server.port());
    ASSERT_GE(stalled, 0);

    // A reader on its own thread; the server's loop runs here.
    std::atomic<bool> reader_done{false};
    std::size_t lobby_events = 0;
    std::thread reader([&] {
        live_test::SseStream sse(server.port());
        sse.read_until(
            [&](const live_test::SseEvent& e) {
                if (e.event == "lobby") ++lobby_events;
                return lobby_events == 100;
            },
            60s);
        reader_done = true;
    });
    while (server.viewers() < 2) io.run_one_for(100ms);

    // 100 events of 64 KiB: 6.4 MB to each viewer, far past what the stalled one's socket
    // and its queue (256 KiB here) may hold.
    const std::string filler(64 * 1024, 'x');
    for (int i = 0; i < 100 && !reader_done; ++i) {
        state.set_lobby({{"offers", Json::array()},
                         {"games", Json::array()},
                         {"ratings", Json::array()},
                         {"filler", filler},
                         {"i", i}});
        io.run_for(5ms);
    }
    const auto end = std::chrono::steady_clock::now() + 30s;
    while (!reader_done && std::chrono::steady_clock::now() < end) io.run_for(50ms);
    reader.join();
    // The reader's close reaches the server as an end of file on its next turn of the loop;
    // on a loaded machine that turn may come later than the join.
    const auto gone = std::chrono::steady_clock::now() + 10s;
    while (server.viewers() > 0 && std::chrono::steady_clock::now() < gone) io.run_for(20ms);
    EXPECT_EQ(lobby_events, 100u) << "the reading viewer missed events";
    EXPECT_EQ(server.dropped(), 1u);
    EXPECT_EQ(server.viewers(), 0u);  // the stalled one dropped, the reader gone by itself
    ::close(stalled);
}

TEST(LiveServer, ConnectionsPastTheBoundAreClosedAtOnce) {
    boost::asio::io_context io;
    LiveState state(LiveInfo{}, test::cached_rules("minitchess"));
    ViewerLimits limits;
    limits.max_connections = 2;
    LiveServer server(io, "127.0.0.1", 0, state, limits);
    const int a = stalled_viewer(server.port()), b = stalled_viewer(server.port());
    while (server.viewers() < 2) io.run_one_for(100ms);
    std::atomic<int> status{-1};
    std::thread third([&] { status = live_test::http(server.port(), "/state.json", 5s).status; });
    const auto end = std::chrono::steady_clock::now() + 10s;
    while (status < 0 && std::chrono::steady_clock::now() < end) io.run_for(20ms);
    third.join();
    EXPECT_EQ(status, 0) << "a third connection got an answer";
    EXPECT_EQ(server.viewers(), 2u);
    ::close(a);
    ::close(b);
}

}  // namespace
}  // namespace referee::live
