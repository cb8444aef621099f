#include "engines/alphabeta/time_budget.hpp"

#include <algorithm>

namespace engines::alphabeta {

namespace {

Milliseconds reserve_for(Milliseconds total) {
    return std::max(Milliseconds(20), total / 20);
}

}  // namespace

TimeBudget plan_time(const Limits& limits, int fullmove, int move_limit) {
    TimeBudget budget;
    if (limits.infinite) return budget;
    const auto start = limits.received;
    if (limits.move_time) {
        const Milliseconds total = *limits.move_time;
        const Milliseconds usable =
            total > reserve_for(total) ? total - reserve_for(total) : total / 2;
        budget.hard_deadline = start + usable;
        budget.start_next_iteration_before = start + usable / 2;
        return budget;
    }
    if (limits.time_left) {
        const Milliseconds left = *limits.time_left;
        int moves = 30;
        if (limits.moves_to_go > 0)
            moves = limits.moves_to_go;
        else if (move_limit > 0)
            moves = std::clamp(move_limit - fullmove + 1, 1, 40);
        const Milliseconds share = left / moves + limits.increment * 3 / 4;
        const Milliseconds usable = left > reserve_for(left) ? left - reserve_for(left) : left / 2;
        budget.start_next_iteration_before = start + std::min(share / 2, usable);
        budget.hard_deadline = start + std::min(share * 4, usable);
        return budget;
    }
    if (limits.depth > 0 || limits.nodes > 0) return budget;
    budget.hard_deadline = start + Milliseconds(1000);
    budget.start_next_iteration_before = start + Milliseconds(500);
    return budget;
}

}  // namespace engines::alphabeta
