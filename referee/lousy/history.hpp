// What a bot needs to know beyond the board: the opponent's last move (mirror bots) and
// which queens were pawns (the module's S bot aims them elsewhere). A position on display
// does not show either, so a replay is given them, or works them out from the moves.
#pragma once

#include <optional>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::lousy {

struct History {
    std::optional<rules::Move> last_move;        // the opponent's last move, when known
    std::vector<rules::Square> promoted_queens;  // squares of queens that were pawns, either side

    bool is_promoted(rules::Square s) const;
};

// Throws LousyError unless the position is one of MinitChess (the only game the bots play).
void check_minitchess(const rules::Position& pos);

// Throws LousyError when the history cannot belong to the position: a last move whose
// target square does not hold a piece of the side that just moved or whose start square is
// not empty, or a promoted queen's square without a queen.
void check_history(const rules::Position& pos, const History& history);

// Plays m (legal in pos) and carries the history along: m becomes the last move, and a
// promoted queen moves with m, is removed when captured, is added when a pawn promotes.
void play(rules::Position& pos, History& history, rules::Move m);

}  // namespace referee::lousy
