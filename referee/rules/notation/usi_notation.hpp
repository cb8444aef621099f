// USI's move text, as the shogi engines write it and as Fairy-Stockfish writes it in USI mode
// for any board: a square is its file counted from the right, in digits, and its rank as a
// letter counted from the top ("7g" on 9x9 is c3; "5e" on 5x5 is a1); a drop is the piece's
// upper-case letter, '*' and the square ("P*5e"); a move is the two squares with '+' for a
// promotion to the piece's own promoted form ("8h2b+"), or the promotion letter in lower
// case as in UCI. Everything else (castling, gating letters) is written as in UCI, with the
// squares renamed. Boards of more than nine files write the file in decimal ("10a").
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/base/move.hpp"

namespace referee::rules {

class Position;

std::string usi_square(const Geometry& g, Square s);
// The move's USI text in `pos` (Position::move_name with MoveStyle::Usi).
std::string usi_move_name(const Position& pos, Move m);
// Reads USI text ("7g7f", "P*5e", "p*5e", "8h2b+", "7g7f=") as the rules' own reader reads
// UCI text. Throws MoveError: Unparsable naming what was wrong, or Illegal with the rules'
// reason, quoting the text as it was written.
Move parse_usi_move(const Position& pos, std::string_view text);

}  // namespace referee::rules
