#include "referee/rules/notation/sfen.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include <fmt/format.h>

namespace referee::rules {
namespace {

std::vector<std::string> words(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool is_number(const std::string& s) {
    if (s.empty() || s.size() > 7) return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c))) return false;
    return true;
}

}  // namespace

bool looks_like_sfen(std::string_view text) {
    const auto w = words(text);
    return w.size() == 4 && (w[1] == "b" || w[1] == "w") && is_number(w[3]) &&
           w[0].find('[') == std::string::npos;
}

PositionFields parse_sfen(const Geometry& g, std::string_view sfen) {
    const auto w = words(sfen);
    if (w.size() != 4)
        throw PositionError(fmt::format(
            "the SFEN has {} fields; it needs 4 (placement, side, hand, move number)", w.size()));
    if (w[1] != "b" && w[1] != "w")
        throw PositionError(fmt::format("the SFEN's side to move '{}' is neither b nor w", w[1]));
    if (!is_number(w[3]) || w[3] == "0" || w[3][0] == '0')
        throw PositionError(
            fmt::format("the SFEN's move number '{}' is not a number from 1", w[3]));
    // The placement is the FEN's; the side: b moves first (White here).
    PositionFields f = parse_fen(g, w[0] + (w[1] == "b" ? " w" : " b"));
    f.castling = "-";
    f.castling_given = true;
    f.hand_given = true;
    if (w[2] != "-") {
        int count = 0;
        for (char c : w[2]) {
            if (std::isdigit(static_cast<unsigned char>(c))) {
                count = count * 10 + (c - '0');
                if (count > 99)
                    throw PositionError(
                        fmt::format("the SFEN's hand '{}' has a count over 99", w[2]));
                continue;
            }
            if (!std::isalpha(static_cast<unsigned char>(c)))
                throw PositionError(
                    fmt::format("'{}' in the SFEN's hand '{}' is not a piece letter", c, w[2]));
            f.hand.append(count ? count : 1, c);
            count = 0;
        }
        if (count) throw PositionError(fmt::format("the SFEN's hand '{}' ends in a count", w[2]));
    }
    int ply = 1;
    std::from_chars(w[3].data(), w[3].data() + w[3].size(), ply);
    f.fullmove_number = (ply - 1) / 2 + 1;
    return f;
}

std::string fields_to_sfen(const Variant& v, const PositionFields& f) {
    std::string hand;
    for (Color c : {White, Black})
        for (const PieceType& p : v.pieces) {
            const char letter =
                c == White ? p.letter
                           : static_cast<char>(std::tolower(static_cast<unsigned char>(p.letter)));
            const auto n = std::count(f.hand.begin(), f.hand.end(), letter);
            if (n > 1) hand += std::to_string(n);
            if (n > 0) hand += letter;
        }
    const int ply = 2 * (f.fullmove_number - 1) + (f.side_to_move == Black ? 1 : 0) + 1;
    return fmt::format("{} {} {} {}", placement_to_fen(v.geometry, f.placement, {}, f.plus),
                       f.side_to_move == White ? 'b' : 'w', hand.empty() ? "-" : hand, ply);
}

}  // namespace referee::rules
