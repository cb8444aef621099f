// For targets whose parser reads a file: the input written to one temporary file per process.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

inline std::string fuzz_input_file(const std::uint8_t* data, std::size_t size, const char* name) {
    const std::string path = "/tmp/referee-fuzz-" + std::to_string(::getpid()) + "-" + name;
    if (std::FILE* f = std::fopen(path.c_str(), "wb")) {
        std::fwrite(data, 1, size, f);
        std::fclose(f);
    }
    return path;
}
