// A bot's goals turned into tests on moves, for one turn: first the king capture, then each
// goal's steps in order (a goal with a second line in the draft's table has two steps).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/history.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::lousy {

struct Criterion {
    std::string description;  // for people: "light -> dark", "closer to the enemy king", ...
    std::function<bool(rules::Move)> meets;
};

// The tests keep references to bot, pos and history: use them before any of these changes.
std::vector<Criterion> criteria_for(const Bot& bot, const rules::Position& pos,
                                    const History& history);

}  // namespace referee::lousy
