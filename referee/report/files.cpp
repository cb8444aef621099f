#include "referee/report/files.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <unordered_map>

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

// Puts games and offsets in the order of their slots, in place (the games are moved, never
// copied), by following the cycles of the permutation.
void in_slot_order(const std::vector<int>& slots, std::vector<match::GameRecord>& games,
                   std::vector<std::uint64_t>& offsets) {
    std::vector<std::size_t> order(slots.size());  // order[k]: where the k-th by slot is now
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](std::size_t a, std::size_t b) { return slots[a] < slots[b]; });
    for (std::size_t start = 0; start < order.size(); ++start) {
        if (order[start] == start) continue;
        match::GameRecord held = std::move(games[start]);
        const std::uint64_t held_offset = offsets[start];
        std::size_t k = start;
        while (order[k] != start) {
            const std::size_t from = order[k];
            games[k] = std::move(games[from]);
            offsets[k] = offsets[from];
            order[k] = k;
            k = from;
        }
        games[k] = std::move(held);
        offsets[k] = held_offset;
        order[k] = k;
    }
}

// Lines in the file (an upper bound of the games in a journal): a read with no parsing.
std::size_t count_lines(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::size_t lines = 0;
    char buffer[16 * 1024];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        lines += static_cast<std::size_t>(std::count(buffer, buffer + in.gcount(), '\n'));
        if (!in) break;
    }
    return lines;
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
    // One summary a game (its moves dropped), read in journal order straight into in.games:
    // a second copy of every summary (a map by slot, then the list) would double the peak.
    // A slot written twice (a game replayed on resume) keeps its last line.
    std::unordered_map<int, std::size_t> where;  // slot -> index in in.games
    std::vector<int> slots;
    std::vector<std::uint64_t> offsets;
    in.games.clear();
    // Room for every line's game at once: a list that grows by doubling holds its old and its
    // new array together when it moves (6.6 MB at 5,000 games for 2.7 MB of summaries).
    const std::size_t lines = count_lines(journal);
    in.games.reserve(lines);
    slots.reserve(lines);
    offsets.reserve(lines);
    tournament::scan_journal(journal,
                             [&](int slot, std::uint64_t offset, match::GameRecord&& game) {
                                 tournament::drop_moves(game);
                                 const auto [it, fresh] = where.try_emplace(slot, in.games.size());
                                 if (!fresh) {
                                     in.games[it->second] = std::move(game);
                                     offsets[it->second] = offset;
                                     return;
                                 }
                                 in.games.push_back(std::move(game));
                                 offsets.push_back(offset);
                                 slots.push_back(slot);
                             });
    where = {};
    in_slot_order(slots, in.games, offsets);
    in.standings = tournament::compute_standings(in.engines, in.games);
    in.whole_games = [&](const std::function<void(const match::GameRecord&)>& visit) {
        tournament::JournalGameReader reader(journal);
        for (const auto offset : offsets) visit(reader.at(offset));
    };
    return write_reports(dir, in);
}

}  // namespace referee::report
