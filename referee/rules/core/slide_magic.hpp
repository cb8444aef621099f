// The magic lookups of the slide groups (64-square boards), found when a variant loads
// (Tables::build in core/tables.cpp packs a piece's plain rides into groups and asks here
// for each group's table), and the seeded generator that finds them and the Zobrist keys.
#pragma once
#include <cstdint>
#include <utility>
#include <vector>

#include "referee/rules/core/tables.hpp"

namespace referee::rules {

// Fixed seed: Zobrist keys, and so repetition detection, are the same in every run.
struct SplitMix64 {
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

// Slides of one group: the index of each ray's vector and its reach from every square.
using SlideList = std::vector<std::pair<int, std::vector<Bits64>>>;

// The squares of a slide's reach whose occupancy matters: all but the farthest.
Bits64 slide_blockers(const Tables<Bits64>& t, int vec, Bits64 reach);

// The table of a group of slides: one of t.slide_tables built for the same slides, or a
// new one added there.
const SlideTable* slide_table(Tables<Bits64>& t, SlideList slides, int nsq);

// The squares strictly between `from` and `to` along the one slide of a group that reaches
// `to`; false when several do (a (1,1) and a (2,2) rider): which squares block is then
// ambiguous, and the caller (exact legality, core/movegen.cpp) falls back to trials.
inline bool slide_between(const Tables<Bits64>& t, const SlideTable& group, int from, int to,
                          Bits64& path) {
    int found = 0;
    for (const auto& [vec, mask] : group.slides)
        if (test(mask[from], to)) {
            path = mask[from] & ~t.ray[vec][to] & ~square_bit<Bits64>(to);
            ++found;
        }
    return found == 1;
}

}  // namespace referee::rules
