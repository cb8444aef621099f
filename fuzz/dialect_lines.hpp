// Feeds fuzz input, line by line, to a protocol dialect driven through a handshake and a
// move request, with a host that records nothing: the lines an engine may write must never
// crash the referee, whatever state the dialect is in.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/rules/core/position.hpp"

namespace fuzz {

class NullHost final : public referee::engine::DialectHost {
  public:
    void send(std::string_view, std::function<void()> on_written) override {
        if (on_written) on_written();
    }
    void ready() override {}
    void fault(referee::engine::FaultKind, std::string) override {}
    void move(referee::rules::Move) override {}
    void illegal_move(std::string) override {}
    void unreadable(std::string) override {}
    void resign() override {}
    void identified(std::string) override {}
};

// `rules` is the variant the game is played in (its board size and hands shape the move text).
inline void feed_dialect(referee::engine::Protocol protocol, const std::uint8_t* data,
                         std::size_t size, const referee::rules::Rules& rules) {
    referee::engine::EngineConfig config;
    config.name = "fuzz";
    config.protocol = protocol;
    NullHost host;
    referee::engine::DialectContext context{host, config, rules.variant(), "/nonexistent", {}, {}};
    auto dialect = referee::engine::make_dialect(context);
    const auto start = rules.start();
    referee::engine::MoveRequest request;
    request.start = &start;
    request.position = &start;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    // The first byte picks the moment the lines arrive: during the handshake, a game, a move.
    const int stage = size > 0 ? data[0] % 3 : 0;
    if (size > 0) text.remove_prefix(1);
    try {
        dialect->begin_handshake();
        if (stage >= 1) dialect->new_game(true, request);
        if (stage >= 2) dialect->request_move(request, {});
        while (!text.empty()) {
            const auto nl = text.find('\n');
            dialect->on_line(text.substr(0, nl));
            if (nl == std::string_view::npos) break;
            text.remove_prefix(nl + 1);
        }
        dialect->quit();
    } catch (const std::exception&) {
    }
}

inline void feed_dialect(referee::engine::Protocol protocol, const std::uint8_t* data,
                         std::size_t size) {
    static const auto minichess = referee::rules::Rules::load("minichess");
    feed_dialect(protocol, data, size, minichess);
}

}  // namespace fuzz
