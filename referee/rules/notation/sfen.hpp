// SFEN, the shogi engines' position text (USI), as Fairy-Stockfish reads and writes it in
// USI mode: the placement as in the FEN (promoted forms as +P), then the side to move ("b"
// for the side that moves first, White here; "w" for the other), the hand ("-", or counts
// and letters such as "2Pr", White's upper case) and the number of the ply to be played
// (1 at the start). It has no castling, en passant or clocks.
#pragma once

#include <string>
#include <string_view>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

// "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1". Throws PositionError.
PositionFields parse_sfen(const Geometry& g, std::string_view sfen);
// The SFEN of the fields; the hand lists the variant's pieces in the file's order.
std::string fields_to_sfen(const Variant& v, const PositionFields& f);
// Whether the text is an SFEN rather than a FEN: four fields, the second b or w, the last a
// number, and no castling or en-passant field between.
bool looks_like_sfen(std::string_view text);

}  // namespace referee::rules
