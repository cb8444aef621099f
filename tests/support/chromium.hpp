// Where Chromium is, for the tests that check pages in a real browser (the report, the live
// page); nullopt when it is not installed (those tests then fail, saying so).
#pragma once

#include <unistd.h>

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
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

// The DOM headless Chromium leaves after running `url`'s scripts for a few (virtual) seconds,
// with a fresh profile under `folder`; throws with Chromium's log if it fails. `timeout` kills
// its whole process group if it hangs.
inline std::string dump_dom(const std::string& chromium, const std::filesystem::path& folder,
                            const std::string& url) {
    const auto dom = folder / "dom.html", log = folder / "chromium.log";
    const std::string command =
        "timeout --kill-after=5 60 '" + chromium +
        "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run "
        "--disable-background-networking --disable-component-update --disable-sync "
        "--user-data-dir='" +
        (folder / "profile").string() + "' --virtual-time-budget=3000 --dump-dom '" + url +
        "' > '" + dom.string() + "' 2> '" + log.string() + "'";
    const int status = std::system(command.c_str());
    auto slurp = [](const std::filesystem::path& p) {
        std::ifstream in(p, std::ios::binary);
        return std::string(std::istreambuf_iterator<char>(in), {});
    };
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        throw std::runtime_error("Chromium failed (status " + std::to_string(status) + "):\n" +
                                 slurp(log));
    return slurp(dom);
}

}  // namespace referee::test
