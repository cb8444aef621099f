// Fuzz target: lines an IMCS engine writes, as the referee's IMCS dialect reads them.
#include "dialect_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::feed_dialect(referee::engine::Protocol::Imcs, data, size);
    return 0;
}
