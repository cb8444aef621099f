// Fuzz target: lines a UCI engine writes, as the referee's UCI dialect reads them.
#include "dialect_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::feed_dialect(referee::engine::Protocol::Uci, data, size);
    return 0;
}
