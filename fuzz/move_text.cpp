// Fuzz target: the move parser (coordinate, dash and promotion forms).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/rules/base/move_text.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    for (auto g : {referee::rules::Geometry{5, 6}, referee::rules::Geometry{10, 10}}) {
        try {
            referee::rules::parse_move_text(g, text);
        } catch (const std::exception&) {
        }
    }
    return 0;
}
