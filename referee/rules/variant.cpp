#include "referee/rules/variant.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace referee::rules {

const char* end_value_name(EndValue v) {
    switch (v) {
        case EndValue::Win:
            return "win";
        case EndValue::Loss:
            return "loss";
        case EndValue::Draw:
            return "draw";
    }
    return "?";
}

int Variant::type_of(char letter) const {
    char up = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (pieces[i].letter == up) return static_cast<int>(i);
    return -1;
}

std::string Variant::royal_first(std::string letters) const {
    std::stable_partition(letters.begin(), letters.end(), [&](char c) {
        const int t = type_of(c);
        return t >= 0 && pieces[static_cast<std::size_t>(t)].royal;
    });
    return letters;
}

std::string Variant::summary() const {
    std::string out = fmt::format("{} ({}x{}){}\n", name, geometry.width, geometry.height,
                                  description.empty() ? "" : ": " + description);
    out += fmt::format("start: {}\n", start_fen);
    for (const auto& p : pieces) {
        out += fmt::format("  {} {:<10} {}", p.letter, p.name, p.betza);
        if (p.royal) out += "  royal";
        if (!p.promotes_to.empty())
            out += fmt::format("  promotes to {}",
                               std::string(p.promotes_to.begin(), p.promotes_to.end()));
        if (!p.double_step_ranks.empty()) out += "  double step";
        if (p.en_passant) out += "  en passant";
        out += '\n';
    }
    out += fmt::format("check rules: {}\n", check_rules
                                                ? "yes (a move may not leave the king attacked)"
                                                : "no (moving into check is legal)");
    for (const auto& c : castling)
        out += fmt::format("castling {}: king {}-{}, rook {}-{}\n", c.right,
                           geometry.name(c.king_from), geometry.name(c.king_to),
                           geometry.name(c.rook_from), geometry.name(c.rook_to));
    if (end.royal_capture)
        out += fmt::format("capturing the king: {}\n", end_value_name(*end.royal_capture));
    if (check_rules)
        out += fmt::format("checkmate: {} for the mated side\n", end_value_name(end.checkmate));
    out += fmt::format("no legal move{}: {}\n", check_rules ? " (not in check)" : "",
                       end_value_name(end.no_legal_moves));
    if (captures_to_hand) out += "captured pieces go to the capturer's hand\n";
    if (drops) out += "pieces in hand may be dropped on empty squares\n";
    if (end.check_count) out += fmt::format("giving check {} times: win\n", end.check_count);
    if (end.move_limit) out += fmt::format("draw after {} moves by each side\n", end.move_limit);
    if (end.repetition)
        out += fmt::format("draw on the {}-fold repetition of a position\n", end.repetition);
    if (end.n_move_rule)
        out += fmt::format("draw after {} moves by each side without capture or pawn move\n",
                           end.n_move_rule);
    for (const auto& m : end.insufficient_material)
        out += fmt::format("draw: {} v {}{}\n", royal_first(m.strong), royal_first(m.weak),
                           m.same_square_colour ? fmt::format(" with every {} on one square colour",
                                                              m.same_square_colour)
                                                : "");
    return out;
}

}  // namespace referee::rules
