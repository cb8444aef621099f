#include "tests/support/ffish.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "tests/support/run_command.hpp"

namespace referee::test {
namespace {

// node on the PATH (run_command takes a path, not a name).
std::string find_node() {
    const char* path = std::getenv("PATH");
    std::istringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
    for (std::string dir; std::getline(dirs, dir, ':');) {
        const auto node = std::filesystem::path(dir.empty() ? "." : dir) / "node";
        if (::access(node.c_str(), X_OK) == 0) return node.string();
    }
    return "";
}

}  // namespace

FfishAnswer ask_ffish(const std::string& ini_path, const std::vector<std::string>& sections,
                      int depth, int games, int plies, int seed) {
    FfishAnswer answer;
    const std::string node = find_node();
    if (node.empty()) {
        answer.unavailable = "node is not installed (bash .ci/setup.sh installs it with ffish)";
        return answer;
    }
    std::vector<std::string> args = {
        std::string(REFEREE_SOURCE_DIR) + "/tests/support/ffish_oracle.js",
        "--ini",
        ini_path,
        "--depth",
        std::to_string(depth),
        "--games",
        std::to_string(games),
        "--plies",
        std::to_string(plies),
        "--seed",
        std::to_string(seed)};
    args.insert(args.end(), sections.begin(), sections.end());
    const CommandResult r = run_command(node, args, "", 600);
    if (r.exit_code == 77) {
        answer.unavailable = r.err;
        return answer;
    }
    if (r.exit_code != 0)
        throw std::runtime_error("ffish_oracle.js failed (exit " + std::to_string(r.exit_code) +
                                 "): " + r.err);
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("RESULT ", 0) != 0) continue;  // ffish's own messages
        const auto j = nlohmann::json::parse(line.substr(7));
        FfishSection s;
        s.section = j.at("section").get<std::string>();
        s.known = j.at("known").get<bool>();
        if (s.known) {
            s.start_fen = j.at("start_fen").get<std::string>();
            for (const auto& p : j.at("positions"))
                s.positions.push_back({p.at("moves").get<std::vector<std::string>>(),
                                       p.at("fen").get<std::string>(), p.at("depth").get<int>(),
                                       p.at("nodes").get<std::uint64_t>()});
        }
        answer.sections.push_back(std::move(s));
    }
    return answer;
}

}  // namespace referee::test
