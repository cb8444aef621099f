// A small made-up MinitChess tournament for the report tests: real legal moves, a rule
// breaker whose name is a script tag, and results worked out by hand below.
#pragma once

#include <string>
#include <vector>

#include "referee/report/report.hpp"

namespace referee::report::fixture {

inline const std::string kScriptName = "<script>alert(1)</script>";

// A game played from the variant's start: the moves in dash form, with the notation the
// referee would record.
match::GameRecord played_game(const rules::Rules& rules, const std::string& white,
                              const std::string& black, int round,
                              const std::vector<std::string>& moves);

// Three engines, three games, four scheduled (one not played yet):
//   game 1, round 1: alpha - <script>: b2-b3 c5-c4 b3-c4, then Black plays an illegal move: 1-0
//   game 2, round 2: beta - alpha: a2-a3, then White loses on time: 0-1
//   game 3, round 3: <script> - beta: e2-e3 a5-a4, Black resigns: 1-0
// So alpha 2/2, <script> 1/2 (one illegal move), beta 0/2 (one time loss).
ReportInput sample_tournament();

// The FEN placement after game 1's three plies, worked out by hand from the start
// kqbnr/ppppp/5/5/PPPPP/RNBQK: b2-b3 empties b2 and fills b3; c5-c4 empties c5 and fills c4;
// b3xc4 empties b3 and puts the white pawn on c4.
inline const std::string kGame1AfterThreePlies = "kqbnr/pp1pp/2P2/5/P1PPP/RNBQK";

}  // namespace referee::report::fixture
