#include "referee/rules/probes/explain_board_rules.hpp"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "referee/rules/probes/explain_variant_rules.hpp"
#include "referee/rules/probes/probe_board_rules.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::rules {

namespace {

const PieceType& piece_of(const Variant& v, int type) {
    return v.pieces[static_cast<std::size_t>(type)];
}

std::string drop_name(const Position& pos, Move m) {
    const Variant& v = pos.rules().variant();
    return fmt::format("{}@{}", piece_of(v, m.drop_type()).letter,
                       pos.rules().geometry().name(m.to));
}

std::string drop_rank_reason(const Position& pos, Move m) {
    const Variant& v = pos.rules().variant();
    const Color us = pos.side_to_move();
    const PieceType& p = piece_of(v, m.drop_type());
    const int rank = pos.rules().geometry().relative_rank(us, m.to);
    const bool stuck = rank >= forced_promotion_from(v, p);
    return fmt::format("{} drops a {} on {}'s rank {}, where {} forbids dropping a {}{}",
                       drop_name(pos, m), p.name, color_name(us), rank, v.name, p.name,
                       stuck ? ": it could never move from there" : "");
}

std::string nifu_reason(const Position& pos, Move m) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    const Color us = pos.side_to_move();
    const int type = m.drop_type();
    for (int rank = 0; rank < g.height; ++rank) {
        const Square s = g.at(g.file_of(m.to), rank);
        if (const auto on = pos.piece_at(s); on && on->color == us && on->type == type)
            return fmt::format(
                "{} drops a second {} on the file of {}'s {} on {}: nifu (no two unpromoted "
                "{}s of a side on one file)",
                drop_name(pos, m), piece_of(v, type).name, color_name(us), piece_of(v, type).name,
                g.name(s), piece_of(v, type).name);
    }
    return {};
}

std::string flying_general_reason(const Position& pos, const std::string& name) {
    std::string royal = "king";
    for (const auto& p : pos.rules().variant().pieces)
        if (p.royal) royal = p.name;
    return fmt::format(
        "{} leaves the two {}s facing each other with nothing between, which the flying-general "
        "rule forbids",
        name, royal);
}

std::string bikjang_reason(const Position& pos, const std::string& name) {
    std::string royal = "king";
    for (const auto& p : pos.rules().variant().pieces)
        if (p.royal) royal = p.name;
    return fmt::format(
        "{} leaves the two {}s facing each other, as they stood: under bikjang a move must break "
        "the facing (or pass)",
        name, royal);
}

// The janggi cannon's limits: what it takes, or the screen it hops over (the first piece
// between, along its line).
std::string hop_limits_reason(const Position& pos, Move m) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    const auto mover = pos.piece_at(m.from);
    if (!mover) return {};
    const PieceType& p = piece_of(v, mover->type);
    const auto letter_in = [&](const std::vector<char>& letters, int type) {
        return std::find(letters.begin(), letters.end(), piece_of(v, type).letter) != letters.end();
    };
    if (const auto victim = pos.piece_at(m.to); victim && letter_in(p.captures_not, victim->type))
        return fmt::format("{} may not capture {}", piece_phrase(pos, m.from),
                           piece_phrase(pos, m.to));
    const int dx = g.file_of(m.to) - g.file_of(m.from), dy = g.rank_of(m.to) - g.rank_of(m.from);
    const int n = std::max(std::abs(dx), std::abs(dy));
    if (n < 2 || (dx != 0 && dy != 0 && std::abs(dx) != std::abs(dy))) return {};
    for (int k = 1; k < n; ++k) {
        const Square s = g.at(g.file_of(m.from) + k * dx / n, g.rank_of(m.from) + k * dy / n);
        if (const auto on = pos.piece_at(s); on && letter_in(p.screens_not, on->type))
            return fmt::format("{} may not hop over {}", piece_phrase(pos, m.from),
                               piece_phrase(pos, s));
    }
    return {};
}

// The squares a lame leap passes (Betza's n): straight steps along its longer axis first,
// then diagonal ones, as Fairy-Stockfish walks them.
std::vector<Square> lame_path(const Geometry& g, Square from, Square to) {
    const int dx = g.file_of(to) - g.file_of(from), dy = g.rank_of(to) - g.rank_of(from);
    const int ax = std::abs(dx), ay = std::abs(dy), sx = dx > 0 ? 1 : -1, sy = dy > 0 ? 1 : -1;
    const int straight = std::abs(ax - ay), diagonal = std::min(ax, ay);
    std::vector<Square> out;
    int f = g.file_of(from), r = g.rank_of(from);
    for (int i = 0; i < straight + diagonal - 1; ++i) {
        if (i < straight) {
            (ax > ay ? f += sx : r += sy);
        } else {
            f += sx;
            r += sy;
        }
        if (g.on_board(f, r)) out.push_back(g.at(f, r));
    }
    return out;
}

std::string lame_reason(const Position& pos, Move m) {
    const Geometry& g = pos.rules().geometry();
    for (Square s : lame_path(g, m.from, m.to))
        if (pos.piece_at(s))
            return fmt::format(
                "{} cannot leap to {}: {} blocks its way (a lame leap needs the squares it "
                "passes empty)",
                piece_phrase(pos, m.from), g.name(m.to), piece_phrase(pos, s));
    return fmt::format("{} cannot leap to {}: a piece blocks its way (a lame leap)",
                       piece_phrase(pos, m.from), g.name(m.to));
}

std::string confinement_reason(const Position& pos, Move m) {
    const Geometry& g = pos.rules().geometry();
    const auto on = pos.piece_at(m.from);
    if (!on) return {};
    const PieceType& p = piece_of(pos.rules().variant(), on->type);
    if (!p.confined) return {};
    return fmt::format("{} may not leave its region ({}), and {} is outside it",
                       piece_phrase(pos, m.from), p.confined->describe(g), g.name(m.to));
}

}  // namespace

std::string explain_board_rule(const Position& pos, std::string_view text) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    for (RuleFeature f : {RuleFeature::DropRank, RuleFeature::Nifu, RuleFeature::FlyingGeneral,
                          RuleFeature::LameLeap, RuleFeature::Confinement, RuleFeature::Bikjang,
                          RuleFeature::HopLimits}) {
        if (!variant_has_board_rule(v, f, nullptr)) continue;
        const auto m = legal_with(pos, text, [f](Variant& x) { ablate_board_rule(x, f); });
        if (!m || !board_rule_move(f, *m)) continue;
        const std::string name = g.name(m->from) + "-" + g.name(m->to);
        std::string why;
        switch (f) {
            case RuleFeature::DropRank:
                why = drop_rank_reason(pos, *m);
                break;
            case RuleFeature::Nifu:
                why = nifu_reason(pos, *m);
                break;
            case RuleFeature::FlyingGeneral:
                why = flying_general_reason(pos, name);
                break;
            case RuleFeature::LameLeap:
                why = lame_reason(pos, *m);
                break;
            case RuleFeature::Bikjang:
                why = bikjang_reason(pos, name);
                break;
            case RuleFeature::HopLimits:
                why = hop_limits_reason(pos, *m);
                break;
            default:
                why = confinement_reason(pos, *m);
                break;
        }
        if (!why.empty()) return why;
    }
    return {};
}

}  // namespace referee::rules
