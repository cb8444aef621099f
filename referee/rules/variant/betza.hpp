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
//   many ways  nn (a doubled n) on any leaper: lame by each of its shortest ways in king
//              steps, made if one of them is empty (Fairy-Max's Falcon, nnCnnZ: three ways
//              to each (1,3) and (2,3) square)
//   bent moves X-Y: the move X, then from a square X reaches (which must be empty) on with
//              the atom Y in the directions of Y nearest to X's, not along it (outward: W-B
//              the Griffon's step then diagonal ride, N-W the knight's leap then one step
//              further along its long side). The squares X reaches are not targets of X-Y
//              (write X beside it for those: W-BW). With k the move turns only before the
//              first piece on X's line, which must be its own (kB-R, Fairy-Max's colliding
//              bifurcator: a bishop meeting its own piece goes on as a rook from the square
//              before it, its own square if the piece stands next to it). m, c and the
//              directions apply to it; n, p, i and o do not.
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
    // one side re-enters on the other (rules/core/cylindrical_moves.hpp; Fairy-Max's cylinder).
    bool wrap = false;
    // nn: a lame leap that may take any of its shortest ways in king steps, one empty one
    // being enough (rules/core/tables.cpp; with lame set too).
    bool any_way = false;
    // X-Y: a second leg (dx2, dy2) of at most range2 steps (0: no limit) from where the first
    // leg turns: any empty square it reaches, or with `collide` only the square before the
    // first piece on its line, which must be its own (rules/core/bent_moves.hpp).
    bool bent = false;
    int dx2 = 0, dy2 = 0, range2 = 1;
    bool collide = false;

    bool is_rider() const { return range != 1; }
    // Both legs single leaps that may turn on any empty square: a lame leap with its turning
    // square as its way (N-W).
    bool bent_leap() const { return bent && range == 1 && range2 == 1 && !collide; }
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
