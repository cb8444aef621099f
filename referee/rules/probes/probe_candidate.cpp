#include "referee/rules/probes/probe_candidate.hpp"

#include <algorithm>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/base/move_set.hpp"
#include "referee/rules/probes/probe_moves.hpp"

namespace referee::rules {

bool en_passant_origin_legal(const Rules& rules, const PositionFields& f) {
    if (f.en_passant == "-") return true;
    const Geometry& g = rules.geometry();
    const auto over = g.parse(f.en_passant);
    if (!over) return false;
    const Color mover = ~f.side_to_move;  // the side that made the double step
    const int dir = mover == White ? 1 : -1;
    const int file = g.file_of(*over), rank = g.rank_of(*over);
    if (!g.on_board(file, rank + dir) || !g.on_board(file, rank - dir)) return false;
    const Square to = g.at(file, rank + dir), from = g.at(file, rank - dir);
    PositionFields before = f;
    auto move_back = [&](auto& marks) {
        if (marks.empty()) return;
        marks[from] = marks[to];
        marks[to] = false;
    };
    before.placement[from] = f.placement[to];
    before.placement[to] = '.';
    move_back(before.promoted);
    move_back(before.plus);
    before.side_to_move = mover;
    before.en_passant = "-";
    try {
        const Position pos = rules.from_fields(before);
        const auto legal = pos.legal_moves();
        return std::any_of(legal.begin(), legal.end(),
                           [&](Move m) { return m.drop == 0 && m.from == from && m.to == to; });
    } catch (const std::exception&) {
        return false;
    }
}

}  // namespace referee::rules

namespace referee::rules::probe_search {

int pick(Rng& rng, int n) {
    return static_cast<int>(rng() % static_cast<std::uint64_t>(n));
}

bool missing_kind(RuleFeature f) {
    return f == RuleFeature::EnPassant || f == RuleFeature::DoubleStep ||
           f == RuleFeature::KingCapture || f == RuleFeature::Promotion ||
           f == RuleFeature::NoLegalMove || f == RuleFeature::SideStepMove ||
           f == RuleFeature::CastlingMove || f == RuleFeature::CastlingOnlyMove ||
           f == RuleFeature::DropMove || f == RuleFeature::GatingMove ||
           f == RuleFeature::PromotionMove || f == RuleFeature::FirstMove ||
           f == RuleFeature::PassMove || winning_ending(f).has_value();
}

double distance_to_win(const Position& pos, const std::vector<Move>& moves,
                       std::vector<Move>& winning) {
    double best = 1e9;
    for (Move m : moves) {
        if (wins_at_once(pos, m)) {
            winning.push_back(m);
            best = 0;
            continue;
        }
        Position after = pos;
        after.play(m);
        // A move that ends the game without winning it (a mate, where being mated wins:
        // losers) is no step towards a win.
        if (after.outcome()) continue;
        best = std::min(
            best, static_cast<double>(after.legal_moves().size()) + (after.in_check() ? 0 : 1));
    }
    return best;
}

bool judge_moves(RuleFeature f, const Position& pos, const std::vector<Move>& legal,
                 const std::vector<Move>& flawed, Scored& s) {
    const MoveSet legal_set(legal), flawed_set(flawed);
    ProbePosition& p = s.probe;
    for (Move m : flawed) {
        if (legal_set.contains(m)) {
            ++p.flawed_legal;
            s.lucky.push_back(m);
        } else {
            p.flawed_only.push_back(m);
        }
    }
    for (Move m : legal)
        if (!flawed_set.contains(m)) p.missed.push_back(m);
    if (missing_kind(f) ? p.missed.empty() : p.flawed_only.empty()) return false;
    // An ending's winning move is asked where other legal moves exist: an engine that
    // does not know the ending plays one of those, it does not resign.
    if (winning_ending(f) && p.flawed_legal == 0) return false;
    // The share of the moves in play (the flawed engine's and the ones it misses) that a
    // flawed engine could pick and still pass: what the search drives towards zero.
    const std::size_t moves_in_play = flawed.size() + p.missed.size();
    // For a missing move only the count matters (it must reach zero), and counting leaves
    // the search room to wander between positions with as many.
    s.luck = missing_kind(f)
                 ? p.flawed_legal
                 : static_cast<double>(p.flawed_legal) / static_cast<double>(moves_in_play);
    // A missing move is caught only when the flawed engine has nothing legal to play.
    s.catches = !missing_kind(f) || p.flawed_legal == 0;
    if (wins_at_once_feature(f)) {
        // The feature's move must win at once, and no other move may: the flawed engine's
        // winning moves are its luck, and the feature's distance from a win comes first.
        int flawed_winning = 0;
        for (Move m : s.lucky) flawed_winning += wins_at_once(pos, m) ? 1 : 0;
        // An ending's winning moves are the ones the flawed engine misses, by definition.
        if (winning_ending(f)) p.winning = p.missed;
        const double distance = winning_ending(f) ? 0 : distance_to_win(pos, p.missed, p.winning);
        s.luck = distance * 100 + flawed_winning;
        s.catches = distance == 0 && flawed_winning == 0;
    }
    return true;
}

PositionFields asked_fields(const PositionFields& f) {
    PositionFields out = f;
    out.promoted.clear();
    out.halfmove_clock = 0;
    out.fullmove_number = 1;
    return out;
}

std::string fen_of(const Geometry& g, const PositionFields& f) {
    return fields_to_fen(g, asked_fields(f));
}

}  // namespace referee::rules::probe_search
