// Fuzz target: the tournament journal reader.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>

#include <cstdio>

#include "file_input.hpp"
#include "referee/tournament/journal.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto path = fuzz_input_file(data, size, "journal.jsonl");
    try {
        referee::tournament::read_journal(path);
    } catch (const std::exception&) {
    }
    std::remove(path.c_str());
    return 0;
}
