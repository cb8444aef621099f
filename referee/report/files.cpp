#include "referee/report/files.hpp"

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::report {

namespace {

void write_atomically(const std::filesystem::path& path, const std::string& text) {
    const auto tmp = path.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        out << text;
        if (!out.flush()) throw std::runtime_error(fmt::format("cannot write '{}'", tmp));
    }
    std::filesystem::rename(tmp, path);
}

}  // namespace

std::vector<std::string> write_reports(const std::string& dir, const ReportInput& in) {
    namespace fs = std::filesystem;
    fs::create_directories(dir);
    const std::pair<const char*, std::string> files[] = {
        {"games.pgn", pgn_file(in)},
        {"results.json", results_json(in)},
        {"report.md", markdown_report(in)},
        {"report.html", html_report(in)},
    };
    std::vector<std::string> paths;
    for (const auto& [name, text] : files) {
        const fs::path p = fs::path(dir) / name;
        write_atomically(p, text);
        paths.push_back(p.string());
    }
    return paths;
}

}  // namespace referee::report
