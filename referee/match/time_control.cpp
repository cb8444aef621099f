#include "referee/match/time_control.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

namespace referee::match {
namespace {

std::string seconds_text(std::int64_t ms) {
    if (ms % 1000 == 0) return std::to_string(ms / 1000);
    return fmt::format("{:g}", ms / 1000.0);
}

// "300", "0.5" or "5:00" to milliseconds.
std::int64_t parse_seconds(std::string_view whole, std::string_view text) {
    auto bad = [&] {
        return TimeControlError(
            fmt::format("time control '{}': '{}' is not a time in seconds or m:ss", whole, text));
    };
    if (text.empty()) throw bad();
    double minutes = 0;
    std::string rest(text);
    if (auto colon = rest.find(':'); colon != std::string::npos) {
        char* end = nullptr;
        std::string m = rest.substr(0, colon);
        minutes = std::strtod(m.c_str(), &end);
        if (m.empty() || *end || minutes < 0) throw bad();
        rest = rest.substr(colon + 1);
    }
    char* end = nullptr;
    double seconds = std::strtod(rest.c_str(), &end);
    if (rest.empty() || *end || seconds < 0 || !std::isfinite(seconds) || !std::isfinite(minutes))
        throw bad();
    const double total = minutes * 60 + seconds;
    if (total > kMaxTimeSeconds)
        throw TimeControlError(fmt::format("time control '{}': '{}' is more than {:g} seconds",
                                           whole, text, kMaxTimeSeconds));
    return static_cast<std::int64_t>(std::llround(total * 1000));
}

}  // namespace

std::int64_t seconds_to_ms(double seconds, std::string_view what, double min_seconds,
                           double max_seconds) {
    if (!std::isfinite(seconds) || seconds < min_seconds || seconds > max_seconds)
        throw TimeControlError(fmt::format("{}: {:g} is not a number of seconds from {:g} to {:g}",
                                           what, seconds, min_seconds, max_seconds));
    return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

TimeControl parse_time_control(std::string_view text) {
    TimeControl tc;
    if (text.rfind("st=", 0) == 0) {
        tc.move_time_ms = parse_seconds(text, text.substr(3));
        if (tc.move_time_ms <= 0)
            throw TimeControlError(
                fmt::format("time control '{}': the time per move must be positive", text));
        return tc;
    }
    std::string_view rest = text;
    if (auto slash = rest.find('/'); slash != std::string_view::npos) {
        std::string moves(rest.substr(0, slash));
        char* end = nullptr;
        long n = std::strtol(moves.c_str(), &end, 10);
        if (moves.empty() || *end || n <= 0 || n > kMaxMovesPerPeriod)
            throw TimeControlError(
                fmt::format("time control '{}': '{}' is not a number of moves from 1 to {}", text,
                            moves, kMaxMovesPerPeriod));
        tc.moves_per_period = static_cast<int>(n);
        rest = rest.substr(slash + 1);
    }
    if (auto plus = rest.find('+'); plus != std::string_view::npos) {
        tc.increment_ms = parse_seconds(text, rest.substr(plus + 1));
        rest = rest.substr(0, plus);
    }
    tc.base_ms = parse_seconds(text, rest);
    if (tc.base_ms <= 0 && tc.increment_ms <= 0)
        throw TimeControlError(fmt::format("time control '{}' gives no time at all", text));
    return tc;
}

std::string TimeControl::describe() const {
    if (move_time_ms > 0) return "st=" + seconds_text(move_time_ms);
    std::string out;
    if (moves_per_period) out += fmt::format("{}/", moves_per_period);
    out += seconds_text(base_ms);
    if (increment_ms) out += "+" + seconds_text(increment_ms);
    return out;
}

std::string TimeControl::pgn_tag() const {
    if (move_time_ms > 0) return "1/" + seconds_text(move_time_ms);
    std::string out = moves_per_period
                          ? fmt::format("{}/{}", moves_per_period, seconds_text(base_ms))
                          : seconds_text(base_ms);
    if (increment_ms) out += "+" + seconds_text(increment_ms);
    return out;
}

GameClock::GameClock(const TimeControl& white, const TimeControl& black)
    : tc_{white, black}, remaining_{white.base_ms, black.base_ms} {}

bool GameClock::untimed_move(rules::Color c) const {
    return tc_[rules::White].imcs_first_move && c == rules::White && moves_made_[rules::White] == 0;
}

std::int64_t GameClock::allowance_ms(rules::Color c) const {
    if (untimed_move(c)) return 60'000;
    if (tc_[c].move_time_ms > 0) return tc_[c].move_time_ms;
    return std::max<std::int64_t>(remaining_[c], 0);
}

int GameClock::moves_to_go(rules::Color c) const {
    if (!tc_[c].moves_per_period) return 0;
    return tc_[c].moves_per_period - moves_made_[c] % tc_[c].moves_per_period;
}

bool GameClock::charge(rules::Color c, std::int64_t elapsed_ms) {
    const TimeControl& tc = tc_[c];
    const bool in_time = elapsed_ms <= allowance_ms(c) + tc.margin_ms;
    const bool free = untimed_move(c);
    ++moves_made_[c];
    if (free || tc.move_time_ms > 0) return in_time;
    // An overrun inside the margin is forgiven but leaves the clock at zero.
    remaining_[c] = std::max<std::int64_t>(remaining_[c] - elapsed_ms, 0) + tc.increment_ms;
    if (tc.moves_per_period && moves_made_[c] % tc.moves_per_period == 0)
        remaining_[c] += tc.base_ms;
    return in_time;
}

}  // namespace referee::match
