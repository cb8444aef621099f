#include "referee/rules/core/tables.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cstdlib>
#include <type_traits>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/core/bent_moves.hpp"
#include "referee/rules/core/cylindrical_moves.hpp"
#include "referee/rules/core/palace_lines.hpp"
#include "referee/rules/core/slide_magic.hpp"
#include "referee/rules/variant/drop_zone.hpp"

namespace referee::rules {
namespace {

int sign(int x) {
    return (x > 0) - (x < 0);
}

}  // namespace

namespace {

// Builds the tables of one variant, one job per function; build() below runs them in order.
template <class BB>
struct TableBuilder {
    using T = Tables<BB>;
    T& t;
    const Variant& v;
    const Geometry& g;
    const int nsq;

    // Rays: the index of vector (dx, dy), adding it and its ray from every square when new.
    int ray_index(int dx, int dy) {
        for (std::size_t i = 0; i < t.vectors.size(); ++i)
            if (t.vectors[i] == std::make_pair(dx, dy)) return static_cast<int>(i);
        t.vectors.emplace_back(dx, dy);
        t.vec_step.push_back(dy * g.width + dx);
        std::vector<BB> rays(kBits<BB>);
        for (int s = 0; s < nsq; ++s) {
            int f = g.file_of(s) + dx, r = g.rank_of(s) + dy;
            for (; g.on_board(f, r); f += dx, r += dy) rays[s] |= square_bit<BB>(g.at(f, r));
        }
        t.ray.push_back(std::move(rays));
        return static_cast<int>(t.vectors.size()) - 1;
    }

    // What kind each piece type is (royal, pawn, en passant), and the material draws' sizes.
    void piece_kinds() {
        for (int ti = 0; ti < t.ntypes; ++ti) {
            const PieceType& pt = v.pieces[ti];
            if (pt.royal) t.royal_types |= 1u << ti;
            if (pt.pawn) t.pawn_types |= 1u << ti;
            if (pt.en_passant) t.en_passant_types |= 1u << ti;
            for (Color c : {White, Black})
                for (char letter : pt.promotions(c))
                    if (v.pieces[v.type_of(letter)].royal) t.royal_promotion = true;
        }
        for (const MaterialDraw& d : v.end.insufficient_material) {
            const std::size_t total = d.strong.size() + d.weak.size();
            if (total < 64) t.material_draw_sizes |= std::uint64_t(1) << total;
        }
    }

    // Rides (sliders, limited riders, hoppers): the squares along (dx, dy) from each square.
    void ride(typename T::PerPiece& pp, const MoveRule& mr, int dx, int dy, int dx2, int dy2) {
        typename T::Ride ride{ray_index(dx, dy), mr.can_move, mr.can_capture, mr.hop,
                              std::vector<BB>(nsq)};
        if (mr.wrap) {  // walked along its squares, its attacks generated (cylindrical_moves)
            ride.wraps = pp.wraps = true;
            for (int s = 0; s < nsq; ++s)
                for (int to : ride.path.emplace_back(cylindrical_path(g, s, dx, dy, mr.range)))
                    ride.mask[s] |= square_bit<BB>(to);
            pp.complex_attacks = pp.complex_attacks || mr.can_capture;
            return pp.rides.push_back(std::move(ride));
        }
        if (mr.bent) {  // walked along its legs, its attacks generated (bent_moves.hpp)
            set_bent_ride<BB>(ride, g, mr, dx, dy, dx2, dy2);
            pp.complex_attacks = pp.complex_attacks || mr.can_capture;
            return pp.rides.push_back(std::move(ride));
        }
        for (int s = 0; s < nsq; ++s) {
            int f = g.file_of(s) + dx, r = g.rank_of(s) + dy;
            // A hop's range counts the whole move, the screen's squares included (pR2: the
            // screen next to it, the square beyond), as Fairy-Stockfish counts it.
            for (int k = 1; g.on_board(f, r) && (mr.range == 0 || k <= mr.range);
                 ++k, f += dx, r += dy)
                ride.mask[s] |= square_bit<BB>(g.at(f, r));
        }
        if (mr.hop != Hop::None && mr.can_capture) pp.complex_attacks = true;
        pp.rides.push_back(std::move(ride));
    }

    // The squares a lame leap (dx, dy) from s passes, which must be empty: those between on
    // a line, or one orthogonal step on the long side and then diagonal ones short of the
    // target (the xiangqi horse's one square, the janggi elephant's two).
    BB lame_path(int s, int dx, int dy, bool wrap = false) const {
        BB path{};
        const int f = g.file_of(s), r = g.rank_of(s), sx = sign(dx), sy = sign(dy);
        // The files joined for a wrapping leap (o): its way wraps too.
        const auto at = [&](int x, int y) { return g.at(wrap ? wrapped_file(g, x) : x, y); };
        if (dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy)) {
            for (int k = 1; k < std::max(std::abs(dx), std::abs(dy)); ++k)
                path |= square_bit<BB>(at(f + k * sx, r + k * sy));
        } else {
            const bool wide = std::abs(dx) > std::abs(dy);
            for (int k = 0; k < std::min(std::abs(dx), std::abs(dy)); ++k)
                path |= square_bit<BB>(wide ? at(f + (k + 1) * sx, r + k * sy)
                                            : at(f + k * sx, r + (k + 1) * sy));
        }
        return path;
    }

    // Lame leapers: the leap from each square with the squares that must be empty on its way.
    // Many-way and bent leaps (nn, N-W) have a way per entry (bent_moves.hpp).
    void lame_leap(typename T::PerPiece& pp, const MoveRule& mr, int dx, int dy, int dx2 = 0,
                   int dy2 = 0) {
        for (int s = 0; s < nsq; ++s) {
            if (mr.any_way || mr.bent) {
                add_leap_ways<BB>(pp, g, s, mr, dx, dy, dx2, dy2);
                continue;
            }
            const int to = step_target(g, s, dx, dy, mr.wrap);
            if (to == kNoSquare) continue;
            const BB path = lame_path(s, dx, dy, mr.wrap);
            pp.lame[s].push_back({to, path, mr.can_move, mr.can_capture});
            pp.has_lame = true;
            if (mr.can_capture) pp.complex_attacks = true;
        }
    }

    // Leaps: the target square from each square, and the whole-board shift for the vector.
    void leap(typename T::PerPiece& pp, const MoveRule& mr, int dx, int dy) {
        for (int s = 0; s < nsq; ++s) {
            const int to = step_target(g, s, dx, dy, mr.wrap);
            if (to == kNoSquare) continue;
            if (mr.can_move) pp.leap_move[s] |= square_bit<BB>(to);
            if (mr.can_capture) pp.leap_capture[s] |= square_bit<BB>(to);
        }
        if (mr.wrap) return void(pp.wraps = true);  // round the edges: not one shift
        // One shift per vector, whatever the number of rules naming it.
        const int step = dy * g.width + dx;
        auto same =
            std::find_if(pp.shifts.begin(), pp.shifts.end(),
                         [&](const typename T::Shift& x) { return x.dx == dx && x.dy == dy; });
        if (same == pp.shifts.end()) {
            BB from{};
            for (int s = 0; s < nsq; ++s)
                if (g.on_board(g.file_of(s) + dx, g.rank_of(s) + dy)) from |= square_bit<BB>(s);
            pp.shifts.push_back({dx, dy, step, from, mr.can_move, mr.can_capture});
        } else {
            same->move = same->move || mr.can_move;
            same->capture = same->capture || mr.can_capture;
        }
    }

    // Attacks by leaps, looked up backwards from the target; which types attack by leaping.
    void leap_attacks(Color c, int ti, typename T::PerPiece& pp) {
        for (int s = 0; s < nsq; ++s) {
            BB caps = pp.leap_capture[s];
            while (any(caps)) pp.reverse_leap_capture[pop_lsb(caps)] |= square_bit<BB>(s);
            if (any(pp.leap_capture[s])) t.leap_attackers[c] |= 1u << ti;
        }
        if (pp.complex_attacks) t.complex_attackers[c] |= 1u << ti;
    }

    // For a piece with hops or lame leaps: every square it could capture from each square,
    // whatever stands between, looked up backwards (rays are linked by now).
    void reverse_capture_span(typename T::PerPiece& pp) {
        pp.reverse_capture_span.assign(nsq, BB{});
        for (int s = 0; s < nsq; ++s) {
            BB span = pp.leap_capture[s];
            for (const auto& ride : pp.rides)
                if (ride.capture)
                    span |= ride.hop == Hop::None || ride.walked() ? ride.mask[s] : ride.ray[s];
            for (const auto& leap : pp.lame[s])
                if (leap.capture) span |= square_bit<BB>(leap.to);
            while (any(span)) pp.reverse_capture_span[pop_lsb(span)] |= square_bit<BB>(s);
        }
    }

    // Promotion: the zone and the types a piece may become.
    void promotion(Color c, const PieceType& pt, typename T::PerPiece& pp) {
        if (pt.promotes_to.empty()) return;
        if (pt.promotion_on_capture || pt.promotion_every_move) {
            // Micro shogi: every capture turns the piece over, nothing else does (the generator
            // sends its quiet moves past the promotion, movegen.cpp). Kyoto shogi: every move
            // does, the whole board being its zone.
            pp.promotion_zone = pp.forced_promotion_zone = t.board;
            for (char letter : pt.promotions(c)) pp.promotion_types.push_back(v.type_of(letter));
            pp.promotion_choices = static_cast<int>(pp.promotion_types.size());
            pp.promotes_on_capture = pt.promotion_on_capture;
            return;
        }
        const int zone = pt.promotion_rank ? pt.promotion_rank : g.height;
        for (int s = 0; s < nsq; ++s)
            if (g.relative_rank(c, s) >= zone) pp.promotion_zone |= square_bit<BB>(s);
        for (char letter : pt.promotions(c)) pp.promotion_types.push_back(v.type_of(letter));
        const int forced = !pt.promotion_optional         ? zone
                           : pt.forced_promotion_rank > 0 ? pt.forced_promotion_rank
                           : pt.forced_promotion_rank < 0 ? g.height + 1  // never
                                                          : g.height;
        for (int s = 0; s < nsq; ++s)
            if (g.relative_rank(c, s) >= forced) pp.forced_promotion_zone |= square_bit<BB>(s);
        pp.optional_promotion = pp.promotion_zone & ~pp.forced_promotion_zone;
        pp.leaving_forced = pt.promotion_optional ? pp.forced_promotion_zone : t.board;
        pp.promotion_choices = static_cast<int>(pp.promotion_types.size());
        pp.promotes_leaving = pt.promotion_leaving;
    }

    // Double steps: the squares a piece may step twice from.
    void double_steps(Color c, const PieceType& pt, typename T::PerPiece& pp) {
        for (int rank : pt.double_step_ranks)
            for (int s = 0; s < nsq; ++s) {
                int to = s + 2 * pp.forward;
                if (g.relative_rank(c, s) == rank && to >= 0 && to < nsq)
                    pp.double_step_from |= square_bit<BB>(s);
            }
    }

    // First moves: from each square, every target of each move with the squares on its way
    // (a ride is a leap per distance, its nearer squares on the way), Black's turned half round.
    void first_moves(Color c, const PieceType& pt, typename T::PerPiece& pp) {
        if (pt.first_moves.empty()) return;
        pp.first.assign(nsq, {});
        for (int s = 0; s < nsq; ++s) {
            for (int rank : pt.first_move_ranks)
                if (g.relative_rank(c, s) == rank) pp.first_from |= square_bit<BB>(s);
            for (const MoveRule& m : pt.first_moves) {
                const int dx = c == White ? m.dx : -m.dx, dy = c == White ? m.dy : -m.dy;
                BB path{};
                for (int k = 1; m.range == 0 || k <= m.range; ++k) {
                    const int f = g.file_of(s) + k * dx, r = g.rank_of(s) + k * dy;
                    if (!g.on_board(f, r)) break;
                    const int to = g.at(f, r);
                    if (m.lame && !m.is_rider()) path = lame_path(s, dx, dy);
                    // Over every square between, along a line: en passant may take it there.
                    const int n = std::max(std::abs(k * dx), std::abs(k * dy));
                    const bool line = (dx == 0 || dy == 0 || std::abs(dx) == std::abs(dy)) &&
                                      n >= 2 && popcount(path) == n - 1;
                    const bool double_step = !m.can_capture && line;
                    pp.first[s].push_back({{to, path, m.can_move, m.can_capture}, double_step});
                    path |= square_bit<BB>(to);
                }
            }
        }
    }

    // The squares of a region for one side.
    BB region_squares(Color c, const PieceRegion& region) const {
        BB out{};
        for (int s = 0; s < nsq; ++s)
            if (region.contains(g, c, s)) out |= square_bit<BB>(s);
        return out;
    }

    // Moves a piece has on the squares of a region only: built as its own moves are, then
    // kept from those squares (leaps only, which the variant file checks).
    void extra_moves(Color c, const PieceType& pt, typename T::PerPiece& pp) {
        typename T::PerPiece extra;
        extra.leap_move.assign(nsq, BB{});
        extra.leap_capture.assign(nsq, BB{});
        extra.lame.assign(nsq, {});
        for (const MoveRule& mr : pt.extra_moves->moves) {
            const int dx = c == White ? mr.dx : -mr.dx, dy = c == White ? mr.dy : -mr.dy;
            if (mr.lame)
                lame_leap(extra, mr, dx, dy);
            else
                leap(extra, mr, dx, dy);
        }
        const BB from = region_squares(c, pt.extra_moves->region);
        for (int s = 0; s < nsq; ++s) {
            if (!test(from, s)) continue;
            pp.leap_move[s] |= extra.leap_move[s];
            pp.leap_capture[s] |= extra.leap_capture[s];
            for (const auto& l : extra.lame[s]) pp.lame[s].push_back(l);
        }
        pp.has_lame = pp.has_lame || extra.has_lame;
        pp.complex_attacks = pp.complex_attacks || extra.complex_attacks;
    }

    // Confinement: every move and capture, from any square, ends inside the region. Done on
    // the per-square tables, so that generation and attack tests pay nothing for it.
    void confine(Color c, const PieceRegion& region, typename T::PerPiece& pp) {
        const BB inside = region_squares(c, region);
        for (int s = 0; s < nsq; ++s) {
            pp.leap_move[s] &= inside;
            pp.leap_capture[s] &= inside;
            std::erase_if(pp.lame[s],
                          [&](const typename T::LameLeap& l) { return !test(inside, l.to); });
        }
    }

    // One colour's piece type: its moves, attacks, promotion and double steps.
    void piece(Color c, int ti) {
        const PieceType& pt = v.pieces[ti];
        typename T::PerPiece& pp = t.per_piece[c * t.ntypes + ti];
        pp.leap_move.assign(nsq, BB{});
        pp.leap_capture.assign(nsq, BB{});
        pp.reverse_leap_capture.assign(nsq, BB{});
        pp.lame.assign(nsq, {});
        pp.forward = c == White ? g.width : -g.width;
        for (const MoveRule& mr : pt.moves) {
            const int dx = c == White ? mr.dx : -mr.dx, dy = c == White ? mr.dy : -mr.dy;
            const int dx2 = c == White ? mr.dx2 : -mr.dx2, dy2 = c == White ? mr.dy2 : -mr.dy2;
            if (mr.bent_leap() || (mr.lame && !mr.is_rider()))
                lame_leap(pp, mr, dx, dy, dx2, dy2);
            else if (mr.hop != Hop::None || mr.is_rider() || mr.bent)
                ride(pp, mr, dx, dy, dx2, dy2);
            else
                leap(pp, mr, dx, dy);
        }
        if (pt.extra_moves) extra_moves(c, pt, pp);
        if (!pt.palace_moves.empty())
            add_palace_moves<BB>(v, pt, c, pp,
                                 [this](int dx, int dy) { return ray_index(dx, dy); });
        for (char letter : pt.screens_not) pp.screens_not |= 1u << v.type_of(letter);
        for (char letter : pt.captures_not) pp.captures_not |= 1u << v.type_of(letter);
        if (pt.confined) confine(c, *pt.confined, pp);
        // Moves that differ from square to square are not one shift of the whole set, and
        // shifted counting looks at targets alone, not where a promotion starts.
        pp.shiftable = kBits<BB> == 64 && pp.rides.empty() && !pp.has_lame && !pp.wraps &&
                       !pt.confined && !pt.extra_moves && !pt.promotion_leaving &&
                       !pt.promotion_on_capture && pt.palace_moves.empty();
        pp.shift_group_min = std::max(1, static_cast<int>(pp.shifts.size() + 1) / 2);
        leap_attacks(c, ti, pp);
        promotion(c, pt, pp);
        double_steps(c, pt, pp);
        first_moves(c, pt, pp);
    }

    // Attack rays: an attacker riding vector (dx, dy) is found from the target along
    // (-dx, -dy). Grouped by vector so each direction is looked along once.
    void attack_rays(Color c) {
        for (int ti = 0; ti < t.ntypes; ++ti) {
            const typename T::PerPiece& pp = t.per_piece[c * t.ntypes + ti];
            for (std::size_t ri = 0; ri < pp.rides.size(); ++ri) {
                const typename T::Ride& ride = pp.rides[ri];
                if (!ride.capture || ride.hop != Hop::None || ride.palace || ride.walked())
                    continue;
                auto [dx, dy] = t.vectors[ride.vec];
                int rev = ray_index(-dx, -dy);
                auto it = std::find_if(
                    t.attack_rays[c].begin(), t.attack_rays[c].end(),
                    [&](const typename T::AttackRay& a) { return a.reverse_vec == rev; });
                if (it == t.attack_rays[c].end()) {
                    t.attack_rays[c].push_back(typename T::AttackRay{rev, 0, {}});
                    it = t.attack_rays[c].end() - 1;
                }
                // The range of this ride, read back from its rule.
                const MoveRule* rule = nullptr;
                for (const MoveRule& mr : v.pieces[ti].moves)
                    if ((c == White ? mr.dx : -mr.dx) == dx &&
                        (c == White ? mr.dy : -mr.dy) == dy && mr.is_rider() &&
                        mr.hop == Hop::None && mr.can_capture)
                        rule = &mr;
                if (!rule || rule->range == 0)
                    it->types |= 1u << ti;
                else
                    it->limited.emplace_back(ti, rule->range);
                t.ray_attackers[c] |= 1u << ti;
            }
        }
    }

    // Slide groups (64-square boards): a piece's plain rides, orthogonal and other directions
    // apart, packed into groups of at most kGroupBits blocking squares from any square, each
    // looked up with one magic multiply. Like groups share one table: a queen's two groups
    // are the rook's and the bishop's. Small groups keep the tables in the first-level cache
    // on small boards.
    static constexpr int kGroupBits = 12;
    using Slides = SlideList;

    Bits64 inner(int vec, Bits64 reach) const { return slide_blockers(t, vec, reach); }

    std::vector<const SlideTable*> pack(Slides slides) {
        auto diagonal = [&](const auto& slide) {
            auto [dx, dy] = t.vectors[slide.first];
            return dx != 0 && dy != 0;
        };
        std::stable_sort(slides.begin(), slides.end(), [&](const auto& a, const auto& b) {
            return std::make_pair(diagonal(a), a.first) < std::make_pair(diagonal(b), b.first);
        });
        std::vector<const SlideTable*> out;
        Slides group;
        std::vector<Bits64> blocking(nsq, 0);
        for (auto& slide : slides) {
            bool fits = group.empty() || diagonal(group.back()) == diagonal(slide);
            for (int s = 0; s < nsq; ++s)
                fits = fits &&
                       popcount(blocking[s] | inner(slide.first, slide.second[s])) <= kGroupBits;
            if (!fits) {
                out.push_back(rules::slide_table(t, std::move(group), nsq));
                group.clear();
                blocking.assign(nsq, 0);
            }
            for (int s = 0; s < nsq; ++s) blocking[s] |= inner(slide.first, slide.second[s]);
            group.push_back(std::move(slide));
        }
        if (!group.empty()) out.push_back(rules::slide_table(t, std::move(group), nsq));
        return out;
    }

    void slide_groups() {
        if constexpr (std::is_same_v<BB, Bits64>) {
            for (auto& pp : t.per_piece) {
                Slides slides;
                // Wrapping rides are walked along their paths (cylindrical_moves.hpp).
                for (const auto& ride : pp.rides)
                    if (ride.move && ride.capture && ride.hop == Hop::None && !ride.walked())
                        slides.emplace_back(ride.vec, ride.mask);
                for (const SlideTable* st : pack(std::move(slides)))
                    pp.slide_groups.push_back(st->squares.data());
                Slides captures;
                for (const auto& ride : pp.rides)
                    if (ride.capture && ride.hop == Hop::None && !ride.walked())
                        captures.emplace_back(ride.vec, ride.mask);
                for (const SlideTable* st : pack(std::move(captures)))
                    pp.capture_groups.push_back(st->squares.data());
            }
            // Attacks: from the target along each capturing ride reversed, the same range.
            for (Color c : {White, Black})
                for (int ti = 0; ti < t.ntypes; ++ti) {
                    Slides reversed;
                    for (const auto& ride : t.piece(c, ti).rides) {
                        if (!ride.capture || ride.hop != Hop::None || ride.walked()) continue;
                        auto [dx, dy] = t.vectors[ride.vec];
                        std::vector<Bits64> mask(nsq, 0);
                        for (int from = 0; from < nsq; ++from)
                            for (Bits64 to = ride.mask[from]; to;)
                                mask[pop_lsb(to)] |= square_bit<Bits64>(from);
                        reversed.emplace_back(ray_index(-dx, -dy), std::move(mask));
                    }
                    for (const SlideTable* st : pack(std::move(reversed))) {
                        const SlideMagic* group = st->squares.data();
                        auto& groups = t.attack_groups[c];
                        auto it = std::find_if(groups.begin(), groups.end(),
                                               [&](const auto& x) { return x.group == group; });
                        if (it == groups.end())
                            groups.push_back({group, st, 1u << ti});
                        else
                            it->types |= 1u << ti;
                    }
                }
        }
    }

    // Whether the start array's piece `letter` on a castling rule's king square may castle for
    // `c`: a piece of that side, neither a pawn nor of the rook's type.
    bool can_castle_as_king(char letter, Color c, int rook_type) const {
        if (letter == '.' ||
            (std::isupper(static_cast<unsigned char>(letter)) != 0) != (c == White))
            return false;
        const int type = v.type_of(letter);
        return type >= 0 && type != rook_type && !v.pieces[type].pawn;
    }

    // Castling, White's rules then Black's mirrored ones.
    void castling() {
        PositionFields start = parse_fen(g, v.start_fen);
        t.castle_set.clear.assign(nsq, 0);
        for (Color c : {White, Black}) {
            for (const CastlingRule& cr : v.castling) {
                if (!cr.applies(c)) continue;
                auto side = [&](int s) { return c == White ? s : g.mirror_rank(s); };
                // The variant loader made sure a piece of this side stands on the rook square.
                const int rook_type = cr.rook_piece
                                          ? v.type_of(cr.rook_piece)
                                          : v.type_of(start.placement[side(cr.rook_from)]);
                auto k = T::make_castle(
                    c, c == White ? cr.right : static_cast<char>(std::tolower(cr.right)),
                    side(cr.king_from), side(cr.king_to), side(cr.rook_from), side(cr.rook_to),
                    rook_type);
                const char king = start.placement[side(cr.king_from)];
                // A side whose start array has no piece that could castle on the king's square
                // (horde's White: a pawn on e1, and pawns where the rooks would be) has no
                // castling: rights given for it in a FEN are refused, as Fairy-Stockfish has
                // no castling without its castling king.
                if (!cr.king_piece && !can_castle_as_king(king, c, rook_type)) continue;
                if (king != '.') k.king_type = v.type_of(king);
                if (cr.king_piece) k.king_type = v.type_of(cr.king_piece);
                t.castle_set.add(std::move(k), nsq);
            }
        }
    }

    // Every ray exists now, so the rides and attack rays can point into them.
    void link_rays() {
        for (auto& pp : t.per_piece)
            for (typename T::Ride& ride : pp.rides) {
                ride.forward = t.vec_step[ride.vec] > 0;
                ride.ray = t.ray[ride.vec].data();
                if (ride.walked())
                    pp.walked_rides.push_back(&ride);
                else if (ride.move && ride.capture && ride.hop == Hop::None) {
                    if (std::is_same_v<BB, Bits64>) continue;  // in slide_groups
                    (ride.forward ? pp.forward_slides : pp.backward_slides)
                        .push_back({ride.mask.data(), ride.ray});
                } else
                    pp.other_rides.push_back(&ride);
            }
        for (auto& rays : t.attack_rays)
            for (typename T::AttackRay& ar : rays) {
                ar.forward = t.vec_step[ar.reverse_vec] > 0;
                ar.ray = t.ray[ar.reverse_vec].data();
            }
    }

    // Endings, and which state beyond the placement positions keep.
    void endings_and_extras() {
        t.endings = v.endings;
        for (const Ending& e : v.endings)
            if (e.immediate && e.reason != EndReason::NoLegalMoves)
                t.immediate_endings |= ending_bit(e.reason);
        t.captures_to_hand = v.captures_to_hand;
        t.drops = v.drops;
        t.counts_checks = v.end.check_count > 0;
        t.gating = v.gating;
        t.counting = v.end.counting;
        for (int type = 0; type < t.ntypes; ++type) {
            const std::string& betza = v.pieces[type].betza;
            int* role = betza == "R"     ? &t.counting_rook
                        : betza == "FfW" ? &t.counting_khon
                        : betza == "N"   ? &t.counting_knight
                        : betza == "F"   ? &t.counting_met
                                         : nullptr;
            if (role && *role < 0) *role = type;
        }
        t.first_moves = v.has_first_moves();
        t.unmoved_squares = v.tracks_unmoved();
        t.extras = t.captures_to_hand || t.drops || t.counts_checks || t.gating ||
                   t.unmoved_squares || t.counting != CountingRule::None;
        t.must_capture = v.must_capture;
        t.checks_forbidden = v.checks_forbidden;
        t.royal_held_in_check = v.royal_held_in_check;
        t.duple_check = v.duple_check;
        const PositionFields start = parse_fen(g, v.start_fen);
        for (const PieceType& pt : v.pieces) t.promotion_limited |= pt.promotion_captured_only;
        if (t.promotion_limited) {
            for (auto& limits : t.promotion_limit) limits.assign(t.ntypes, 0);
            for (char c : start.placement)
                if (c != '.' && v.type_of(c) >= 0)
                    ++t.promotion_limit[std::isupper(static_cast<unsigned char>(c)) ? White : Black]
                                       [v.type_of(c)];
            // A kind the start does not give the side is not limited (Great Shatranj's soldier).
            for (auto& limits : t.promotion_limit)
                for (int& limit : limits)
                    if (limit == 0) limit = kMaxPieceCodes * kMaxSquares;
        }
        t.drop_filters = v.drop_rules.filters_moves();
        // Promoted forms of their own (shogi's +P) need no mark: their type says it.
        bool promoted_forms = false;
        for (const PieceType& pt : v.pieces) {
            promoted_forms |= pt.promoted_form_of != 0;
            t.hand_type.push_back(pt.promoted_form_of ? v.type_of(pt.promoted_form_of)
                                                      : static_cast<int>(t.hand_type.size()));
        }
        // A drop takes its own piece from the hand, or with drops of promoted forms (micro
        // shogi) a promoted form takes the piece it is the form of.
        for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type)
            t.drop_from_hand.push_back(v.drop_rules.promoted ? t.hand_type[type] : type);
        t.marks_promoted = t.captures_to_hand && !v.drop_rules.keep_promoted && !promoted_forms;
        t.castling_by_drops = v.drop_rules.castling;
        for (const PieceType& pt : v.pieces) t.promotion_moves |= pt.promotion_move.has_value();
        t.count_by_list = t.must_capture || t.checks_forbidden || t.promotion_limited || t.gating ||
                          t.first_moves || t.drop_filters || t.promotion_moves ||
                          t.royal_held_in_check;
        for (int s = 0; s < nsq; ++s) {
            const char c = start.placement[s];
            if (c != '.' && v.type_of(c) >= 0 && v.pieces[v.type_of(c)].royal)
                t.start_royal[std::isupper(static_cast<unsigned char>(c)) ? White : Black] = true;
        }
        if (const auto& region = v.end.region) {
            for (int c = 0; c < 2; ++c)
                for (Square sq : region->squares[c]) t.region[c] |= square_bit<BB>(sq);
            t.region_types = region->piece           ? 1u << v.type_of(region->piece)
                             : v.pieces.size() >= 32 ? ~0u
                                                     : (1u << v.pieces.size()) - 1;
            t.region_reply = region->reply;
            t.region_count = region->count;
        }
        t.bare_king_reply = v.end.bare_king_reply;
        t.flying_general = v.flying_general;
        t.pass = v.pass;
        t.bikjang = v.end.bikjang;
        if (v.flying_general || v.end.bikjang) {
            const int orthogonal[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
            for (int i = 0; i < 4; ++i)
                t.orthogonal_vecs[i] = ray_index(orthogonal[i][0], orthogonal[i][1]);
        }
        for (char c : v.end.extinction_pieces) t.extinction_types.push_back(v.type_of(c));
        t.extinction_count = v.end.extinction_count;
    }
};

}  // namespace

// The squares from which a piece of this type could never move again, on an empty board
// (a pawn on the last rank): no drop goes there, no position sets it there unpromoted.
template <class BB>
BB Tables<BB>::stranded_squares(const Variant& v, int type, Color c) const {
    BB out{};
    for (int s = 0; s < nsq; ++s) {
        bool moves = false;
        for (const MoveRule& m : v.pieces[type].moves)
            moves = moves ||
                    (m.can_move && step_target(g, s, c == White ? m.dx : -m.dx,
                                               c == White ? m.dy : -m.dy, m.wrap) != kNoSquare);
        if (!moves) out |= square_bit<BB>(s);
    }
    return out;
}

template <class BB>
std::shared_ptr<const Tables<BB>> Tables<BB>::build(std::shared_ptr<const Variant> vp) {
    auto t = std::make_shared<Tables<BB>>();
    const Variant& v = *vp;
    t->variant = vp;
    t->g = v.geometry;
    t->ntypes = static_cast<int>(v.pieces.size());
    t->nsq = t->g.squares();
    for (int s = 0; s < t->nsq; ++s) t->board |= square_bit<BB>(s);
    t->per_piece.resize(2 * t->ntypes);

    TableBuilder<BB> b{*t, v, t->g, t->nsq};
    b.piece_kinds();
    b.endings_and_extras();
    for (Color c : {White, Black}) {
        for (int ti = 0; ti < t->ntypes; ++ti) b.piece(c, ti);
        b.attack_rays(c);
    }
    b.castling();
    b.slide_groups();
    b.link_rays();
    for (Color c : {White, Black})
        for (int ti = 0; ti < t->ntypes; ++ti) {
            auto& pp = t->per_piece[c * t->ntypes + ti];
            // micro's and kyoto shogi's pawns may stand on the last rank
            if (!pp.promotes_on_capture && !v.pieces[ti].promotion_every_move)
                pp.stranded = pp.forced_promotion_zone & t->stranded_squares(v, ti, c);
            pp.drop_zone = t->board & ~pp.stranded;
            // A piece confined to a region (xiangqi's advisor to the palace) is dropped only
            // inside it, as Fairy-Stockfish's mobility region limits its drops too.
            if (const auto& region = v.pieces[ti].confined)
                pp.drop_zone &= b.region_squares(c, *region);
            for (int s = 0; s < t->nsq; ++s)
                if (!may_drop_on_rank(v, ti, t->g.relative_rank(c, s)))
                    pp.drop_zone &= ~square_bit<BB>(s);
        }
    for (auto& pp : t->per_piece) {
        pp.unusual = pp.screens_not || pp.captures_not || !pp.walked_rides.empty();
        pp.uniform = pp.other_rides.empty() && pp.walked_rides.empty() && !pp.has_lame &&
                     pp.leap_move == pp.leap_capture && pp.promotion_types.empty() &&
                     !any(pp.double_step_from);
    }
    for (Color c : {White, Black})
        for (std::uint32_t ts = t->complex_attackers[c]; ts; ts &= ts - 1)
            b.reverse_capture_span(t->per_piece[c * t->ntypes + std::countr_zero(ts)]);
    for (Color c : {White, Black})
        for (std::uint32_t ts = t->leap_attackers[c]; ts; ts &= ts - 1) {
            const int type = std::countr_zero(ts);
            t->leap_attacks[c].push_back({type, t->piece(c, type).reverse_leap_capture.data()});
        }
    // Promotion moves: the squares they start from (Black's mirrored).
    for (Color c : {White, Black})
        for (int ti = 0; ti < t->ntypes; ++ti) {
            const auto& pm = v.pieces[ti].promotion_move;
            if (!pm) continue;
            auto& pp = t->per_piece[c * t->ntypes + ti];
            pp.promotion_move_type = v.type_of(pm->to);
            for (Square s : pm->squares) {
                const int r = c == White ? t->g.rank_of(s) : t->g.height - 1 - t->g.rank_of(s);
                pp.promotion_move_from |= square_bit<BB>(t->g.at(t->g.file_of(s), r));
            }
        }
    build_zobrist_keys(*t, v);
    return t;
}

template struct Tables<Bits64>;
template struct Tables<Bits256>;

}  // namespace referee::rules
