// Fuzz target: the tournament config reader (engine commands need not exist: refused).
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include <cstdio>

#include "file_input.hpp"
#include "referee/tournament/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = fuzz_input_file(data, size, "config.yaml");
    try {
        referee::tournament::load_tournament_config(path, "/nonexistent");
    } catch (const std::exception&) {
    }
    std::remove(path.c_str());
    return 0;
}
