// A Lousy Chess game played out by two bots from a given position to its end.
#pragma once

#include <vector>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/choose.hpp"
#include "referee/lousy/history.hpp"
#include "referee/rules/base/outcome.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::lousy {

struct ReplayedMove {
    int move_number = 0;  // full-move number the move was made on
    rules::Color side = rules::White;
    rules::Move move;
    std::string name;  // "c1-d2"
    Choice choice;     // why the bot made it
};

struct Replay {
    std::vector<ReplayedMove> moves;
    rules::Outcome outcome;  // as Position::outcome() gives it at the end
};

// Lets each side's bot move until Position::outcome() says the game is over (king capture,
// no legal move, draw after Black's 40th move). Throws LousyError when the bots follow
// different rulesets, the position is not MinitChess or the history does not fit it.
Replay replay(const Bot& white, const Bot& black, rules::Position pos, History history);

}  // namespace referee::lousy
