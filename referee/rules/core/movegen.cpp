// Move generation and attack tests, driven entirely by the compiled tables.
#include <bit>
#include <type_traits>

#include "referee/rules/core/bent_moves.hpp"
#include "referee/rules/core/board.hpp"
#include "referee/rules/core/cylindrical_moves.hpp"
#include "referee/rules/core/move_sinks.hpp"
#include "referee/rules/core/piece_targets.hpp"
#include "referee/rules/core/slide_magic.hpp"

namespace referee::rules {
using movegen::CountSink;
using movegen::ListSink;
using movegen::piece_targets;
using movegen::slide_reach;

namespace {

// What a ride walked square by square reaches from s: bent (its own pieces `own` turn a
// colliding one) or round the joined edges (beyond a screen for a hop).
template <class BB, class Ride>
BB walked_reach(const Ride& ride, int s, BB occ, BB no_screen, BB own) {
    return ride.bent ? bent_reach<BB>(ride, s, occ, own)
                     : cylindrical_reach<BB>(ride, s, occ, no_screen);
}

// Pseudo-legal generation: every target stands.
template <class BB>
struct NoFilter {
    static constexpr bool judges_castling() { return false; }  // castle_allowed() decides
    template <class PP>
    BB targets(int, BB to, const PP&) const {
        return to;
    }
    template <class PP>
    BB unfiltered(BB mine, const PP&) const {
        return mine;
    }                                     // pieces whose moves need no look
    BB allowed() const { return ~BB{}; }  // where those may go
    BB drops(BB to) const { return to; }  // where a drop may go
    bool step(Move) const { return true; }
    bool special(Move) const { return true; }
};

constexpr Bits64 shifted(Bits64 b, int step) {
    return step > 0 ? b << step : b >> -step;
}

// The moves of a group of like pieces that only leap (and double-step), counted at once:
// per vector, the group's set shifted by the vector's step.
template <class PP>
[[gnu::always_inline]] inline int count_shifted(const PP& pp, Bits64 group, Bits64 empty,
                                                Bits64 enemy, Bits64 allowed) {
    int n = 0;
    for (const auto& sh : pp.shifts) {
        const Bits64 open = (sh.move ? empty : 0) | (sh.capture ? enemy : 0);
        const Bits64 to = shifted(group & sh.from, sh.step) & open & allowed;
        n += popcount(to);
        if (pp.promotion_choices > 1)
            n += (pp.promotion_choices - 1) * popcount(to & pp.promotion_zone);
        if (any(pp.optional_promotion)) n += popcount(to & pp.optional_promotion);
    }
    if (any(group & pp.double_step_from)) {
        const Bits64 over = shifted(group & pp.double_step_from, pp.forward) & empty;
        n += popcount(shifted(over, pp.forward) & empty & allowed);
    }
    return n;
}

// One piece's moves to `to` (its targets from s) handed to the sink through the filter, and
// its double step where it may make one from s with both squares ahead empty
// (`double_step_open`): the same for the main loop's pieces and those with wrapping rides.
template <class BB, class PP, class Sink, class Filter>
[[gnu::always_inline]] inline void emit_piece_moves(int s, BB to, BB empty, BB enemy, const PP& pp,
                                                    bool double_step_open, Sink& sink,
                                                    Filter& filter) {
    if (!any(to)) {
    } else if (pp.promotes_on_capture) {  // quiet moves stay, captures turn it over
        const BB kept = filter.targets(s, to, pp);
        sink.plain(s, kept & empty);
        sink.targets(s, kept & enemy, pp);
    } else {
        sink.targets(s, filter.targets(s, to, pp), pp);
    }
    if (double_step_open) {
        const Move m = Move::make(s, s + 2 * pp.forward, MoveKind::DoubleStep);
        if (filter.step(m)) sink.move(m);
    }
}

}  // namespace

// The one walk over the pieces that every kind of generation shares, so that the order of
// the moves (pieces by type, then by square; targets by square; double steps after the
// piece's other moves; en passant, then castling, last) is the same in all of them.
template <class BB>
template <class Sink, class Filter>
Sink Board<BB>::generate(Sink sink, Filter& filter) const {
    const T& t = *t_;
    const Color us = stm_;
    const BB occ = occupied(), enemy_all = by_color_[~us], empty = t.board & ~occ;

    for (int type = 0; type < t.ntypes; ++type) {
        BB mine = pieces(us, type);
        if (!any(mine)) continue;
        const auto& pp = t.piece(us, type);
        // A hopper's limits: what it may not capture is no enemy to it.
        BB enemy = enemy_all, no_screen{};
        if (pp.unusual) [[unlikely]] {
            // Rides around the joined edges and bent rides, generated apart: looked for here,
            // in the loop, they cost every other piece's generation a few instructions.
            if (!pp.walked_rides.empty()) {
                // A list sink writes through to the same list; a count is added up.
                if constexpr (Sink::kCounting)
                    sink.add(generate_walked(type, mine, Sink{}, filter).count);
                else
                    generate_walked(type, mine, sink, filter);
                continue;
            }
            enemy &= ~of_types(pp.captures_not);
            no_screen = of_types(pp.screens_not);
        }
        if constexpr (Sink::kCounting && std::is_same_v<BB, Bits64>) {
            if (pp.shiftable) {
                const BB group = filter.unfiltered(mine, pp);
                if (at_least(group, pp.shift_group_min)) {
                    sink.add(count_shifted(pp, group, empty, enemy, filter.allowed()));
                    mine &= ~group;
                }
            }
        }
        if (pp.uniform) {
            const BB open = empty | enemy;
            while (any(mine)) {
                const int s = pop_lsb(mine);
                const BB to = (pp.leap_move[s] | slide_reach(pp, s, occ)) & open;
                if (any(to)) sink.plain(s, filter.targets(s, to, pp));
            }
            continue;
        }
        while (any(mine)) {
            const int s = pop_lsb(mine);
            const BB to = piece_targets(t, pp, s, occ, empty, enemy, no_screen);
            emit_piece_moves(s, to, empty, enemy, pp,
                             test(pp.double_step_from, s) && !squares_[s + pp.forward] &&
                                 !squares_[s + 2 * pp.forward],
                             sink, filter);
        }
    }

    if (ep_ != kNoSquare) {
        // On any square the double step passed (two, after a triple step).
        for (int ep = ep_;; ep += ep_victim_ - ep_last_) {
            for (std::uint32_t ts = t.en_passant_types; ts; ts &= ts - 1) {
                const int type = std::countr_zero(ts);
                BB takers = t.piece(us, type).reverse_leap_capture[ep] & pieces(us, type);
                while (any(takers)) {
                    const Move m = Move::make(pop_lsb(takers), ep, MoveKind::EnPassant);
                    if (filter.special(m)) sink.move(m);
                }
            }
            if (ep == ep_last_) break;
        }
    }

    for (std::size_t i = 0; i < castles_->castles.size(); ++i) {
        const auto& k = castles_->castles[i];
        if (!(castling_ >> i & 1) || k.color != us) continue;
        const Move m =
            Move::make(k.king_from, k.king_to, MoveKind::Castle, -1, static_cast<int>(i));
        if constexpr (Filter::judges_castling()) {
            if (!any(k.must_be_empty & occ) && filter.castle(k, m)) sink.move(m);
        } else if (castle_allowed(k) && filter.special(m)) {
            sink.move(m);
        }
    }

    if (t.drops)
        for (int type = 0; type < t.ntypes; ++type)
            if (hand_[us][t.drop_from_hand[type]]) {
                const BB to = filter.drops(empty & t.piece(us, type).drop_zone);
                if (any(to)) sink.drops(type, to);
            }
    return sink;
}

// A side's pieces of one type with rides walked square by square, round the joined edges
// (cylindrical_moves.hpp) or bent (bent_moves.hpp): its other moves as piece_targets finds
// them, then those rides walked.
template <class BB>
template <class Sink, class Filter>
[[gnu::noinline]] Sink Board<BB>::generate_walked(int type, BB mine, Sink sink,
                                                  Filter& filter) const {
    const auto& pp = t_->piece(stm_, type);
    const BB occ = occupied(), empty = t_->board & ~occ;
    const BB enemy = by_color_[~stm_] & ~of_types(pp.captures_not);
    const BB no_screen = of_types(pp.screens_not);
    while (any(mine)) {
        const int s = pop_lsb(mine);
        BB to = piece_targets(*t_, pp, s, occ, empty, enemy, no_screen);
        for (const auto* ride : pp.walked_rides) {
            const BB reach = walked_reach(*ride, s, occ, no_screen, by_color_[stm_]);
            if (ride->move) to |= reach & empty;
            if (ride->capture) to |= reach & enemy;
        }
        emit_piece_moves(s, to, empty, enemy, pp,
                         test(pp.double_step_from, s) && !squares_[s + pp.forward] &&
                             !squares_[s + 2 * pp.forward],
                         sink, filter);
    }
    return sink;
}

template <class BB>
void Board<BB>::generate_pseudo_legal(MoveList& out) const {
    NoFilter<BB> filter;
    generate(ListSink{out}, filter);
}

template <class BB>
bool Board<BB>::castle_allowed(const typename T::Castle& k) const {
    if (any(k.must_be_empty & occupied())) return false;
    if (!t_->variant->check_rules) return true;
    // Judged before the move, with the king still at home (it may screen a hopper).
    for (int s : k.must_not_be_attacked)
        if (attacked(s, ~k.color)) return false;
    return true;
}

// A bent ride's captures, out of line: inlined, it made capture_reach clobber more registers
// and (by GCC's IPA register allocation) the generator's loop spill more: chess perft 1.2%
// more instructions (the commit that moved it here has the figures).
template <class BB>
[[gnu::noinline]] BB Board<BB>::walked_capture_reach(const typename T::Ride& ride, int from, BB occ,
                                                     BB no_screen, Color c) const {
    return walked_reach(ride, from, occ, no_screen, by_color_[c] & occ);
}

// Squares a piece could capture on (occupied or not) from `from`, for the piece kinds the
// reverse lookups in attacked() cannot handle: hoppers and lame leapers.
template <class BB>
BB Board<BB>::capture_reach(Color c, int type, int from, BB occ) const {
    const auto& pp = t_->piece(c, type);
    BB reach = pp.leap_capture[from];
    for (const auto& ride : pp.rides) {
        if (!ride.capture) continue;
        if (ride.wraps) {  // cylindrical_moves.hpp
            reach |= cylindrical_reach<BB>(ride, from, occ, of_types(pp.screens_not));
            continue;
        }
        if (ride.bent) {  // bent_moves.hpp
            reach |= walked_capture_reach(ride, from, occ, of_types(pp.screens_not), c);
            continue;
        }
        BB r;
        if (ride.hop == Hop::None) {
            r = ride.mask[from];
        } else {
            const BB line = ride.ray[from] & occ;
            if (!any(line)) continue;
            const int screen = ride.forward ? lsb(line) : msb(line);
            if (ride.hop == Hop::AdjacentScreen && screen != from + t_->vec_step[ride.vec])
                continue;
            if (pp.screens_not >> type_of(squares_[screen]) & 1) continue;
            r = ride.ray[screen] & ride.mask[from];
        }
        const BB blockers = r & occ;
        if (any(blockers)) r &= ~ride.ray[ride.forward ? lsb(blockers) : msb(blockers)];
        reach |= r;
    }
    for (const auto& leap : pp.lame[from])
        if (leap.capture && !any(leap.path & occ)) reach |= square_bit<BB>(leap.to);
    if (pp.captures_not) reach &= ~(of_types(pp.captures_not) & occ);
    return reach;
}

// Every square a piece of `by` attacks with the board occupied as in occ (blockers
// included), for the judging of royal moves and castling in one go. Only for positions
// without hoppers and lame leapers that capture (exact legality), whose attacks the plain
// leaps and rides describe.
template <class BB>
BB Board<BB>::attack_map(Color by, BB occ) const {
    const T& t = *t_;
    BB out{};
    for (std::uint32_t ts = t.leap_attackers[by] | t.ray_attackers[by]; ts; ts &= ts - 1) {
        const int type = std::countr_zero(ts);
        BB group = pieces(by, type);
        if (!any(group)) continue;
        const auto& pp = t.piece(by, type);
        if constexpr (std::is_same_v<BB, Bits64>) {
            // Several leapers alike (pawns): the whole set shifted once per capturing vector.
            if (pp.shiftable && popcount(group) > 1) {
                for (const auto& sh : pp.shifts)
                    if (sh.capture) out |= shifted(group & sh.from, sh.step);
                continue;
            }
            while (any(group)) {
                const int s = pop_lsb(group);
                out |= pp.leap_capture[s];
                for (const SlideMagic* g : pp.capture_groups) out |= slide_attacks(g, s, occ);
            }
        } else {
            while (any(group)) out |= capture_reach(by, type, pop_lsb(group), occ);
        }
    }
    return out;
}

// The pieces of `by` that attack along rays (of any direction).
template <class BB>
BB Board<BB>::ray_attackers(Color by) const {
    BB out{};
    for (std::uint32_t ts = t_->ray_attackers[by]; ts; ts &= ts - 1)
        out |= by_type_[std::countr_zero(ts)];
    return out & by_color_[by];
}

template <class BB>
bool Board<BB>::attacked(int sq, Color by) const {
    return attacked(sq, by, occupied());
}

// As if only the squares in occ were occupied. Squares left out must not hold a piece of
// `by` (the generator leaves out the square a royal piece moves from).
template <class BB>
bool Board<BB>::attacked(int sq, Color by, BB occ) const {
    return attacked(sq, by, occ, by_color_[by]);
}

// As above, with only the pieces of `by` in `theirs` attacking (a piece just captured is
// left out).
template <class BB>
bool Board<BB>::attacked(int sq, Color by, BB occ, BB theirs) const {
    const T& t = *t_;
    for (const auto& la : t.leap_attacks[by])
        if (any(la.from[sq] & by_type_[la.type] & theirs)) return true;
    if constexpr (std::is_same_v<BB, Bits64>) {
        for (const auto& ag : t.attack_groups[by]) {
            BB riders{};
            for (std::uint32_t ts = ag.types; ts; ts &= ts - 1)
                riders |= by_type_[std::countr_zero(ts)];
            if (any(slide_attacks(ag.group, sq, occ) & riders & theirs)) return true;
        }
    } else {
        if (attacked_along_rays(sq, by, occ, theirs)) return true;
    }
    for (std::uint32_t ts = t.complex_attackers[by]; ts; ts &= ts - 1) {
        const int type = std::countr_zero(ts);
        BB attackers = by_type_[type] & theirs & t.piece(by, type).reverse_capture_span[sq];
        while (any(attackers))
            if (test(capture_reach(by, type, pop_lsb(attackers), occ), sq)) return true;
    }
    return false;
}

// The rider part of attacked() on large boards: along each attack ray, the first piece.
template <class BB>
bool Board<BB>::attacked_along_rays(int sq, Color by, BB occ, BB theirs) const {
    const T& t = *t_;
    const BB riders = ray_attackers(by);
    for (const auto& ar : t.attack_rays[by]) {
        if (!any(ar.ray[sq] & riders)) continue;  // nothing of theirs that rides is on this line
        const BB line = ar.ray[sq] & occ;
        const int b = ar.forward ? lsb(line) : msb(line);
        if (!test(theirs, b)) continue;
        const int type = type_of(squares_[b]);
        if (ar.types >> type & 1) return true;
        for (auto [lt, range] : ar.limited) {
            const int step = t.vec_step[ar.reverse_vec];
            if (lt == type && (b - sq) / step <= range) return true;
        }
    }
    return false;
}

template <class BB>
bool Board<BB>::royal_attacked(Color c) const {
    BB royals = royals_ & by_color_[c];
    if (t_->duple_check) {
        if (!any(royals)) return false;
        while (any(royals))
            if (!attacked(pop_lsb(royals), ~c)) return false;
        return true;
    }
    while (any(royals))
        if (attacked(pop_lsb(royals), ~c)) return true;
    return false;
}

template <class BB>
bool Board<BB>::leaves_royal_safe(Move m, const FacingWatch* watch) {
    const Color us = stm_;
    // Whether the watch judges the flying-general rule: a plain move that neither moves nor
    // takes a general leaves both where they were, so they face when nothing stands between
    // them any more. Under bikjang the rule holds only while the generals face already.
    const bool no_facing =
        t_->flying_general || (t_->bikjang && (watch ? watch->bikjang : royals_face(us)));
    bool watched = false;
    const auto face = [&] {
        return watched ? watch->aligned && !any(watch->between & occupied()) : royals_face(us);
    };
    // Taking the last enemy royal ends the game, so it stands even if it exposes ours.
    const auto safe = [&] {
        return (!royal_attacked(us) && !(no_facing && face())) ||
               (t_->variant->end.royal_capture && !has_royal(~us));
    };
    if (m.kind() == MoveKind::Normal || m.kind() == MoveKind::DoubleStep) {
        // The test reads only the placement, and a plain move changes only its two squares:
        // the piece is moved there and back by hand, without the rest of make() (the key,
        // the history, hands, counters), which cost the xiangqi family's trial of every
        // move a third of its time.
        const Piece moved = squares_[m.from], captured = squares_[m.to];
        const auto royal = [&](Piece p) { return p && (t_->royal_types >> type_of(p) & 1); };
        watched = watch && watch->single && !royal(moved) && !royal(captured);
        if (captured) lift(m.to);
        lift(m.from);
        place(moved, m.to);
        const bool legal = safe();
        lift(m.to);
        place(moved, m.from);
        if (captured) place(captured, m.to);
        return legal;
    }
    make(m);
    const bool legal = safe();
    unmake();
    return legal;
}

template <class BB>
typename Board<BB>::LegalMode Board<BB>::legality(Legality& out) const {
    const T& t = *t_;
    const Color us = stm_, them = ~stm_;
    if (!t.variant->check_rules) return LegalMode::AllLegal;
    const BB royals = royals_ & by_color_[us];
    if (!any(royals)) {
        // Nothing of ours can be left attacked, but a royal piece in hand may be dropped
        // where it is (Fairy-Stockfish's screen: the king dropped beside an enemy pawn).
        for (std::uint32_t ts = t.royal_types; ts; ts &= ts - 1)
            if (hand_[us][std::countr_zero(ts)]) return LegalMode::Trial;
        return LegalMode::AllLegal;
    }
    if (t.variant->end.royal_capture && !has_royal(them)) return LegalMode::AllLegal;
    // Several royals, or facing royals (any move on their line may open it; under bikjang,
    // once they face, any move may keep them so): every move tried.
    if (more_than_one(royals) || t.royal_promotion || t.flying_general ||
        (t.bikjang && royals_face(us)))
        return LegalMode::Trial;
    for (std::uint32_t ts = t.complex_attackers[them]; ts; ts &= ts - 1)
        if (any(pieces(them, std::countr_zero(ts)))) return LegalMode::Trial;

    const int k = lsb(royals);
    const BB occ = occupied(), theirs = by_color_[them];
    out.royal = k;
    out.pinned = BB{};
    out.tried = t.variant->end.royal_capture ? (royals_ & theirs) : BB{};
    BB checks{};  // checkers and the squares between them and the royal piece
    int checkers = 0;
    for (const auto& la : t.leap_attacks[them]) {
        const BB by = la.from[k] & by_type_[la.type] & theirs;
        if (any(by)) checks |= by, checkers += popcount(by);
    }
    if constexpr (std::is_same_v<BB, Bits64>) {
        // Riders by magic lookup: checkers are the riders the royal piece "sees" along the
        // reversed rides; pinners are those it sees once our pieces in the way are lifted.
        for (const auto& ag : t.attack_groups[them]) {
            BB riders{};
            for (std::uint32_t ts = ag.types; ts; ts &= ts - 1)
                riders |= by_type_[std::countr_zero(ts)];
            riders &= theirs;
            // None of them on a line to the royal piece: no check and no pin this way.
            if (!(ag.group[k].reach & riders)) continue;
            const BB seen = slide_attacks(ag.group, k, occ);
            for (BB c = seen & riders; c;) {
                const int sq = pop_lsb(c);
                BB path;
                if (!slide_between(t, *ag.table, k, sq, path)) return LegalMode::Trial;
                checks |= path | square_bit<BB>(sq), ++checkers;
            }
            const BB blockers = seen & by_color_[us];
            if (!blockers) continue;
            for (BB p = slide_attacks(ag.group, k, occ & ~blockers) & riders & ~seen; p;) {
                const int sq = pop_lsb(p);
                BB path;
                if (!slide_between(t, *ag.table, k, sq, path)) return LegalMode::Trial;
                // A piece pinned twice (by riders of two groups) keeps what both allow.
                const BB line = path | square_bit<BB>(sq);
                for (BB pinned = path & blockers; pinned;) {
                    const int ps = pop_lsb(pinned);
                    out.pin_line[ps] = test(out.pinned, ps) ? out.pin_line[ps] & line : line;
                    out.pinned |= square_bit<BB>(ps);
                }
            }
        }
        out.evasions = checkers == 0 ? t.board : checkers == 1 ? checks : BB{};
        return LegalMode::Exact;
    }
    const BB riders = ray_attackers(them);
    for (const auto& ar : t.attack_rays[them]) {
        const BB* ray = ar.ray;
        if (!any(ray[k] & riders)) continue;  // no check and no pin along this line
        const BB line = ray[k] & occ;
        const int b = ar.forward ? lsb(line) : msb(line);
        const Piece p = squares_[b];
        const int type = type_of(p);
        if (color_of(p) == them) {
            bool hits = ar.types >> type & 1;
            for (auto [lt, range] : ar.limited)
                hits = hits || (lt == type && (b - k) / t.vec_step[ar.reverse_vec] <= range);
            if (hits) checks |= ray[k] & ~ray[b], ++checkers;
            continue;
        }
        // Ours: pinned if an enemy that rides this line stands next behind it. Range limits
        // are not looked at: a piece taken for pinned only costs a trial.
        const BB behind = ray[b] & occ;
        if (!any(behind)) continue;
        const Piece q = squares_[ar.forward ? lsb(behind) : msb(behind)];
        if (color_of(q) != them) continue;
        bool rides = ar.types >> type_of(q) & 1;
        for (auto [lt, range] : ar.limited) rides = rides || lt == type_of(q);
        if (rides) out.pinned |= square_bit<BB>(b);
    }
    out.evasions = checkers == 0 ? t.board : checkers == 1 ? checks : BB{};
    return LegalMode::Exact;
}

// Generation under exact legality. The royal piece's targets are tested square by square
// with the royal lifted off the board; pieces that may be pinned, en passant, castling and
// the capture of an enemy royal get the trial; everything else needs only the evasions.
template <class BB>
template <class Sink>
Sink Board<BB>::generate_checked(Sink sink) {
    Legality legal;
    const LegalMode mode = legality(legal);
    if (mode == LegalMode::AllLegal) {
        NoFilter<BB> filter;
        return generate(sink, filter);
    }
    if (mode == LegalMode::Trial) {
        MoveList list;
        generate_pseudo_legal(list);
        const FacingWatch watch =
            t_->flying_general || t_->bikjang ? facing_watch(stm_) : FacingWatch{};
        for (const Move m : list)
            if (leaves_royal_safe(m, &watch)) sink.move(m);
        return sink;
    }
    struct ExactFilter {
        static constexpr bool judges_castling() { return true; }
        Board& b;
        const Legality& legal;
        // The squares the enemy attacks with our royal piece lifted off the board (so that
        // it cannot hide behind itself), found once per position the first time a royal
        // move or castling needs it.
        BB danger{};
        bool danger_known = false;
        BB royal_danger() {
            if (!danger_known) {
                danger = b.attack_map(~b.stm_, b.occupied() & ~square_bit<BB>(legal.royal));
                danger_known = true;
            }
            return danger;
        }
        // Whether the royal piece stands attacked on `royal` with the board occupied as in
        // occ and only the enemy pieces in theirs: a move judged without making it. Exact
        // mode has one royal piece and no attacker a move can open or close otherwise
        // (hoppers, lame leapers), so the occupancy says it all.
        bool royal_safe(int royal, BB occ, BB theirs) const {
            return !b.attacked(royal, ~b.stm_, occ, theirs);
        }
        // A plain move of a piece that may be pinned (a capture's victim attacks nothing).
        bool safe_after(int from, int to) const {
            const BB occ = (b.occupied() & ~square_bit<BB>(from)) | square_bit<BB>(to);
            return royal_safe(legal.royal, occ, b.by_color_[~b.stm_] & ~square_bit<BB>(to));
        }
        // Where a piece that may be pinned can go: on 64-square boards the pins are exact
        // and their lines known; elsewhere each target is tested.
        BB pinned_targets(int from, BB to) const {
            if constexpr (std::is_same_v<BB, Bits64>) {
                return to & legal.pin_line[from] & legal.evasions;
            } else {
                BB kept{};
                for (BB rest = to; any(rest);) {
                    const int sq = pop_lsb(rest);
                    if (safe_after(from, sq)) kept |= square_bit<BB>(sq);
                }
                return kept;
            }
        }
        // One trial per target square: which promotion it makes cannot matter, as no piece
        // promotes to a royal one in this mode.
        BB tried(int from, BB to, const PerPiece& pp) {
            BB kept{};
            while (any(to)) {
                const int sq = pop_lsb(to);
                const int promotion = test(pp.promotion_zone, sq) ? pp.promotion_types.front() : -1;
                if (b.leaves_royal_safe(Move::make(from, sq, MoveKind::Normal, promotion)))
                    kept |= square_bit<BB>(sq);
            }
            return kept;
        }
        BB targets(int from, BB to, const PerPiece& pp) {
            BB kept{};
            if (from == legal.royal) {
                const BB rest = to & ~legal.tried;
                if (danger_known || popcount(rest) > 2) {
                    kept = rest & ~royal_danger();
                } else {
                    // A target or two: tested one by one, cheaper than the whole map.
                    const BB occ = b.occupied() & ~square_bit<BB>(from);
                    for (BB r = rest; any(r);) {
                        const int sq = pop_lsb(r);
                        if (!b.attacked(sq, ~b.stm_, occ)) kept |= square_bit<BB>(sq);
                    }
                }
            } else if (test(legal.pinned, from)) {
                kept = pinned_targets(from, to & ~legal.tried);
            } else {
                kept = to & legal.evasions & ~legal.tried;
            }
            if (any(to & legal.tried)) kept |= tried(from, to & legal.tried, pp);
            return kept;
        }
        // Not the royal piece, not one that may be pinned, and not one that could take an
        // enemy royal (those moves get a trial); such pieces only leap, so their captures
        // are all in reverse_leap_capture.
        BB unfiltered(BB mine, const PerPiece& pp) const {
            BB out = mine & ~legal.pinned & ~square_bit<BB>(legal.royal);
            for (BB royals = legal.tried; any(royals);)
                out &= ~pp.reverse_leap_capture[pop_lsb(royals)];
            return out;
        }
        BB allowed() const { return legal.evasions & ~legal.tried; }
        // A drop captures nothing and moves no royal piece: it may only block a check.
        BB drops(BB to) const { return to & legal.evasions; }
        bool step(Move m) {
            if (m.from == legal.royal || test(legal.tried, m.to)) return b.leaves_royal_safe(m);
            if (test(legal.pinned, m.from))
                return any(pinned_targets(m.from, square_bit<BB>(m.to)));
            return test(legal.evasions, m.to);
        }
        // En passant by a piece other than the royal one, judged by occupancy: the taker
        // moves and its victim leaves the board.
        bool special(Move m) {
            const int victim = b.ep_victim_;
            if (m.kind() != MoveKind::EnPassant || m.from == legal.royal ||
                test(legal.tried, victim))
                return b.leaves_royal_safe(m);
            const BB occ = (b.occupied() & ~square_bit<BB>(m.from) & ~square_bit<BB>(victim)) |
                           square_bit<BB>(m.to);
            return royal_safe(legal.royal, occ, b.by_color_[~b.stm_] & ~square_bit<BB>(victim));
        }
        // Castling (its squares found empty): the squares the king passes must not be
        // attacked with the king at home. The attack map lifts the king, which changes only
        // squares seen through the king's own square, and castling out of an attack is
        // refused anyway. Then the king on its new square with the rook moved: moving the
        // rook may open a line to it.
        bool castle(const typename T::Castle& k, Move m) {
            if (k.king_from != legal.royal) return b.castle_allowed(k) && b.leaves_royal_safe(m);
            if (any(k.must_not_be_attacked_set & royal_danger())) return false;
            const BB occ =
                (b.occupied() & ~square_bit<BB>(k.king_from) & ~square_bit<BB>(k.rook_from)) |
                square_bit<BB>(k.king_to) | square_bit<BB>(k.rook_to);
            return royal_safe(k.king_to, occ, b.by_color_[~b.stm_]);
        }
    } filter{*this, legal};
    return generate(sink, filter);
}

template <class BB>
void Board<BB>::generate_legal(MoveList& out) {
    generate_checked(ListSink{out});
    if (t_->promotion_limited) drop_unavailable_promotions(out);
    if (t_->gating) add_gated_moves(out);
    if (t_->first_moves) add_first_moves(out);
    if (t_->promotion_moves) add_promotion_moves(out);
    if (t_->checks_forbidden || t_->variant->drop_rules.no_check) drop_checking_moves(out);
    if (t_->royal_held_in_check) hold_royal_in_check(out);
    if (t_->must_capture) keep_captures_if_any(out);
    if (t_->drop_filters) apply_drop_rules(out);
    if (t_->pass && pass_legal()) out.push(pass_move());
}

// Counted without a list where the variant allows; forced capture and forbidden checks
// need the list.
template <class BB>
int Board<BB>::count_legal() {
    if (t_->count_by_list) {
        MoveList list;
        generate_legal(list);
        return list.size();
    }
    return generate_checked(CountSink{}).count + (t_->pass && pass_legal() ? 1 : 0);
}

template class Board<Bits64>;
template class Board<Bits256>;

}  // namespace referee::rules
