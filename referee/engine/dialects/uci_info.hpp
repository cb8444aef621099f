// What a UCI engine says about its search in an `info` line: depth, score, nodes and the
// principal variation. The match layer puts the first three in the PGN and adjudicates on the
// score, the live page shows them all; the dialect keeps the last one before `bestmove`.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace referee::engine {

struct SearchInfo {
    int depth = 0;            // 0: not given
    bool has_score = false;   // a "score cp" or "score mate" was given
    bool mate = false;        // score is "mate N": N moves (negative: the engine is mated)
    int score = 0;            // centipawns, or the mate distance in moves
    std::int64_t nodes = -1;  // -1: not given
    // The principal variation as the engine wrote it, in its own notation, cut at a whole move
    // to fit. Held in the struct, not a string, so that reading the info lines an engine floods
    // while it thinks still allocates nothing; bytes outside printable ASCII read as '?', so
    // no engine's bytes reach a page or a record as they came.
    static constexpr std::size_t kPvBytes = 96;
    std::array<char, kPvBytes> pv_bytes{};
    std::uint8_t pv_size = 0;
    std::string_view pv() const { return {pv_bytes.data(), pv_size}; }
    void set_pv(std::string_view moves);
    bool empty() const { return depth == 0 && !has_score && nodes < 0 && pv_size == 0; }
};

// True for a line whose first word is "info": the only check made on every line the engine
// writes while it thinks, so nothing else is split or allocated for them.
inline bool is_info_line(std::string_view line) {
    std::size_t i = 0;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    line.remove_prefix(i);
    return line.size() >= 4 && line.substr(0, 4) == "info" &&
           (line.size() == 4 || line[4] == ' ' || line[4] == '\t' || line[4] == '\r');
}

// Reads depth, score (cp or mate; a lowerbound/upperbound score counts as given), nodes and
// the pv from an info line into `into`, leaving fields the line does not give as they were, so
// a depth in one line and a score in the next add up. "info string ..." is free text and read
// for nothing; a line about a second or later line of a multi-PV search ("multipv 2") is read
// for nothing too, since its score is not the one of the move played. Never allocates; numbers
// that do not fit are ignored.
void read_uci_info(std::string_view line, SearchInfo& into);

}  // namespace referee::engine
