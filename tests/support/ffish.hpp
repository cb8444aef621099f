// Asking ffish (Fairy-Stockfish compiled to WebAssembly, the npm package .ci/setup.sh pins)
// to count sections of a variants.ini, through tests/support/ffish_oracle.js run by node: the
// oracle for keys Debian's Fairy-Stockfish 11.1 does not know (tests/rules/ffish_ini_*).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace referee::test {

struct FfishPosition {
    std::vector<std::string> moves;  // from the start, in UCI
    std::string fen;
    int depth = 0;
    std::uint64_t nodes = 0;
};

struct FfishSection {
    std::string section;
    bool known = false;  // ffish defines it after loading the file
    std::string start_fen;
    std::vector<FfishPosition> positions;  // the start first, then after random play
};

struct FfishAnswer {
    // Empty when ffish answered; else why it could not be asked (node or ffish missing),
    // for the test's skip message.
    std::string unavailable;
    std::vector<FfishSection> sections;
};

// Each section counted to `depth` from the start and after `games` seeded random games of
// plies, 2*plies, ... (ffish_oracle.js's options). Throws when the oracle fails otherwise.
FfishAnswer ask_ffish(const std::string& ini_path, const std::vector<std::string>& sections,
                      int depth, int games, int plies, int seed);

}  // namespace referee::test
