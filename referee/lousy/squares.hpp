// The geometry the bots' goals speak of, on the 5x6 MinitChess board: square colours,
// Manhattan distance and the point reflection through the board's centre.
#pragma once

#include <cstdlib>
#include <string>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/base/move.hpp"

namespace referee::lousy {

// A point in board coordinates (0-based file and rank). Unlike a Square it may lie off the
// board: the module aims a promoted queen at the point left of a6.
struct Cell {
    int file = 0;
    int rank = 0;
    friend bool operator==(const Cell&, const Cell&) = default;
};

inline Cell cell_of(const rules::Geometry& g, rules::Square s) {
    return {g.file_of(s), g.rank_of(s)};
}

// a1 is dark, as on a chess board ("black tile" in the draft).
inline bool is_dark(const rules::Geometry& g, rules::Square s) {
    return (g.file_of(s) + g.rank_of(s)) % 2 == 0;
}

// The draft's own examples (queens 7 apart, kings 9 apart at the start) fit only this.
inline int manhattan(Cell a, Cell b) {
    return std::abs(a.file - b.file) + std::abs(a.rank - b.rank);
}

// Strictly nearer to target after the move than before it.
inline bool closer(const rules::Geometry& g, rules::Square from, rules::Square to, Cell target) {
    return manhattan(cell_of(g, to), target) < manhattan(cell_of(g, from), target);
}

// (f, r) -> (width-1-f, height-1-r): a1 <-> e6, c3 <-> c4 on the 5x6 board.
inline rules::Square reflect(const rules::Geometry& g, rules::Square s) {
    return g.at(g.width - 1 - g.file_of(s), g.height - 1 - g.rank_of(s));
}

// "a2-a3": the name the bots sort by (start square, then target square). MinitChess
// promotes only to a queen, so no promotion letter is needed.
inline std::string dash_name(const rules::Geometry& g, rules::Move m) {
    return g.name(m.from) + "-" + g.name(m.to);
}

}  // namespace referee::lousy
