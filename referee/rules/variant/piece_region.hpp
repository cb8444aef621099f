// Regions of the board a piece keeps to or gains moves in (Fairy-Stockfish's mobility
// regions and its soldier's river): the xiangqi palace for the king and the advisors, the
// elephant's own side of the river, the soldier's sideways step once across it. A region is
// a rectangle of files and of ranks counted from each side's own back rank, so one
// definition serves both colours (Black's palace is White's, mirrored).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/variant/betza.hpp"

namespace referee::rules {

struct PieceRegion {
    int file_lo = 0, file_hi = kMaxFiles - 1;  // 0-based files, both included
    int rank_lo = 1, rank_hi = kMaxRanks;      // ranks relative to the side, 1-based, included
    bool contains(const Geometry& g, Color c, Square s) const {
        const int f = g.file_of(s), r = g.relative_rank(c, s);
        return f >= file_lo && f <= file_hi && r >= rank_lo && r <= rank_hi;
    }
    // "files d-f, ranks 1-3" (ranks counted from the side's own back rank)
    std::string describe(const Geometry& g) const;
};

// Moves a piece has only on the squares of a region, beside its own (the soldier's `sW`
// across the river).
struct RegionMoves {
    PieceRegion region;
    std::string betza;
    std::vector<MoveRule> moves;
};

// "d-f" or "e" (files), "1-3" or "6" (ranks): the range as numbers, or an error sentence.
// Files come back 0-based, ranks 1-based.
struct RangeParse {
    int lo = 0, hi = 0;
    std::string error;  // empty: parsed
};
RangeParse parse_file_range(std::string_view text, int width);
RangeParse parse_rank_range(std::string_view text, int height);

}  // namespace referee::rules
