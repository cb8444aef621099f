// Asking Debian's Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) for a position's FEN and
// perft: the oracle the rules' perft tests count against (tests/rules/fairy_stockfish_*).
#pragma once

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::test {

inline constexpr const char* kFairyStockfish = "/usr/games/fairy-stockfish";

struct FsAnswer {
    std::string fen;
    std::uint64_t nodes = 0;
    bool counted = false;
};

// One run: the variant (after `setoption name VariantPath` when `variant_path` is given, so
// that a section of that variants.ini can be named), a position (start plus UCI moves), its
// FEN (`d`) and its perft.
FsAnswer ask_fairy_stockfish(const std::string& variant, const std::vector<std::string>& moves,
                             int depth, const std::string& variant_path = "");

// Fairy-Stockfish's own list of the legal moves in `fen` ("go perft 1"), in UCI: an
// independent move generator. Empty where it cannot be run.
std::set<std::string> fairy_stockfish_legal_moves(const std::string& variant,
                                                  const std::string& fen);

// The moves of a random game from the start, in UCI (chess960 castling as the king taking
// its rook, as Fairy-Stockfish reads it), stopped before the game ends.
std::vector<std::string> random_uci_moves(const rules::Rules& rules, std::mt19937& rng, int plies);

// Counts `depth` plies from the position after `moves`: Fairy-Stockfish, and the referee
// from Fairy-Stockfish's own FEN of it (its walk stopping where Fairy-Stockfish's does); in
// a variant with passing, from the moves played, once that FEN is found to be the same.
// Empty when the counts agree; otherwise what differed, with the FEN and the moves.
std::string perft_disagreement(const rules::Rules& rules, const std::string& variant,
                               const std::vector<std::string>& moves, int depth,
                               const std::string& variant_path = "");

}  // namespace referee::test
