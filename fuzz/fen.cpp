// Fuzz target: the FEN parser on a 5x6 board (any exception is a clean refusal).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/rules/base/fen.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (auto g : {referee::rules::Geometry{5, 6}, referee::rules::Geometry{8, 8}}) {
        try {
            referee::rules::parse_fen(g, text);
        } catch (const std::exception&) {
        }
    }
    return 0;
}
