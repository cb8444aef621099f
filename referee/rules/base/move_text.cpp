#include "referee/rules/base/move_text.hpp"

#include <cctype>

#include <fmt/format.h>

#include "referee/rules/text/printable.hpp"

namespace referee::rules {

MoveText parse_move_text(const Geometry& g, std::string_view text) {
    auto trim = [](std::string_view s) {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
            s.remove_prefix(1);
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
        return s;
    };
    const std::string_view original = trim(text);
    std::string_view rest = original;
    auto unparsable = [&](const std::string& why) {
        // The text is an engine's: quoted escaped, so that a NUL cannot cut the message short.
        return MoveError(MoveError::Kind::Unparsable,
                         fmt::format("'{}' is not a move: {}", printable_excerpt(original), why));
    };
    if (rest.empty()) throw unparsable("it is empty");
    MoveText mt;
    std::size_t used = 0;
    if (rest.size() > 3 && rest[0] == '+' && rest[2] == '@') {  // "+B@a1": a promoted form
        mt.drop_promoted = true;
        rest.remove_prefix(1);
    }
    if (rest.size() > 2 && rest[1] == '@') {
        if (!std::isalpha(static_cast<unsigned char>(rest[0])))
            throw unparsable("a drop starts with the letter of the piece dropped, as in P@e4");
        auto to = g.parse_prefix(rest.substr(2), used);
        if (!to || used != rest.size() - 2)
            throw unparsable(
                fmt::format("no square of the {}x{} board after the '@'", g.width, g.height));
        mt.drop = static_cast<char>(std::toupper(static_cast<unsigned char>(rest[0])));
        mt.from = mt.to = *to;
        return mt;
    }
    auto from = g.parse_prefix(rest, used);
    if (!from)
        throw unparsable(
            fmt::format("it does not start with a square of the {}x{} board", g.width, g.height));
    mt.from = *from;
    rest.remove_prefix(used);
    if (!rest.empty() && (rest.front() == '-' || rest.front() == ' ' || rest.front() == 'x'))
        rest.remove_prefix(1);
    rest = trim(rest);
    auto to = g.parse_prefix(rest, used);
    if (!to)
        throw unparsable(fmt::format("no target square of the {}x{} board after the first square",
                                     g.width, g.height));
    mt.to = *to;
    rest.remove_prefix(used);
    if (!rest.empty() && rest.front() == '=') rest.remove_prefix(1);
    if (!rest.empty()) {
        // '+': promotion to the piece's own promoted form (shogi, as Fairy-Stockfish writes it).
        if (rest.size() != 1 || !(std::isalpha(static_cast<unsigned char>(rest.front())) ||
                                  rest.front() == '+' || rest.front() == '-'))
            throw unparsable(
                fmt::format("unexpected '{}' after the squares", printable_excerpt(rest)));
        mt.promotion = static_cast<char>(std::toupper(static_cast<unsigned char>(rest.front())));
    }
    return mt;
}

}  // namespace referee::rules
