// Moves and positions as XBoard and its engines write them, where they differ from the
// referee's own text: on a board of ten ranks XBoard numbers the ranks from 0 ("h0g2" for
// xiangqi's h1g3), and a variant file may give the engines' piece letters where they differ
// from its own (Fairy-Max's janus is A, the referee's J: the `xboard_letters` key). The
// referee's xboard dialect and the in-tree engines' xboard session both speak through here.
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// Every square in a move or line of moves (a file letter and its rank's digits) with its rank
// number moved by `delta` (-1 to write for a ten-rank XBoard engine, +1 to read what it wrote).
std::string shift_ranks(std::string_view text, int delta);

// A square's name as an xboard engine writes it in the variant ("h0" for h1 on ten ranks):
// `edit` places pieces by these names.
std::string to_xboard_square(const Variant& v, std::string_view referee_square);

// The move text of `mover` (UCI-like coordinates, a drop "A@e4", SAN) as an xboard engine
// writes it in the variant, and back. The side matters where the two armies' letters differ
// (xboard_letters for one side).
std::string to_xboard_move(const Variant& v, std::string_view referee_text, Color mover);
std::string from_xboard_move(const Variant& v, std::string_view xboard_text, Color mover);
// A line of moves (a principal variation) read back, its first move by `first` and the
// sides alternating from move to move ("12." and "..." are not moves).
std::string from_xboard_line(const Variant& v, std::string_view xboard_text, Color first);

// A FEN with the engines' piece letters in its placement (the first field), and back.
std::string to_xboard_fen(const Variant& v, std::string_view fen);
std::string from_xboard_fen(const Variant& v, std::string_view fen);

}  // namespace referee::rules
