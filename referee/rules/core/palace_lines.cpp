#include "referee/rules/core/palace_lines.hpp"

#include <vector>

namespace referee::rules {

template <class BB>
void add_palace_moves(const Variant& v, const PieceType& pt, Color c,
                      typename Tables<BB>::PerPiece& pp,
                      const std::function<int(int, int)>& ray_index) {
    const Geometry& g = v.geometry;
    const int nsq = g.squares();
    std::vector<bool> on(nsq, false);
    for (Square s : v.palace_lines) on[s] = true;
    // The point k steps along (dx, dy) from s, or -1 off the board or off the lines.
    const auto point = [&](int s, int dx, int dy, int k) {
        const int f = g.file_of(s) + k * dx, r = g.rank_of(s) + k * dy;
        return g.on_board(f, r) && on[g.at(f, r)] ? g.at(f, r) : -1;
    };
    for (const MoveRule& mr : pt.palace_moves) {
        const int dx = c == White ? mr.dx : -mr.dx, dy = c == White ? mr.dy : -mr.dy;
        if (!mr.is_rider() && mr.hop == Hop::None) {
            // A step: from a point to a point.
            for (int s = 0; s < nsq; ++s) {
                const int to = on[s] ? point(s, dx, dy, 1) : -1;
                if (to < 0) continue;
                if (mr.can_move) pp.leap_move[s] |= square_bit<BB>(to);
                if (mr.can_capture) pp.leap_capture[s] |= square_bit<BB>(to);
            }
            continue;
        }
        // A ride or a hop: its reach from each point ends where the line does.
        typename Tables<BB>::Ride ride{ray_index(dx, dy), mr.can_move, mr.can_capture, mr.hop,
                                       std::vector<BB>(nsq)};
        ride.palace = true;
        for (int s = 0; s < nsq; ++s) {
            if (!on[s]) continue;
            for (int k = 1; mr.range == 0 || k <= mr.range; ++k) {
                const int to = point(s, dx, dy, k);
                if (to < 0) break;
                ride.mask[s] |= square_bit<BB>(to);
            }
        }
        if (mr.can_capture) pp.complex_attacks = true;
        pp.rides.push_back(std::move(ride));
    }
}

template void add_palace_moves<Bits64>(const Variant&, const PieceType&, Color,
                                       Tables<Bits64>::PerPiece&,
                                       const std::function<int(int, int)>&);
template void add_palace_moves<Bits256>(const Variant&, const PieceType&, Color,
                                        Tables<Bits256>::PerPiece&,
                                        const std::function<int(int, int)>&);

}  // namespace referee::rules
