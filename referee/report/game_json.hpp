// A game as the report's viewer draws it: names, result, reason, and the board placement
// after every ply, worked out here by replaying the moves with the variant's rules so the
// page needs no chess rules of its own. Shared by report.html and the live page.
#pragma once

#include <nlohmann/json.hpp>

#include "referee/match/game_record.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::report {

// {"n", "round", "white", "black", "result", "termination", "reason", "start",
// "white_to_move", "fullmove", "plies": [{"san", "from", "to", "fen", "ms", "clock", "book"}]}
// and the stderr tails of a game lost by a fault. A move the rules refuse ends the replay
// there, with "error" saying so.
nlohmann::ordered_json viewer_game_json(const rules::Rules& rules, int number,
                                        const match::GameRecord& g);
// {"files", "ranks", "pieces": {letter or "+P": name}, "hands": bool, "regions", "rivers"}
// (board_marks.hpp): what the viewer needs to draw a board.
nlohmann::ordered_json viewer_board_json(const rules::Rules& rules);
// A position's placement, FEN's first field.
std::string placement_of(const rules::Position& pos);

}  // namespace referee::report
