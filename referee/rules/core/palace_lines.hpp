// Moves along the palace lines (janggi's palace diagonals, Fairy-Stockfish's diagonalLines),
// compiled into a piece's tables when Tables::build runs: steps into its per-square leap
// tables, rides and hops as rides whose per-square reach stops where the lines end, so that
// generation pays nothing for them. Their attacks are judged by generating the piece's
// moves (complex_attacks): an attack ray looked along backwards knows no lines.
#pragma once

#include <functional>

#include "referee/rules/core/tables.hpp"

namespace referee::rules {

// Adds piece type pt's palace_moves for colour c to pp. `ray_index(dx, dy)` gives the index
// of a vector's rays (the table builder's, which adds them when new).
template <class BB>
void add_palace_moves(const Variant& v, const PieceType& pt, Color c,
                      typename Tables<BB>::PerPiece& pp,
                      const std::function<int(int, int)>& ray_index);

}  // namespace referee::rules
