// Time controls and the two clocks of one game. Deadlines are absolute: the clock of a side
// starts when its move request has been fully written, and the referee, not the engine,
// decides when time has run out.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "referee/rules/base/geometry.hpp"

namespace referee::match {

struct TimeControl {
    std::int64_t base_ms = 60'000;  // per period, or for the whole game
    std::int64_t increment_ms = 0;
    int moves_per_period = 0;       // 0: one period for the whole game
    std::int64_t move_time_ms = 0;  // > 0: a fixed time per move instead of a clock
    std::int64_t margin_ms = 100;   // overrun tolerated before a loss on time
    bool imcs_first_move = false;   // IMCS: the game's first move is not charged, limit 60 s

    std::string describe() const;  // "40/300+2", "st=0.5", as the user would write it
    std::string pgn_tag() const;   // PGN TimeControl: "40/300", "300+2", "1/0.5"...
};

class TimeControlError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Bounds on what a user may write: far beyond any real game, and small enough that clock
// arithmetic in milliseconds never overflows.
inline constexpr double kMaxTimeSeconds = 1'000'000;  // per time value (base, increment, per move)
inline constexpr long kMaxMovesPerPeriod = 10'000;
inline constexpr double kMaxMarginSeconds = 3600;

// Seconds a user wrote (a margin, a startup limit) to milliseconds; throws TimeControlError
// naming `what` and the allowed range when it is not finite or out of [min, max].
std::int64_t seconds_to_ms(double seconds, std::string_view what, double min_seconds,
                           double max_seconds);

// "300", "5:00", "300+2", "40/300", "40/300+2", "0.5+0.05" (seconds; m:ss allowed), or
// "st=0.5" for a fixed time per move. Throws TimeControlError saying what was wrong.
TimeControl parse_time_control(std::string_view text);

// Each side has its own control (time odds); most games give both the same one. The IMCS
// free first move is White's control's to grant.
class GameClock {
  public:
    explicit GameClock(const TimeControl& tc) : GameClock(tc, tc) {}
    GameClock(const TimeControl& white, const TimeControl& black);

    std::int64_t remaining_ms(rules::Color c) const { return remaining_[c]; }
    // How long the side may think on this move, margin not included.
    std::int64_t allowance_ms(rules::Color c) const;
    bool untimed_move(rules::Color c) const;  // the IMCS free first move
    int moves_to_go(rules::Color c) const;    // 0 when the period is the whole game
    // Charges a finished move; false when it took longer than allowance + margin.
    bool charge(rules::Color c, std::int64_t elapsed_ms);
    const TimeControl& control(rules::Color c = rules::White) const { return tc_[c]; }

  private:
    TimeControl tc_[2];
    std::int64_t remaining_[2];
    int moves_made_[2] = {0, 0};
};

}  // namespace referee::match
