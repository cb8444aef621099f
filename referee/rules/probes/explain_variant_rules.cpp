#include "referee/rules/probes/explain_variant_rules.hpp"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::rules {

namespace {

bool captures(const Position& pos, Move m) {
    return m.kind() == MoveKind::EnPassant ||
           (m.kind() != MoveKind::Drop && pos.letter_at(m.to) != '.');
}

std::string forced_capture_reason(const Position& pos, const std::string& name) {
    std::vector<std::string> takes;
    for (Move m : pos.legal_moves())
        if (captures(pos, m)) takes.push_back(pos.move_name(m, MoveStyle::Dash));
    std::sort(takes.begin(), takes.end());
    std::string list;
    for (std::size_t i = 0; i < takes.size() && i < 4; ++i) list += (i ? ", " : "") + takes[i];
    if (takes.size() > 4) list += ", ...";
    return fmt::format(
        "{} captures nothing, but a side that can capture must ({} forces captures), and {} can "
        "capture: {}",
        name, pos.rules().name(), color_name(pos.side_to_move()), list);
}

std::string forbidden_check_reason(const Position& pos, Move m, const std::string& name) {
    Position after = pos;
    after.visit([&](auto& b) { b.make(m); });
    const Color them = ~pos.side_to_move();
    const Geometry& g = pos.rules().geometry();
    for (Square s = 0; s < g.squares(); ++s) {
        const char c = after.letter_at(s);
        const int t = c == '.' ? -1 : pos.rules().variant().type_of(c);
        if (t < 0 || !pos.rules().variant().pieces[t].royal ||
            (std::isupper(static_cast<unsigned char>(c)) != 0) != (them == White))
            continue;
        if (!attackers_of(after, s, pos.side_to_move()).empty())
            return fmt::format("{} gives check to {}, and {} forbids moves that give check", name,
                               piece_phrase(after, s), pos.rules().name());
    }
    return fmt::format("{} gives check, and {} forbids moves that give check", name,
                       pos.rules().name());
}

std::string lost_pieces_reason(const Position& pos, Move m, const std::string& name) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    const Color us = pos.side_to_move();
    const PieceType& to = v.pieces[m.promotion_type()];
    const PositionFields start = parse_fen(g, v.start_fen);
    const char letter =
        us == White ? to.letter
                    : static_cast<char>(std::tolower(static_cast<unsigned char>(to.letter)));
    const auto started = std::count(start.placement.begin(), start.placement.end(), letter);
    long on_board = 0;
    for (Square s = 0; s < g.squares(); ++s) on_board += pos.letter_at(s) == letter ? 1 : 0;
    const char first =
        to.name.empty() ? 0
                        : static_cast<char>(std::tolower(static_cast<unsigned char>(to.name[0])));
    const char* article =
        first && std::string("aeiou").find(first) != std::string::npos ? "an" : "a";
    return fmt::format(
        "{} promotes to {} {} ({}), but a piece promotes only to one its side has lost, and {} "
        "still has every {} it started with ({} of {} on the board)",
        name, article, to.name, to.letter, color_name(us), to.name, on_board, started);
}

}  // namespace

std::string explain_variant_rule(const Position& pos, std::string_view text,
                                 const std::string& name) {
    const Variant& v = pos.rules().variant();
    if (v.must_capture)
        if (auto m = legal_with(pos, text, [](Variant& x) { x.must_capture = false; });
            m && !captures(pos, *m))
            return forced_capture_reason(pos, name);
    if (v.checks_forbidden)
        if (auto m = legal_with(pos, text, [](Variant& x) { x.checks_forbidden = false; }))
            return forbidden_check_reason(pos, *m, name);
    const bool limited = std::any_of(v.pieces.begin(), v.pieces.end(),
                                     [](const PieceType& p) { return p.promotion_captured_only; });
    if (limited)
        if (auto m = legal_with(pos, text,
                                [](Variant& x) {
                                    for (auto& p : x.pieces) p.promotion_captured_only = false;
                                });
            m && m->promotion != 0)
            return lost_pieces_reason(pos, *m, name);
    return {};
}

}  // namespace referee::rules
