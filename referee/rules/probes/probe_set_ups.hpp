// Set-ups of the probe-position search (probe_search.cpp) that put a feature's pieces where
// it needs them: a castling that checks, chess960's castling that leaves the king where it
// stands, pieces in hand for drops and gating, first-move pieces at home, and the castling
// field's letters those searches keep (gating squares, chess960's rights).
#pragma once

#include <vector>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/probe_candidate.hpp"

namespace referee::rules::probe_search {

class SetUps {
  public:
    SetUps(const Variant& v, Rng& rng);

    // What stands at the start on the side's own square for White's square s, upper case:
    // the two sides' arrays differ in horde (White's e1 holds a pawn, Black's e8 its king).
    char home_letter(Color c, Square s) const;

    // A castling that checks: the mover's king and a rook at home, nothing between them,
    // and the enemy royal piece at the far end of the file the rook lands on, nothing
    // between either. The search then walls that royal piece in.
    void castling_check(PositionFields& f);
    // Chess960's castling that leaves the king where it stands: the king on a rule's
    // castling square, its rook beside it on the far side, the rook's square empty. No
    // other move takes the rook there, and none takes the king anywhere once the search
    // walls it in.
    void castling_in_place(PositionFields& f);
    // Pieces in the mover's hand, for drops and gating: one or two of the kinds its side
    // starts with in hand (seirawan's hawk and elephant), else of any kind that may be
    // dropped.
    void hand(PositionFields& f);
    // The mover's pieces that have a first-move leap back on their start squares, most of
    // them (the search keeps their rights in the castling field).
    void first_movers_home(PositionFields& f);

    // Letters of the castling field the search for `feature` keeps besides castling
    // rights: squares still holding their side's start piece (gating, first moves), and in
    // chess960
    // a right wherever the king stands on its first rank with a rook on that right's side.
    std::vector<char> more_rights(RuleFeature feature, const PositionFields& f) const;

  private:
    const Variant& v_;
    const Geometry& g_;
    PositionFields start_;
    Rng& rng_;
};

}  // namespace referee::rules::probe_search
