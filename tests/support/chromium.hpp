// Where Chromium is, for the tests that check pages in a real browser (the report, the live
// page); nullopt when it is not installed (those tests then fail, saying so).
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <sstream>
#include <string>

namespace referee::test {

inline std::optional<std::string> find_chromium() {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');)
        for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
            const std::filesystem::path candidate = std::filesystem::path(dir) / name;
            if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
        }
    return std::nullopt;
}

}  // namespace referee::test
