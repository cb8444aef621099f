#include "referee/tournament/run_marker.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/engine/containment.hpp"
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
