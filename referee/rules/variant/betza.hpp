// Betza notation, the variant world's way of writing how a piece moves, parsed into plain
// move vectors. Supported:
//   atoms      W F D N A H C Z G (leapers), shortcuts K = WF, R = WW, B = FF, Q = WWFF
//   riders     a doubled atom (WW, NN) rides without limit; an atom followed by a number
//              rides at most that many steps (W4, R2); 0 means without limit
//   modifiers  m (move only), c (capture only), p (hop over one piece, as a cannon does),
//              n (lame leaper: the squares on the way must be empty), i (only as the
//              piece's first move: the Berolina pawn's imfnA), o (cylindrical: the move
//              wraps from the last file to the first and back, Cylinder Chess's oR)
//   directions f b l r v s, and pairs such as fl, fr, ff, fs (see variants/README.md)
//   extension  t (with p): the screen must stand on the first square of the line. The
//              Elephant-Monkey-Carp Monkey is written mRcptR.
// Anything else is an error naming the unsupported part.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace referee::rules {

enum class Hop : unsigned char { None, AnyScreen, AdjacentScreen };

// One direction of one atom, written for White (forward = rank up). Black's moves are the
// same vectors turned half round (dx and dy negated), as Fairy-Stockfish turns them: Black's
// left (l) is White's right; for a piece the same on both sides it is White's mirrored.
struct MoveRule {
    int dx = 0, dy = 0;
    int range = 1;  // 1: leaper; 0: rider without limit; n: rider of at most n steps
    bool can_move = true;
    bool can_capture = true;
    Hop hop = Hop::None;
    bool lame = false;
    bool initial = false;  // i: only while the piece has not moved (rules/core/first_moves.cpp)
    // o: the board's left and right edges are joined for this move: a leap or ride leaving
    // one side re-enters on the other (rules/core/wrapped_rides.hpp; Fairy-Max's cylinder).
    bool wrap = false;

    bool is_rider() const { return range != 1; }
    friend bool operator==(const MoveRule&, const MoveRule&) = default;
};

class BetzaError : public std::runtime_error {
  public:
    BetzaError(std::size_t position, std::string part, const std::string& message)
        : std::runtime_error(message), position_(position), part_(std::move(part)) {}
    std::size_t position() const { return position_; }  // 0-based index into the string
    const std::string& part() const { return part_; }   // the offending text

  private:
    std::size_t position_;
    std::string part_;
};

// Throws BetzaError on anything unsupported or meaningless (a direction that selects no
// vector of its atom, a hop on a leaper, an empty string).
std::vector<MoveRule> parse_betza(std::string_view text);

}  // namespace referee::rules
