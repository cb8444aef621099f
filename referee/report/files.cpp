#include "referee/report/files.hpp"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/report/html_parts.hpp"
#include "referee/report/kif_files.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/output_files.hpp"
#include "referee/tournament/standings.hpp"

namespace referee::report {

namespace {

namespace fs = std::filesystem;

// Writes `path` through `write` into a fresh temporary file, then renames it into place:
// openat from the folder's descriptor with O_EXCL|O_NOFOLLOW, so a link planted at a
// report's name is replaced, never written through.
void write_atomically(const fs::path& path, const std::function<void(std::ostream&)>& write) {
    const tournament::OutputDir out(path.parent_path().string());
    out.replace_streamed(path.filename().string(), write);
}

// The page and its game files: the files go into a fresh temporary folder that replaces the
// old one once the page is written, so a page never points at another run's games.
void write_page(const fs::path& dir, const ReportInput& in) {
    const fs::path folder = dir / kGameFolder;
    const fs::path tmp_folder = dir / (std::string(kGameFolder) + ".tmp");
    const bool in_files = in.games.size() > kGamesInPage;
    std::ofstream file;
    fs::path file_path;
    const auto close_file = [&] {
        if (file.is_open() && !file.flush())
            throw std::runtime_error(fmt::format("cannot write '{}'", file_path.string()));
        file.close();
    };
    const GameFileOpener open = [&](std::size_t k) -> std::ostream& {
        close_file();
        file_path = tmp_folder / fmt::format("games-{}.js", k);
        file.open(file_path, std::ios::binary | std::ios::trunc);
        if (!file) throw std::runtime_error(fmt::format("cannot write '{}'", file_path.string()));
        return file;
    };
    fs::remove_all(tmp_folder);
    if (in_files) fs::create_directories(tmp_folder);
    write_atomically(dir / "report.html.part", [&](std::ostream& out) {
        write_html_report(out, in, in_files ? &open : nullptr);
    });
    close_file();
    fs::remove_all(folder);
    if (in_files) fs::rename(tmp_folder, folder);
    fs::rename(dir / "report.html.part", dir / "report.html");
}

}  // namespace

std::vector<std::string> write_reports(const std::string& dir, const ReportInput& in) {
    fs::create_directories(dir);
    const std::pair<const char*, std::function<void(std::ostream&)>> files[] = {
        {"games.pgn", [&](std::ostream& out) { write_pgn_file(out, in); }},
        {"results.json", [&](std::ostream& out) { write_results_json(out, in); }},
        {"report.md", [&](std::ostream& out) { out << markdown_report(in); }},
    };
    std::vector<std::string> paths;
    for (const auto& [name, write] : files) {
        const fs::path p = fs::path(dir) / name;
        write_atomically(p, write);
        paths.push_back(p.string());
    }
    if (write_kif_records(dir, in)) paths.push_back((fs::path(dir) / kKifFolder).string());
    write_page(dir, in);
    paths.push_back((fs::path(dir) / "report.html").string());
    return paths;
}

std::vector<std::string> write_reports_from_journal(const std::string& dir, ReportInput in,
                                                    const std::string& journal) {
    std::map<int, std::pair<std::uint64_t, match::GameRecord>> by_slot;
    tournament::scan_journal(journal,
                             [&](int slot, std::uint64_t offset, match::GameRecord&& game) {
                                 tournament::drop_moves(game);
                                 by_slot[slot] = {offset, std::move(game)};
                             });
    std::vector<std::uint64_t> offsets;
    in.games.clear();
    for (auto& [slot, entry] : by_slot) {
        offsets.push_back(entry.first);
        in.games.push_back(std::move(entry.second));
    }
    by_slot.clear();
    in.standings = tournament::compute_standings(in.engines, in.games);
    in.whole_games = [&](const std::function<void(const match::GameRecord&)>& visit) {
        tournament::JournalGameReader reader(journal);
        for (const auto offset : offsets) visit(reader.at(offset));
    };
    return write_reports(dir, in);
}

}  // namespace referee::report
