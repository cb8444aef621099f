#include "referee/rules/variant/variant.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "referee/rules/variant/drop_zone.hpp"

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

int Variant::promoted_form(char letter) const {
    const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    for (std::size_t i = 0; i < pieces.size(); ++i)
        if (pieces[i].promoted_form_of == upper) return static_cast<int>(i);
    return -1;
}

std::string Variant::piece_names(const std::vector<char>& letters) const {
    std::string out;
    for (std::size_t i = 0; i < letters.size(); ++i)
        out += (i == 0                    ? ""
                : i + 1 == letters.size() ? " or "
                                          : ", ") +
               pieces[static_cast<std::size_t>(type_of(letters[i]))].name;
    return out;
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
    if (!names.empty()) {
        std::string also;
        for (const auto& n : names) also += (also.empty() ? "" : ", ") + n;
        out += fmt::format("also known as: {}\n", also);
    }
    out += fmt::format("start: {}\n", start_fen);
    for (const auto& p : pieces) {
        out += fmt::format("  {} {:<10} {}", p.letter, p.name, p.betza);
        if (p.royal) out += "  royal";
        if (!p.promotes_to.empty())
            out += fmt::format("  promotes to {}",
                               std::string(p.promotes_to.begin(), p.promotes_to.end()));
        if (!p.black_promotes_to.empty())
            out += fmt::format(" (Black's to {})",
                               std::string(p.black_promotes_to.begin(), p.black_promotes_to.end()));
        if (p.promotion_on_capture) out += " by capturing";
        if (p.promotion_every_move) out += " with every move";
        if (!p.double_step_ranks.empty()) out += "  double step";
        if (p.en_passant) out += "  en passant";
        if (!p.first_move_betza.empty())
            out += fmt::format("  first move also {}", p.first_move_betza);
        if (!p.first_move_ranks.empty())
            out +=
                fmt::format("  first moves (i) from rank {}", fmt::join(p.first_move_ranks, ","));
        if (p.promotion_move)
            out += fmt::format("  promotes to {} as a move of its own", p.promotion_move->to);
        if (p.extra_moves)
            out += fmt::format("  and {} on {}", p.extra_moves->betza,
                               p.extra_moves->region.describe(geometry));
        if (!p.palace_betza.empty())
            out += fmt::format("  and {} along the palace lines", p.palace_betza);
        if (!p.screens_not.empty())
            out += fmt::format("  not over {}",
                               std::string(p.screens_not.begin(), p.screens_not.end()));
        if (!p.captures_not.empty())
            out += fmt::format("  never takes {}",
                               std::string(p.captures_not.begin(), p.captures_not.end()));
        if (p.confined) out += fmt::format("  confined to {}", p.confined->describe(geometry));
        out += '\n';
    }
    out += fmt::format("check rules: {}\n",
                       !check_rules  ? "no (moving into check is legal)"
                       : duple_check ? "duple check (a move may not leave every king attacked; "
                                       "a king left attacked may be captured)"
                                     : "yes (a move may not leave the king attacked)");
    if (flying_general)
        out += "flying general: the kings may not face each other on an open file or rank\n";
    if (!palace_lines.empty()) {
        std::string points;
        for (Square sq : palace_lines) points += (points.empty() ? "" : " ") + geometry.name(sq);
        out += fmt::format("palace lines through {}\n", points);
    }
    if (pass) out += "a side may pass (its king to its own square), but not out of check\n";
    if (end.bikjang)
        out +=
            "bikjang: with the kings facing on an open line, the side to move passes or breaks "
            "it; passing ends the game\n";
    if (end.double_pass) out += "two passes in a row end the game\n";
    for (const auto& c : castling)
        out += fmt::format("castling {}: king {}-{}, rook {}-{}{}\n", c.right,
                           geometry.name(c.king_from), geometry.name(c.king_to),
                           geometry.name(c.rook_from), geometry.name(c.rook_to),
                           !c.only            ? ""
                           : *c.only == White ? " (White only)"
                                              : " (Black only)");
    if (end.royal_capture)
        out += fmt::format("capturing the king: {}\n", end_value_name(*end.royal_capture));
    if (check_rules)
        out += fmt::format("checkmate: {} for the mated side\n", end_value_name(end.checkmate));
    if (end.mate_checks) {
        out += fmt::format(
            "a checkmate counts only if a check of the series that led to it came from a {}; "
            "otherwise a draw\n",
            piece_names(end.mate_checks->series_by));
        if (!end.mate_checks->alone_loses.empty())
            out += fmt::format("a checkmate by a {} alone loses for the side that gave it\n",
                               piece_names(end.mate_checks->alone_loses));
    }
    out += fmt::format("no legal move{}: {}\n", check_rules ? " (not in check)" : "",
                       end_value_name(end.no_legal_moves));
    if (captures_to_hand) out += "captured pieces go to the capturer's hand\n";
    if (drops)
        out += "pieces in hand may be dropped on empty squares\n" + drop_rules_summary(*this);
    if (gating)
        out +=
            "pieces in hand enter by gating: on the square a back-rank piece leaves on its "
            "first move\n";
    if (end.check_count) out += fmt::format("giving check {} times: win\n", end.check_count);
    if (end.region) {
        std::string squares[2];
        for (int c = 0; c < 2; ++c)
            for (Square sq : end.region->squares[c])
                squares[c] += (squares[c].empty() ? "" : " ") + geometry.name(sq);
        const std::string name =
            end.region->piece ? pieces[type_of(end.region->piece)].name : "piece of any kind";
        const std::string who =
            end.region->count > 1 ? fmt::format("{} {}s", end.region->count, name) : "a " + name;
        out += fmt::format(
            "{} reaching {}: win{}\n", who,
            squares[0] == squares[1]
                ? squares[0]
                : fmt::format("{} (White), {} (Black)", squares[0], squares[1]),
            end.region->reply ? " once the other side has replied (Black reaching too: draw)" : "");
    }
    if (end.bare_king)
        out +=
            fmt::format("a side left with its king alone: {}{}\n", end_value_name(*end.bare_king),
                        end.bare_king_reply ? " after its next move" : "");
    if (end.extinction) {
        std::string kinds;
        for (char c : end.extinction_pieces) kinds += c;
        const std::string lost = end.extinction_count
                                     ? fmt::format("all but {} ", end.extinction_count)
                                     : std::string("every ");
        out += fmt::format(
            "a side that has lost {}{}: {}\n",
            kinds.empty() ? lost + "piece" : fmt::format("{}piece of one of {}", lost, kinds),
            end.extinction_opponent_count ? fmt::format(" while the other side holds {} of them",
                                                        end.extinction_opponent_count)
                                          : "",
            end_value_name(*end.extinction));
    }
    if (end.stalemate_piece_count)
        out += "no legal move: judged by who has fewer pieces (equal: draw)\n";
    if (must_capture) out += "a side that can capture must\n";
    if (checks_forbidden) out += "a move may not give check\n";
    if (royal_held_in_check)
        out += "in check the king may only take the one piece that gives check\n";
    if (end.move_limit) out += fmt::format("draw after {} moves by each side\n", end.move_limit);
    if (end.repetition && end.repetition_value == EndValue::Draw)
        out += fmt::format("draw on the {}-fold repetition of a position\n", end.repetition);
    else if (end.repetition)
        out += fmt::format("the {}-fold repetition of a position: {} for the side to move\n",
                           end.repetition, end_value_name(end.repetition_value));
    if (end.perpetual_check)
        out += fmt::format("at that repetition, a side that checked with every move: {}\n",
                           end_value_name(*end.perpetual_check));
    if (end.n_move_rule) {
        // A pawn's move resets the count only where the variant has pawns (xiangqi's
        // soldiers are not).
        const bool pawns =
            std::any_of(pieces.begin(), pieces.end(), [](const PieceType& p) { return p.pawn; });
        out += fmt::format("draw after {} moves by each side without capture{}\n", end.n_move_rule,
                           pawns ? " or pawn move" : "");
    }
    if (end.counting != CountingRule::None)
        out += fmt::format("draw when the {} counting rule's moves are up\n",
                           end.counting == CountingRule::Makruk ? "makruk" : "asean");
    if (end.material_count) {
        std::string points;
        for (const auto& [letter, value] : end.material_count->points)
            points += fmt::format("{}{}={}", points.empty() ? "" : " ", letter, value);
        out += fmt::format(
            "draws by repetition, the n-move rule, bikjang or passing are decided on points "
            "({}; Black + {})\n",
            points, end.material_count->black_bonus);
    }
    for (const auto& m : end.insufficient_material)
        out += fmt::format("draw: {} v {}{}\n", royal_first(m.strong), royal_first(m.weak),
                           m.same_square_colour ? fmt::format(" with every {} on one square colour",
                                                              m.same_square_colour)
                                                : "");
    return out;
}

}  // namespace referee::rules
