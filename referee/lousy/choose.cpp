#include "referee/lousy/choose.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "referee/lousy/criteria.hpp"
#include "referee/lousy/squares.hpp"

namespace referee::lousy {

Choice pick_among(const Bot& bot, const rules::Geometry& g, int move_number,
                  std::vector<rules::Move> candidates) {
    if (candidates.empty()) throw std::logic_error("pick_among needs at least one candidate move");
    auto by_name = [&g](rules::Move a, rules::Move b) { return dash_name(g, a) < dash_name(g, b); };
    std::sort(candidates.begin(), candidates.end(), by_name);
    const int count = static_cast<int>(candidates.size());

    Choice c;
    if (bot.ruleset == Ruleset::Draft) {
        // Count n moves from the first, wrapping: the n-th is index (n - 1) mod count.
        const int n = bot.seed + move_number;
        c.index = (n - 1) % count;
        c.pick = fmt::format("n = seed {} + move {} = {}; ({} - 1) mod {} = {}", bot.seed,
                             move_number, n, n, count, c.index);
    } else {
        if (move_number < 1 || move_number >= kModuleDigitCount)
            throw LousyError(fmt::format(
                "move {} is outside 1-40; the module's bots have a digit for moves 1 to 40 only",
                move_number));
        const int rnd = bot.digits[move_number];
        const int prev = bot.digits[move_number - 1];
        const bool ascending = prev % 2 == 0;
        if (!ascending) std::reverse(candidates.begin(), candidates.end());
        c.index = rnd % count;
        c.pick = fmt::format("digit {}, previous digit {} ({}: {}); {} mod {} = {}", rnd, prev,
                             ascending ? "even" : "odd", ascending ? "ascending" : "descending",
                             rnd, count, c.index);
    }
    c.move = candidates[c.index];
    for (rules::Move m : candidates) c.candidates.push_back(dash_name(g, m));
    return c;
}

std::optional<Choice> choose_move(const Bot& bot, const rules::Position& pos,
                                  const History& history) {
    check_minitchess(pos);
    check_history(pos, history);
    const std::vector<rules::Move> legal = pos.legal_moves();
    if (legal.empty()) return std::nullopt;

    const rules::Geometry& g = pos.rules().geometry();
    for (const Criterion& criterion : criteria_for(bot, pos, history)) {
        std::vector<rules::Move> meeting;
        std::copy_if(legal.begin(), legal.end(), std::back_inserter(meeting), criterion.meets);
        if (meeting.empty()) continue;
        Choice c = pick_among(bot, g, pos.fullmove_number(), std::move(meeting));
        c.rule = criterion.description;
        return c;
    }
    Choice c = pick_among(bot, g, pos.fullmove_number(), legal);
    c.rule = "any legal move";
    return c;
}

}  // namespace referee::lousy
