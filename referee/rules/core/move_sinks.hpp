// Where the generator (core/movegen.cpp) puts the moves it finds: ListSink into a move
// list, CountSink only counts them (perft's last ply). Included by movegen.cpp alone; in a
// header so that the generator's loop still inlines them.
#pragma once
#include "referee/rules/core/board.hpp"

namespace referee::rules::movegen {

// Where generated moves go: into a list, in the order the generator finds them, or only
// counted (perft's last ply), where a piece's targets are counted by popcount. Passed and
// returned by value, so that the count stays in a register through the generator's loop.
struct ListSink {
    static constexpr bool kCounting = false;
    MoveList& out;
    template <class BB, class PP>
    void targets(int from, BB to, const PP& pp) {
        // Shogi: from inside the zone every move may promote.
        const bool leaving = pp.promotes_leaving && test(pp.promotion_zone, from);
        BB promoting = leaving ? to : to & pp.promotion_zone;
        // Where promotion is optional the piece may also stay as it is.
        BB plain = to & ~(promoting & (leaving ? pp.leaving_forced : pp.forced_promotion_zone));
        while (any(plain)) out.push(Move::make(from, pop_lsb(plain)));
        while (any(promoting)) {
            const int sq = pop_lsb(promoting);
            for (int type : pp.promotion_types)
                out.push(Move::make(from, sq, MoveKind::Normal, type));
        }
    }
    template <class BB>
    void plain(int from, BB to) {  // a piece that does not promote
        while (any(to)) out.push(Move::make(from, pop_lsb(to)));
    }
    template <class BB>
    void drops(int type, BB to) {
        while (any(to)) out.push(Move::make_drop(type, pop_lsb(to)));
    }
    void move(Move m) { out.push(m); }
};

struct CountSink {
    static constexpr bool kCounting = true;
    int count = 0;
    void add(int n) { count += n; }
    template <class BB, class PP>
    void targets(int from, BB to, const PP& pp) {
        if (pp.promotes_leaving && test(pp.promotion_zone, from)) {
            count += popcount(to & ~pp.leaving_forced) + pp.promotion_choices * popcount(to);
            return;
        }
        count += popcount(to);
        if (pp.promotion_choices > 1)
            count += (pp.promotion_choices - 1) * popcount(to & pp.promotion_zone);
        if (any(pp.optional_promotion)) count += popcount(to & pp.optional_promotion);
    }
    template <class BB>
    void plain(int, BB to) {
        count += popcount(to);
    }
    template <class BB>
    void drops(int, BB to) {
        count += popcount(to);
    }
    void move(Move) { ++count; }
};
}  // namespace referee::rules::movegen
