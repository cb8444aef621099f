// Opening books: where each game of a tournament starts. Read from a file of FENs, EPD
// records, move lists or PGN games, each opening checked against the rules before any
// engine starts, in the file's order or shuffled by a seed.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::tournament {

struct Opening {
    std::string fen;                 // empty: the variant's start position
    std::vector<std::string> moves;  // played by the referee from there (as written)
    int line = 0;                    // where it starts in the file
    std::string text() const;  // "FEN", "m1 m2 ..." or "FEN | m1 m2 ...": fingerprints, messages
};

struct Openings {
    enum class Format { None, Fen, Moves, Epd, Pgn };
    enum class Order { Sequential, Random };
    Format format = Format::None;
    Order order = Order::Sequential;
    int plies = 0;           // > 0: only the first plies of each move list or PGN game
    std::uint64_t seed = 1;  // for Order::Random
    std::string source;      // the file they came from
    std::vector<Opening> list;
};

const char* openings_format_name(Openings::Format f);
Openings::Format parse_openings_format(std::string_view text);  // throws std::invalid_argument
Openings::Order parse_openings_order(std::string_view text);    // throws std::invalid_argument

class OpeningsError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// The moves of a move list, move numbers ("1.", "12...") and results left out.
std::vector<std::string> opening_moves(std::string_view text);

// Reads `spec.source` in `spec.format`, keeps the first `spec.plies` of each game, plays
// every opening through `rules`, and orders the list (a seeded shuffle for Order::Random,
// the same on every machine). Throws OpeningsError naming file, line and what is wrong.
void load_openings(Openings& spec, const rules::Rules& rules);

// Start positions given as FENs (a chess960 variant's shuffled first ranks), as a book
// in the seed's random order; `source` names them in messages.
Openings shuffled_starts(const std::vector<std::string>& fens, std::uint64_t seed,
                         const std::string& source);

// Where an opening starts and what the referee plays first.
rules::Position opening_start(const Opening& o, const rules::Rules& rules);

}  // namespace referee::tournament
