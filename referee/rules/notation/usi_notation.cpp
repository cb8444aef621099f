#include "referee/rules/notation/usi_notation.hpp"

#include <cctype>

#include <fmt/format.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/text/printable.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::rules {
namespace {

// A USI square at the front of `text`: the file's number from the right, then the rank's
// letter from the top. nullopt when there is none of this board.
std::optional<Square> usi_square_prefix(const Geometry& g, std::string_view text,
                                        std::size_t& used) {
    std::size_t i = 0;
    int from_right = 0;
    while (i < text.size() && i < 2 && is_digit(text[i]))
        from_right = from_right * 10 + (text[i++] - '0');
    if (i == 0 || i >= text.size() || text[i] < 'a' || text[i] > 'z') return std::nullopt;
    const int file = g.width - from_right;
    const int rank = g.height - 1 - (text[i] - 'a');
    if (!g.on_board(file, rank)) return std::nullopt;
    used = i + 1;
    return g.at(file, rank);
}

// The UCI text of USI text ("7g7f" -> "c3c4" on 9x9, "P*5e" -> "P@e1"), or "" when it is
// not USI of this board.
std::string usi_to_uci(const Geometry& g, std::string_view text) {
    // A drop, "P*5e", or of a piece's promoted form, "+B*2d" (micro shogi's drops either side
    // up, as Fairy-Stockfish writes them).
    const std::size_t plus = text.starts_with('+') ? 1 : 0;
    if (text.size() > 2 + plus && text[1 + plus] == '*') {
        std::size_t used = 0;
        const auto to = usi_square_prefix(g, text.substr(2 + plus), used);
        if (!std::isalpha(static_cast<unsigned char>(text[plus])) || !to ||
            used != text.size() - 2 - plus)
            return {};
        return std::string(text.substr(0, 1 + plus)) + "@" + g.name(*to);
    }
    std::size_t used = 0;
    const auto from = usi_square_prefix(g, text, used);
    if (!from) return {};
    text.remove_prefix(used);
    const auto to = usi_square_prefix(g, text, used);
    if (!to) return {};
    text.remove_prefix(used);
    // What follows the squares ('+', '=', a promotion or gating letter) reads as in UCI.
    return g.name(*from) + g.name(*to) + std::string(text);
}

}  // namespace

std::string usi_square(const Geometry& g, Square s) {
    return std::to_string(g.width - g.file_of(s)) +
           static_cast<char>('a' + (g.height - 1 - g.rank_of(s)));
}

std::string usi_move_name(const Position& pos, Move m) {
    // The UCI text with its squares renamed: UCI's choices (promotion letters, '+', castling
    // and gating forms) are Fairy-Stockfish's in both protocols.
    const Geometry& g = pos.rules().geometry();
    const std::string uci = pos.move_name(m, MoveStyle::Uci);
    std::size_t used = 0;
    if (const std::size_t at = uci.find('@'); at != std::string::npos) {  // "P@e1", "+B@a1"
        const auto to = g.parse_prefix(std::string_view(uci).substr(at + 1), used);
        return uci.substr(0, at) + "*" + usi_square(g, *to);
    }
    std::string_view rest = uci;
    const auto from = g.parse_prefix(rest, used);
    rest.remove_prefix(used);
    const auto to = g.parse_prefix(rest, used);
    rest.remove_prefix(used);
    return usi_square(g, *from) + usi_square(g, *to) + std::string(rest);
}

Move parse_usi_move(const Position& pos, std::string_view text) {
    const Geometry& g = pos.rules().geometry();
    const std::string_view original = trim_spaces(text);
    const std::string uci = usi_to_uci(g, original);
    if (uci.empty())
        throw MoveError(
            MoveError::Kind::Unparsable,
            fmt::format("'{}' is not a USI move of the {}x{} board: a square is its file "
                        "counted from the right and its rank as a letter from the top, as in "
                        "{}{} or P*{}",
                        printable_excerpt(original), g.width, g.height, usi_square(g, g.at(0, 0)),
                        usi_square(g, g.at(0, 1)), usi_square(g, g.at(0, 1))));
    try {
        return pos.parse_move(uci);
    } catch (const MoveError& e) {
        // The rules' sentence names the UCI text: name the engine's, with the board's name.
        std::string why = e.what();
        if (const auto at = why.find(uci); at != std::string::npos)
            why.replace(at, uci.size(), fmt::format("{} ({})", printable_excerpt(original), uci));
        throw MoveError(e.kind(), why);
    }
}

}  // namespace referee::rules
