// Move text. Read: "a2-a3", "a2a3" or "a2 a3", with an optional promotion letter ("a5-a6q",
// "a7a8=Q"); a drop as UCI and SAN write it ("P@e4", "n@c3"). Written: in the form each context
// needs (MiniChess dash, UCI).
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "referee/rules/base/geometry.hpp"

namespace referee::rules {

enum class MoveStyle {
    Dash,  // a2-a3; a promotion letter only where the piece has a choice (IMCS, reports)
    Uci,   // a2a3; a promotion always carries its lower-case letter
    San,   // Standard Algebraic Notation (Nf3, e8=Q+, O-O), as Position::san writes it
    Usi,   // 7g7f, P*5e, 8h2b+: the shogi engines' protocol (rules/notation/usi_notation.hpp)
};

struct MoveText {
    Square from = kNoSquare, to = kNoSquare;
    char promotion = 0;  // upper case; 0 when none was written
    char drop = 0;       // "P@e4": the dropped piece's letter, upper case (from == to)
    // "+B@a1": dropped as its promoted form
    bool drop_promoted = false;
};

class MoveError : public std::runtime_error {
  public:
    enum class Kind { Unparsable, Illegal };
    MoveError(Kind kind, const std::string& what) : std::runtime_error(what), kind_(kind) {}
    Kind kind() const { return kind_; }

  private:
    Kind kind_;
};

// Throws MoveError(Unparsable) naming what was wrong.
MoveText parse_move_text(const Geometry& g, std::string_view text);

}  // namespace referee::rules
