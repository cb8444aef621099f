#include "referee/report/files.hpp"

#include <filesystem>

#include "referee/tournament/output_files.hpp"

namespace referee::report {

std::vector<std::string> write_reports(const std::string& dir, const ReportInput& in) {
    namespace fs = std::filesystem;
    // openat from the folder's descriptor, a fresh temporary name, then a rename: a link
    // planted at a report's name is replaced, never written through.
    const tournament::OutputDir out(dir);
    const std::pair<const char*, std::string> files[] = {
        {"games.pgn", pgn_file(in)},
        {"results.json", results_json(in)},
        {"report.md", markdown_report(in)},
        {"report.html", html_report(in)},
    };
    std::vector<std::string> paths;
    for (const auto& [name, text] : files) {
        out.replace(name, text);
        paths.push_back((fs::path(dir) / name).string());
    }
    return paths;
}

}  // namespace referee::report
