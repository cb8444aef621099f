// The candidates of the probe-position search (probe_search.cpp): a position with the
// move that leads to it, how well it catches an engine without the feature, and the
// measures the search steers by.
#pragma once
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "referee/rules/probes/probes.hpp"

namespace referee::rules::probe_search {

using Rng = std::mt19937_64;

int pick(Rng& rng, int n);

// Features whose flaw is a missing move (the engine fails only when it has nothing else).
bool missing_kind(RuleFeature f);

// How far the feature's moves are from winning at once: 0 when one of them wins; else, after
// the best of them, the opponent's replies, plus one when it is not even in check. What the
// search drives down towards a castling that mates.
double distance_to_win(const Position& pos, const std::vector<Move>& moves,
                       std::vector<Move>& winning);

// A candidate: the fields of a position, and for discovered check the opponent's move that
// leads to the position asked.
struct Candidate {
    PositionFields fields;
    std::optional<Move> lead;
};

struct Scored {
    ProbePosition probe;
    double luck = 2;  // share of the flawed engine's moves that are legal (lower is better)
    std::size_t size = 0;
    std::vector<Move> lucky;  // the moves the flawed engine could pick and still be legal
    bool ok = false;
    bool catches =
        false;  // a flawed engine fails here whatever it picks (missing moves), or may (extra ones)
    bool better_than(const Scored& o) const {
        if (!o.ok) return ok;
        if (!ok) return false;
        if (luck != o.luck) return luck < o.luck;
        return size < o.size;
    }
    bool as_good_as(const Scored& o) const { return ok && !o.better_than(*this); }
};

// Fills s from the legal moves of pos and the ones the flawed engine believes in: the
// probe's move sets (and winning moves), the luck the search lowers and whether the position
// catches the flaw. False when the position cannot catch it at all.
bool judge_moves(RuleFeature f, const Position& pos, const std::vector<Move>& legal,
                 const std::vector<Move>& flawed, Scored& s);

// The candidate's fields as asked: the clocks reset; the check counters and the hand stay (a
// check-count probe is asked with one check to go). Promoted marks are dropped: the search
// moves pieces, and a mark would not follow its piece.
PositionFields asked_fields(const PositionFields& f);
// Their FEN, the probe's.
std::string fen_of(const Geometry& g, const PositionFields& f);

}  // namespace referee::rules::probe_search
