#include "referee/tournament/progress.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "referee/tournament/journal.hpp"

namespace referee::tournament {
namespace {

namespace fs = std::filesystem;

// "journal.shard-2-of-4.jsonl" -> {2, 4}; anything else -> nothing.
std::optional<Shard> shard_of_file(const std::string& file) {
    int k = 0, n = 0;
    char tail[16] = {};
    if (std::sscanf(file.c_str(), "journal.shard-%d-of-%d%15s", &k, &n, tail) != 3)
        return std::nullopt;
    if (std::string(tail) != ".jsonl" || k < 1 || n < 1 || k > n) return std::nullopt;
    Shard s;
    s.k = k;
    s.n = n;
    return s;
}

JournalProgress progress_of(const fs::path& path, Shard shard, const std::vector<GameSlot>& all,
                            const std::string& fingerprint) {
    JournalProgress p;
    p.path = path.string();
    p.shard = shard;
    const auto mine = take_shard(all, shard);
    p.scheduled = static_cast<int>(mine.size());
    std::error_code ec;
    const auto written = fs::last_write_time(path, ec);
    if (!ec)
        p.seconds_since_write = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(
                                                      fs::file_time_type::clock::now() - written)
                                                      .count());
    try {
        const auto j = read_journal(p.path);
        if (j.fingerprint != fingerprint) {
            p.problem = "written by a different config";
            return p;
        }
        for (const auto& slot : mine) p.done += j.games.count(slot.index) ? 1 : 0;
    } catch (const std::exception& e) {
        p.problem = e.what();
    }
    return p;
}

}  // namespace

std::string journal_file_name(const Shard& shard) {
    return shard.whole() ? "journal.jsonl" : fmt::format("journal.shard-{}.jsonl", shard.name());
}

TournamentProgress read_progress(const TournamentConfig& config) {
    TournamentProgress out;
    const auto all = make_schedule(config);
    out.scheduled = static_cast<int>(all.size());
    const auto fingerprint = config.fingerprint();
    std::error_code ec;
    const fs::path dir(config.output_dir);
    if (fs::exists(dir / journal_file_name(Shard{}), ec))
        out.journals.push_back(
            progress_of(dir / journal_file_name(Shard{}), Shard{}, all, fingerprint));
    std::vector<JournalProgress> shards;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (auto shard = shard_of_file(entry.path().filename().string()))
            shards.push_back(progress_of(entry.path(), *shard, all, fingerprint));
    std::sort(shards.begin(), shards.end(), [](const auto& a, const auto& b) {
        return std::pair(a.shard.n, a.shard.k) < std::pair(b.shard.n, b.shard.k);
    });
    out.journals.insert(out.journals.end(), shards.begin(), shards.end());
    return out;
}

}  // namespace referee::tournament
