#include "referee/rules/variant/chess960.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "referee/rules/base/fen.hpp"

namespace referee::rules {
namespace {

// A piece that can only ever stand on squares of one colour: each of its moves changes file
// and rank together by an even number (the bishop, the alfil, the ferz).
bool colour_bound(const PieceType& p) {
    return !p.moves.empty() && std::all_of(p.moves.begin(), p.moves.end(), [](const MoveRule& m) {
        return (std::abs(m.dx) + std::abs(m.dy)) % 2 == 0;
    });
}

}  // namespace

std::vector<std::string> chess960_starts(const Variant& v) {
    std::vector<std::string> out;
    if (!v.chess960 || v.castling.empty()) return out;
    const Geometry& g = v.geometry;
    const PositionFields start = parse_fen(g, v.start_fen);
    std::string rank;  // White's first rank, as letters
    for (int f = 0; f < g.width; ++f) rank += start.placement[g.at(f, 0)];
    if (rank.find('.') != std::string::npos) return out;
    const char rook = start.placement[v.castling.front().rook_from];
    std::string arrangement = rank;
    std::sort(arrangement.begin(), arrangement.end());
    do {
        bool ok = true;
        // The royal piece between the rooks.
        int king = -1, first_rook = -1, last_rook = -1;
        for (int f = 0; f < g.width; ++f) {
            const char c = arrangement[f];
            if (v.pieces[v.type_of(c)].royal) king = f;
            if (c == rook) {
                if (first_rook < 0) first_rook = f;
                last_rook = f;
            }
        }
        ok = king > first_rook && king < last_rook;
        // Each colour-bound kind spread over both square colours.
        for (const PieceType& p : v.pieces) {
            if (!ok || !colour_bound(p)) continue;
            int colours[2] = {0, 0};
            for (int f = 0; f < g.width; ++f)
                if (arrangement[f] == p.letter) ++colours[f % 2];
            ok = std::abs(colours[0] - colours[1]) <= 1;
        }
        if (!ok) continue;
        PositionFields fields = start;
        for (int f = 0; f < g.width; ++f) {
            fields.placement[g.at(f, 0)] = arrangement[f];
            fields.placement[g.at(f, g.height - 1)] =
                static_cast<char>(std::tolower(static_cast<unsigned char>(arrangement[f])));
        }
        fields.castling = "KQkq";
        fields.castling_given = true;
        out.push_back(fields_to_fen(g, fields));
    } while (std::next_permutation(arrangement.begin(), arrangement.end()));
    return out;
}

}  // namespace referee::rules
