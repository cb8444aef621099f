// Fuzz target: the Betza notation parser.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/rules/variant/betza.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        referee::rules::parse_betza(std::string_view(reinterpret_cast<const char*>(data), size));
    } catch (const std::exception&) {
    }
    return 0;
}
