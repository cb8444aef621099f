// Search results keyed by the position's Zobrist key, one entry per slot, always replaced:
// the newest result is the most likely to be asked for again in iterative deepening.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "referee/rules/base/move.hpp"

namespace engines::alphabeta {

enum class Bound : std::uint8_t { Exact, Lower, Upper };

struct TableEntry {
    std::uint64_t key = 0;
    referee::rules::Move move{};
    std::int16_t score = 0;
    std::int8_t depth = -1;
    Bound bound = Bound::Exact;
};

class TranspositionTable {
  public:
    explicit TranspositionTable(std::size_t megabytes = 16) { resize(megabytes); }
    void resize(std::size_t megabytes);
    void clear();

    const TableEntry* find(std::uint64_t key) const {
        const TableEntry& e = slots_[key & mask_];
        return e.depth >= 0 && e.key == key ? &e : nullptr;
    }
    void store(std::uint64_t key, referee::rules::Move move, int score, int depth, Bound bound) {
        TableEntry& e = slots_[key & mask_];
        // Keep a known best move when the new result has none (a fail-low).
        if (move == referee::rules::Move{} && e.key == key) move = e.move;
        e = TableEntry{key, move, static_cast<std::int16_t>(score), static_cast<std::int8_t>(depth),
                       bound};
    }

  private:
    std::vector<TableEntry> slots_;
    std::uint64_t mask_ = 0;
};

}  // namespace engines::alphabeta
