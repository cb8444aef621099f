#include "referee/live/request.hpp"

#include <algorithm>

#include <boost/beast/core/error.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/parser.hpp>

namespace referee::live {

namespace http = boost::beast::http;

struct RequestReader::Parser {
    http::request_parser<http::empty_body> p;
};

RequestReader::RequestReader() : parser_(std::make_unique<Parser>()) {
    parser_->p.header_limit(kMaxRequestHead);
    parser_->p.body_limit(0);  // GET has no body; one announced is refused
    parser_->p.eager(false);
}

RequestReader::~RequestReader() = default;

// Beast's parser takes a whole line at a time and leaves the rest: the unread bytes wait in
// `pending_` for the next piece, which is bounded by the head's limit.
RequestReader::Status RequestReader::feed(std::string_view bytes) {
    if (status_ != Status::Incomplete) return status_;
    pending_.append(bytes.data(), std::min(bytes.size(), kMaxRequestHead + 1));
    if (pending_.size() > kMaxRequestHead) return status_ = Status::Bad;
    std::size_t at = 0;
    while (at < pending_.size()) {
        boost::beast::error_code ec;
        const std::size_t used = parser_->p.put(
            boost::asio::const_buffer(pending_.data() + at, pending_.size() - at), ec);
        at += used;
        if (ec == http::error::need_more || (!ec && used == 0)) break;
        if (ec) return status_ = Status::Bad;
        if (parser_->p.is_header_done()) return status_ = Status::Complete;
    }
    pending_.erase(0, at);
    return status_;
}

bool RequestReader::is_get() const {
    return parser_->p.get().method() == http::verb::get;
}

std::string RequestReader::target() const {
    const auto t = parser_->p.get().target();
    return std::string(t.data(), t.size());
}

std::string RequestReader::host() const {
    const auto h = parser_->p.get()[http::field::host];
    return std::string(h.data(), h.size());
}

bool is_loopback_host(std::string_view host) {
    std::string_view name = host;
    if (!name.empty() && name.front() == '[') {
        const auto close = name.find(']');
        if (close == std::string_view::npos) return false;
        name = name.substr(1, close - 1);
        return name == "::1";
    }
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos)
        name = name.substr(0, colon);
    if (name == "localhost") return true;
    if (name.substr(0, 4) != "127.") return false;
    int parts = 2;  // "127." and what follows it
    for (char c : name.substr(4)) {
        if (c == '.')
            ++parts;
        else if (c < '0' || c > '9')
            return false;
    }
    return parts == 4;
}

Route route(std::string_view target) {
    if (const auto q = target.find_first_of("?#"); q != std::string_view::npos)
        target = target.substr(0, q);
    Route r;
    if (target == "/" || target == "/index.html") r.kind = Route::Kind::Page;
    if (target == "/state.json") r.kind = Route::Kind::State;
    if (target == "/events") r.kind = Route::Kind::Events;
    constexpr std::string_view games = "/games/", json = ".json";
    if (target.size() > games.size() + json.size() && target.substr(0, games.size()) == games &&
        target.substr(target.size() - json.size()) == json) {
        const auto digits = target.substr(games.size(), target.size() - games.size() - json.size());
        long n = 0;
        bool ok = digits.size() <= 9 && digits[0] != '0';
        for (char c : digits) {
            ok = ok && c >= '0' && c <= '9';
            if (!ok) break;  // (nine digits at most: n cannot overflow)
            n = n * 10 + (c - '0');
        }
        if (ok) r = {Route::Kind::Game, static_cast<int>(n)};
    }
    return r;
}

}  // namespace referee::live
