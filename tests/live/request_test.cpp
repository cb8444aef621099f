// The live page's request head reader (Beast's parser, bounded) and its routes.
#include <gtest/gtest.h>

#include <string>

#include "referee/live/request.hpp"

namespace referee::live {
namespace {

using Status = RequestReader::Status;

TEST(LiveRequest, ReadsAGetInPiecesAndRoutesIt) {
    RequestReader r;
    EXPECT_EQ(r.feed("GET /sta"), Status::Incomplete);
    EXPECT_EQ(r.feed("te.json?x=1 HTTP/1.1\r\nHo"), Status::Incomplete);
    EXPECT_EQ(r.feed("st: a\r\n\r\n"), Status::Complete);
    EXPECT_TRUE(r.is_get());
    EXPECT_EQ(r.target(), "/state.json?x=1");
    EXPECT_EQ(route(r.target()).kind, Route::Kind::State);
}

TEST(LiveRequest, OneByteAtATime) {
    const std::string text = "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n";
    RequestReader r;
    for (std::size_t i = 0; i + 1 < text.size(); ++i)
        ASSERT_EQ(r.feed(text.substr(i, 1)), Status::Incomplete) << i;
    EXPECT_EQ(r.feed(text.substr(text.size() - 1)), Status::Complete);
    EXPECT_EQ(route(r.target()).kind, Route::Kind::Events);
}

TEST(LiveRequest, OtherMethodsAreReadButAreNotGet) {
    RequestReader r;
    ASSERT_EQ(r.feed("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n"), Status::Complete);
    EXPECT_FALSE(r.is_get());
}

TEST(LiveRequest, BadOrHugeHeadsAreRefused) {
    EXPECT_EQ(RequestReader().feed("HELLO\r\n\r\n"), Status::Bad);
    EXPECT_EQ(RequestReader().feed(std::string("GET / HTTP/1.1\r\nX: ") +
                                   std::string(kMaxRequestHead, 'a') + "\r\n\r\n"),
              Status::Bad);
    RequestReader slow;  // the same, a kilobyte at a time: the pending bytes are bounded too
    Status s = slow.feed("GET / HTTP/1.1\r\nX: ");
    for (int i = 0; i < 20 && s == Status::Incomplete; ++i) s = slow.feed(std::string(1024, 'b'));
    EXPECT_EQ(s, Status::Bad);
    // A body is refused: the page takes none.
    EXPECT_EQ(RequestReader().feed("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello"),
              Status::Bad);
}

TEST(LiveRequest, LoopbackHostsAreTold) {
    for (const char* h :
         {"127.0.0.1", "127.0.0.1:8080", "localhost:80", "localhost", "[::1]:9", "127.1.2.3:1"})
        EXPECT_TRUE(is_loopback_host(h)) << h;
    for (const char* h : {"", "evil.example", "127.0.0.1.evil.example", "10.0.0.1:80", "[::2]:1",
                          "127.0.0:80", "localhost.evil:80", "[::1"})
        EXPECT_FALSE(is_loopback_host(h)) << h;
}

TEST(LiveRequest, OnlyThePagesOwnPathsHaveRoutes) {
    EXPECT_EQ(route("/").kind, Route::Kind::Page);
    EXPECT_EQ(route("/index.html").kind, Route::Kind::Page);
    EXPECT_EQ(route("/events").kind, Route::Kind::Events);
    const Route g = route("/games/12.json");
    EXPECT_EQ(g.kind, Route::Kind::Game);
    EXPECT_EQ(g.game, 12);
    for (const char* t :
         {"/games/0.json", "/games/012.json", "/games/x.json", "/games/.json",
          "/games/1234567890.json", "/../etc/passwd", "/state.json/..", "//state.json", "/events/",
          "/report.html", "", "*", "http://x/state.json", "/games/-1.json"})
        EXPECT_EQ(route(t).kind, Route::Kind::NotFound) << t;
}

}  // namespace
}  // namespace referee::live
