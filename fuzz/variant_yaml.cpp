// Fuzz target: the YAML variant loader.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include "referee/rules/variant/variant.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        referee::rules::parse_variant(std::string(reinterpret_cast<const char*>(data), size),
                                      "fuzz.yaml");
    } catch (const std::exception&) {
    }
    return 0;
}
