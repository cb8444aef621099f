// A bot's move: a pure function of its settings, the position (which carries the full-move
// number) and the history. The Lousy engine and `referee lousy replay` both call it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/history.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::lousy {

struct Choice {
    rules::Move move;
    std::string
        rule;  // what decided: "capture the enemy king", "light -> dark", ..., "any legal move"
    std::vector<std::string> candidates;  // the moves meeting it, in the order the pick counts them
    int index = 0;                        // the pick: candidates[index]
    std::string pick;                     // how the index came about, for people
};

// The candidates ordered and one picked, as the bot's ruleset says, on full move `move_number`.
// draft: ascending by name, index (seed + move_number - 1) mod count.
// module: ascending by name when digit move_number-1 is even, else descending; index
//   digit move_number mod count.
// Throws LousyError for a module move number outside 1..40; candidates must not be empty.
Choice pick_among(const Bot& bot, const rules::Geometry& g, int move_number,
                  std::vector<rules::Move> candidates);

// The move the bot makes for the side to move. Use it while the game is not over
// (Position::outcome()); nullopt when the side to move has no legal move (it loses).
// Throws LousyError when the position is not MinitChess or the history does not fit it.
std::optional<Choice> choose_move(const Bot& bot, const rules::Position& pos,
                                  const History& history);

}  // namespace referee::lousy
