// Fuzz target: lines an xboard (CECP) engine writes, as the referee's xboard dialect reads
// them: features, pongs, moves in every form, thinking lines, claims, complaints.
#include "dialect_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::feed_dialect(referee::engine::Protocol::Xboard, data, size);
    return 0;
}
