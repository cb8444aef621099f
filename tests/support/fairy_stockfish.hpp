// Asking Debian's Fairy-Stockfish 11.1 (/usr/games/fairy-stockfish) for a position's FEN and
// perft: the oracle the rules' perft tests count against (tests/rules/fairy_stockfish_*).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace referee::test
