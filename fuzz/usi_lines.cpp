// Fuzz target: lines a USI engine writes, as the referee's USI dialect reads them, in a
// game with hands (minishogi), so drops and promotions are in play.
#include "dialect_lines.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const auto minishogi = referee::rules::Rules::load("minishogi");
    fuzz::feed_dialect(referee::engine::Protocol::Usi, data, size, minishogi);
    return 0;
}
