// The live page's HTTP requests: a request head read with Boost.Beast's parser, bounded, and
// the few paths the page has. No path from a request ever reaches the file system: a target
// is either one of these routes or not found.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace referee::live {

inline constexpr std::size_t kMaxRequestHead = 8 * 1024;  // a longer head is refused

// Feeds bytes as they arrive until a request head is complete (or bad); a body is refused.
class RequestReader {
  public:
    enum class Status { Incomplete, Complete, Bad };
    RequestReader();
    ~RequestReader();
    // Takes what it can of `bytes` (the rest belongs to a later request, which this page
    // never reads); returns where the head stands.
    Status feed(std::string_view bytes);
    Status status() const { return status_; }
    // Complete only:
    bool is_get() const;
    std::string target() const;
    std::string host() const;  // the Host header, empty when none

  private:
    struct Parser;
    std::unique_ptr<Parser> parser_;
    std::string pending_;  // bytes fed but not yet taken by the parser
    Status status_ = Status::Incomplete;
};

struct Route {
    enum class Kind { Page, State, Events, Game, NotFound } kind = Kind::NotFound;
    int game = 0;  // Game: the game's number (/games/N.json)
};
// "/", "/index.html", "/state.json", "/events", "/games/N.json"; a query string is ignored.
Route route(std::string_view target);

// True when a Host header names this machine's loopback (127.x.y.z, localhost, [::1]), with
// or without a port. A page bound to loopback answers only those: a web page elsewhere that
// points a name of its own at 127.0.0.1 (DNS rebinding) gets nothing from it.
bool is_loopback_host(std::string_view host);

}  // namespace referee::live
