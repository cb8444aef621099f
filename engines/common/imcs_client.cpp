#include "engines/common/imcs_client.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <optional>
#include <string>

#include <fmt/format.h>

#include "engines/common/imcs_session.hpp"
#include "engines/common/text.hpp"

namespace engines {
namespace {

int connect_to(const std::string& host, int port) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
        rc != 0) {
        std::fprintf(stderr, "Cannot find the server %s: %s\n", host.c_str(), ::gai_strerror(rc));
        return -1;
    }
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd >= 0 && ::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    if (fd < 0) std::fprintf(stderr, "Cannot connect to %s:%d.\n", host.c_str(), port);
    return fd;
}

// The server's next line whose first word is a number: its reply. nullopt at the end.
std::optional<std::string> reply(LineReader& in) {
    while (auto line = in.next()) {
        const auto w = referee::rules::split_words(*line);
        if (!w.empty() && parse_integer(w[0])) return *line;
    }
    return std::nullopt;
}

bool starts_with(const std::optional<std::string>& line, std::string_view code) {
    return line && line->rfind(code, 0) == 0;
}

int fail(const std::string& what, const std::optional<std::string>& line) {
    std::fprintf(stderr, "%s: %s\n", what.c_str(), line ? line->c_str() : "the server hung up");
    return 1;
}

}  // namespace

int run_imcs_client(const CommandLine& cl, Player& player, const referee::rules::Rules& rules) {
    const int fd = connect_to(cl.host, cl.port);
    if (fd < 0) return 1;
    LineReader in(fd);
    Output out(fd);
    struct Closer {
        int fd;
        ~Closer() { ::close(fd); }
    } closer{fd};

    if (auto greeting = reply(in); !starts_with(greeting, "100"))
        return fail("The server did not greet us", greeting);
    out.line(fmt::format("me {} {}", cl.user, cl.password));
    auto hello = reply(in);
    if (starts_with(hello, "400")) {  // a new name: register it
        out.line(fmt::format("register {} {}", cl.user, cl.password));
        hello = reply(in);
    }
    if (!starts_with(hello, "201") && !starts_with(hello, "202"))
        return fail("The server refused our login", hello);

    ImcsSession session(player, out, rules, cl.seed, cl.own_board);
    if (!cl.offer.empty()) {
        out.line("offer " + cl.offer);
        if (auto waiting = reply(in); !starts_with(waiting, "103"))
            return fail("The server refused our offer", waiting);
    } else {
        std::string id = cl.accept;
        if (id == "any") {
            out.line("list");
            auto header = reply(in);
            if (!starts_with(header, "211"))
                return fail("The server did not list its games", header);
            id.clear();
            while (auto line = in.next()) {
                if (trim(*line) == ".") break;
                const auto w = referee::rules::split_words(*line);
                if (id.empty() && w.size() >= 2 && w.back() == "[offer]") id = w[0];
            }
            if (id.empty()) return fail("No game is on offer", std::string("211 with no offer"));
        }
        out.line("accept " + id);
        auto start = reply(in);
        if (!starts_with(start, "105") && !starts_with(start, "106"))
            return fail("The server refused our accept", start);
        session.handle(*start);
    }
    session.run(in);  // until the server closes the connection after the result
    return 0;
}

}  // namespace engines
