// Lousy Chess for people: move lists in game notation, results, board diagrams, puzzles.
#pragma once

#include <string>
#include <vector>

#include "referee/lousy/puzzle.hpp"
#include "referee/lousy/replay.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::lousy {

// One full move a line: "8. c1-d2 a6-b5"; "8... a6-b5" when Black moves first.
std::vector<std::string> move_lines(const std::vector<ReplayedMove>& moves);

// "1-0 (White captured Black's king)".
std::string result_line(const rules::Outcome& outcome);

// The board from White's side, rank numbers on the left and files below.
std::string board_diagram(const rules::Position& pos);

// What the module shows: both bots, the serial, move number and side, the board, and the
// last move or promoted queens where the bots need them. Ends with a newline.
std::string puzzle_display(const Puzzle& puzzle);

// A `referee lousy replay` command that solves the puzzle from what is displayed.
std::string replay_command(const Puzzle& puzzle);

// A square list "b6,d1" as --promoted takes it.
std::string square_list(const rules::Geometry& g, const std::vector<rules::Square>& squares);

}  // namespace referee::lousy
