// Fuzz target: the board-dump parser (IMCS boards as people paste them).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/rules/base/fen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        referee::rules::looks_like_board_dump(text);
        referee::rules::parse_board_dump(referee::rules::Geometry{5, 6}, text);
    } catch (const std::exception&) {
    }
    return 0;
}
