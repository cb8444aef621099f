#include "engines/alphabeta/transposition_table.hpp"

#include <algorithm>
#include <bit>

namespace engines::alphabeta {

void TranspositionTable::resize(std::size_t megabytes) {
    const std::size_t bytes = std::max<std::size_t>(megabytes, 1) << 20;
    const std::size_t count = std::bit_floor(bytes / sizeof(TableEntry));
    slots_.assign(count, TableEntry{});
    mask_ = count - 1;
}

void TranspositionTable::clear() {
    std::fill(slots_.begin(), slots_.end(), TableEntry{});
}

}  // namespace engines::alphabeta
