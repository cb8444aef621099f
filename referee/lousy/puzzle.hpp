// A puzzle made the way the module makes one: two random bots (different letters, or goals
// under the draft, and different seeds) play a game from the start that lasts at least 12
// plies; then 4 to 6 plies are taken back, one more when the bot to move is a mirror bot.
// Deterministic for a given seed.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/lousy/bot.hpp"
#include "referee/lousy/history.hpp"
#include "referee/lousy/replay.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::lousy {

struct Puzzle {
    Ruleset ruleset = Ruleset::Module;
    std::string serial;  // module only
    Bot white, black;
    std::vector<std::string> moves_before;  // from the start to the position on display
    rules::Position position;               // on display
    History history;                        // at the position on display
    Replay answer;                          // the rest of the game

    // The bot to move follows mirror-mirror, so the solver must be shown the last move.
    bool needs_last_move() const;
    // The module's S bot aims promoted queens elsewhere, so the solver must be told which
    // queens were pawns.
    bool needs_promoted_queens() const;
};

// `serial` is used under the module ruleset; nullopt draws one at random. Throws
// LousyError for a malformed serial.
Puzzle make_puzzle(const rules::Rules& minitchess, Ruleset ruleset,
                   std::optional<std::string> serial, std::uint64_t seed);

}  // namespace referee::lousy
