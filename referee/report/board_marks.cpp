#include "referee/report/board_marks.hpp"

#include <algorithm>
#include <array>
#include <set>

namespace referee::report {
namespace {

using Rect = std::array<int, 4>;  // file lo, file hi, rank lo, rank hi (0-based, absolute)

// Where one side's region lies on the board, and the lines between ranks where it ends.
void add_region(const rules::Geometry& g, const rules::PieceRegion& r, std::set<Rect>& rects,
                std::set<int>& rivers) {
    const int file_lo = std::max(0, r.file_lo), file_hi = std::min(g.width - 1, r.file_hi);
    const int rank_lo = std::max(1, r.rank_lo), rank_hi = std::min(g.height, r.rank_hi);
    if (file_lo > file_hi || rank_lo > rank_hi) return;
    const bool whole_width = file_lo == 0 && file_hi == g.width - 1;
    for (const rules::Color side : {rules::White, rules::Black}) {
        // Relative rank k (1-based) is White's index k - 1 and Black's height - k.
        const int a = side == rules::White ? rank_lo - 1 : g.height - rank_hi;
        const int b = side == rules::White ? rank_hi - 1 : g.height - rank_lo;
        if (!whole_width) {
            rects.insert({file_lo, file_hi, a, b});
            continue;
        }
        // A band of whole ranks is drawn by where it ends: a line after rank a - 1 and
        // after rank b, where those are on the board.
        if (a > 0) rivers.insert(a - 1);
        if (b < g.height - 1) rivers.insert(b);
    }
}

}  // namespace

nlohmann::ordered_json board_marks_json(const rules::Variant& v) {
    std::set<Rect> rects;
    std::set<int> rivers;
    for (const rules::PieceType& p : v.pieces) {
        if (p.confined) add_region(v.geometry, *p.confined, rects, rivers);
        if (p.extra_moves) add_region(v.geometry, p.extra_moves->region, rects, rivers);
    }
    nlohmann::ordered_json regions = nlohmann::ordered_json::array();
    for (const Rect& r : rects)
        regions.push_back({{"files", {r[0], r[1]}}, {"ranks", {r[2], r[3]}}});
    return {{"regions", regions}, {"rivers", rivers}};
}

}  // namespace referee::report
