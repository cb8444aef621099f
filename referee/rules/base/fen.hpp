// The two text forms of a position, split into fields without judging them against the
// rules: the FEN-like string (any board size) and the MiniChess board dump ("20 B" + ranks).
// Position turns the fields into a position and checks what only the rules can check.
#pragma once

#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/base/geometry.hpp"

namespace referee::rules {

class PositionError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

struct PositionFields {
    std::vector<char> placement;  // one letter per square (a1 first), '.' for empty
    Color side_to_move = White;
    std::string castling = "-";
    std::string en_passant = "-";
    int halfmove_clock = 0;
    int fullmove_number = 1;
    bool castling_given = false;  // false for a board dump, which has no castling field
    // Fairy-Stockfish's extensions, where a variant has what they describe:
    std::vector<bool> promoted;  // per square, '~' after the letter: a promoted piece (empty: none)
    // Per square, '+' before the letter: the promoted form of that piece (shogi's +P, a
    // piece type of its own whose `fen` is "+P"); empty: none.
    std::vector<bool> plus;
    std::string hand;         // "[QPqp]": pieces in hand, White's upper case
    bool hand_given = false;  // the placement ended in a [...] part
    // "3+3" after the en-passant field: the checks each side (White, Black) still needs to
    // give; "+1+0" at the end, as lichess writes it: the checks each has given.
    std::optional<std::array<int, 2>> checks_remaining, checks_given;
    // Fairy-Stockfish's running count (the counting rules of makruk and ASEAN chess), in
    // plies: its limit, written in the en-passant field's place, and the plies counted so
    // far, in the half-move clock's.
    std::optional<std::array<int, 2>> counting;
};

// "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1"; the last four fields may be left off.
PositionFields parse_fen(const Geometry& g, std::string_view fen);
// "20 B\nk.K..\n..." (first line: move number and side; then the ranks from the top).
PositionFields parse_board_dump(const Geometry& g, std::string_view text);
// True when the text looks like a board dump rather than a FEN (first token a number).
bool looks_like_board_dump(std::string_view text);

// The fields as parse_fen reads them back from fields_to_fen's text, without the text: what
// a position made from fields is made from. Searches that edit positions by the thousand
// (the rule probes) skip the text this way and still ask exactly the position its FEN names.
PositionFields as_read_back(PositionFields f);

// The whole FEN of the fields, as Fairy-Stockfish writes it: the hand in brackets after
// the placement where one was given, the check counts after the en-passant square.
std::string fields_to_fen(const Geometry& g, const PositionFields& f);
// The placement field; `promoted` (per square, may be empty) adds Fairy-Stockfish's '~',
// `plus` (likewise) the '+' before a promoted form's letter.
std::string placement_to_fen(const Geometry& g, const std::vector<char>& placement,
                             const std::vector<bool>& promoted = {},
                             const std::vector<bool>& plus = {});

}  // namespace referee::rules
