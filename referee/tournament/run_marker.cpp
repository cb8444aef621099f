#include "referee/tournament/run_marker.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/containment.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::tournament {

std::vector<std::string> clean_up_earlier_run(const std::string& output_dir,
                                              const std::string& marker_name) {
    namespace fs = std::filesystem;
    const fs::path path = fs::path(output_dir) / marker_name;
    std::error_code ec;
    if (fs::is_symlink(fs::symlink_status(path, ec)) || !fs::is_regular_file(path, ec)) return {};
    std::string token;
    std::ifstream(path) >> token;
    std::vector<std::string> out;
    if (token.empty()) return out;
    if (engine::run_token_alive(token))
        throw std::runtime_error(
            fmt::format("{}: the referee that wrote it (pid {}) is still running this tournament",
                        path.string(), token.substr(0, token.find('.'))));
    for (const auto& p : engine::kill_marked_processes(token))
        out.push_back(
            fmt::format("killed {} ({}), left behind by the earlier run", p.pid, p.command));
    // Its scratch folders (referee-<what>-<pid>-XXXXXX), unless a process of that pid runs
    // again and could own them.
    const std::string pid = token.substr(0, token.find('.'));
    if (fs::exists("/proc/" + pid)) return out;
    const std::string infix = "-" + pid + "-";
    // In the system's temporary folder, and where a root referee put its engines' folders
    // when that one was closed to them.
    std::vector<fs::path> parents{fs::temp_directory_path(ec)};
    if (const auto engines = engine::folder_for_engines(); !engines.empty())
        parents.emplace_back(engines);
    for (const auto& parent : parents)
        for (fs::directory_iterator it(parent, ec), end; !ec && it != end; it.increment(ec)) {
            const auto name = it->path().filename().string();
            // mkdtemp's six characters follow "-<pid>-".
            if (name.rfind("referee-", 0) != 0 || name.size() < infix.size() + 6 + 8 ||
                name.compare(name.size() - 6 - infix.size(), infix.size(), infix) != 0)
                continue;
            std::error_code type;
            if (fs::is_symlink(it->symlink_status(type)) || !it->is_directory(type)) continue;
            std::error_code rm;
            fs::remove_all(it->path(), rm);
            if (!rm)
                out.push_back(
                    fmt::format("removed {}, left behind by the earlier run", it->path().string()));
        }
    return out;
}

RunMarker::RunMarker(const std::string& output_dir, const std::string& marker_name)
    : path_((std::filesystem::path(output_dir) / marker_name).string()) {
    OutputDir(output_dir).replace(marker_name, engine::referee_run_token() + "\n");
}

RunMarker::~RunMarker() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
}

}  // namespace referee::tournament
