#include "referee/rules/probes/probe_candidate.hpp"

#include <algorithm>

#include "referee/rules/base/fen.hpp"
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
        const Position pos = rules.from_fen(fields_to_fen(g, before));
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
           f == RuleFeature::CastlingMove || winning_ending(f).has_value();
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

std::string fen_of(const Geometry& g, const PositionFields& f) {
    PositionFields out = f;
    out.promoted.clear();
    out.halfmove_clock = 0;
    out.fullmove_number = 1;
    return fields_to_fen(g, out);
}

}  // namespace referee::rules::probe_search
