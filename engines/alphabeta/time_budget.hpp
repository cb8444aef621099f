// How long to think about one move, from what the referee allows.
//
// With a clock: the time left shared over the moves still to play (movestogo when given,
// else the moves left before the variant's move limit, at most 40, else 30), plus three
// quarters of the increment. A new iteration starts only within the first half of that
// share; the search is cut off at four shares. Neither may reach into a reserve of a
// twentieth of the clock (at least 20 ms) kept for the process and pipe overhead, so the
// engine never uses the whole time it was given. With movetime: that time less the same
// reserve. With no limit of any kind (a bare `go`): one second.
#pragma once

#include <chrono>
#include <optional>

#include "engines/common/player.hpp"

namespace engines::alphabeta {

struct TimeBudget {
    using Clock = std::chrono::steady_clock;
    std::optional<Clock::time_point> start_next_iteration_before;
    std::optional<Clock::time_point> hard_deadline;
};

// `fullmove`: the current full-move number; `move_limit`: the variant's draw limit (0: none).
TimeBudget plan_time(const Limits& limits, int fullmove, int move_limit);

}  // namespace engines::alphabeta
