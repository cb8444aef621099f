#include "referee/live/folder_watch.hpp"

#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include "referee/live/live_file.hpp"

namespace referee::live {

namespace fs = std::filesystem;

namespace {

bool is_journal_name(const std::string& name) {
    return name == "journal.jsonl" || (name.rfind("journal.shard-", 0) == 0 && name.size() > 6 &&
                                       name.compare(name.size() - 6, 6, ".jsonl") == 0);
}

// The files of the folder the watch reads, by name, in name order.
std::map<std::string, fs::path> files_of(const fs::path& folder,
                                         bool (*wanted)(const std::string&)) {
    std::map<std::string, fs::path> out;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
        const std::string name = entry.path().filename().string();
        if (wanted(name) && entry.is_regular_file(ec)) out[name] = entry.path();
    }
    return out;
}

std::optional<Json> read_json_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return std::nullopt;
    try {
        return Json::parse(in);
    } catch (const std::exception&) {
        return std::nullopt;  // being replaced just now, or not ours: tried again next time
    }
}

// The complete lines of `path` from `offset` on; offset moves past them.
std::vector<std::string> new_lines(const fs::path& path, std::uint64_t& offset) {
    std::vector<std::string> lines;
    std::ifstream in(path, std::ios::binary);
    if (!in) return lines;
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uint64_t>(in.tellg());
    if (size < offset) offset = 0;  // rewritten (a repaired journal): read again
    in.seekg(static_cast<std::streamoff>(offset));
    for (std::string line; std::getline(in, line);) {
        if (in.eof()) break;  // no newline yet: a line still being written
        offset += line.size() + 1;
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace

std::optional<FolderStart> read_folder_start(const fs::path& folder) {
    for (const auto& [name, path] : files_of(folder, is_live_file_name))
        if (auto j = read_json_file(path)) try {
                FolderStart start{info_from_json(*j), j->at("variant").get<std::string>()};
                start.info.kind = "watch";
                return start;
            } catch (const std::exception&) {
            }
    for (const auto& [name, path] : files_of(folder, is_journal_name)) {
        std::uint64_t offset = 0;
        for (const auto& line : new_lines(path, offset)) try {
                const Json j = Json::parse(line);
                if (j.at("type") != "game") continue;
                FolderStart start;
                start.info.kind = "watch";
                start.info.title = folder.filename().string();
                // A variant that is not shipped is loaded from the file the game names.
                const Json& game = j.at("game");
                start.variant = game.value("variant_file", "");
                if (start.variant.empty()) start.variant = game.at("variant").get<std::string>();
                return start;
            } catch (const std::exception&) {
            }
    }
    return std::nullopt;
}

FolderWatch::FolderWatch(boost::asio::io_context& io, fs::path folder, FolderStart start,
                         const std::string& host, unsigned short port)
    : folder_(std::move(folder)),
      state_(start.info, rules::Rules::load(start.variant)),
      http_(io, host, port, state_),
      timer_(io) {
    read_journals(true);
    read_live_files();
    schedule();
}

void FolderWatch::stop() {
    stopped_ = true;
    timer_.cancel();
    http_.close(std::chrono::milliseconds(500));
}

void FolderWatch::schedule() {
    timer_.expires_after(kWatchEvery);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || stopped_) return;
        poll();
        schedule();
    });
}

void FolderWatch::poll() {
    read_journals(false);
    read_live_files();
}

// The games journaled since the last look. The first look hands them over at once (the
// tables computed once, not once a game).
void FolderWatch::read_journals(bool first) {
    // The first look's games in the order the journals hold them, the order they finished
    // (journal by journal where shards write several), as later ones are listed.
    std::vector<std::pair<int, match::GameRecord>> batch;
    std::map<int, std::size_t> batched;  // slot -> its place in batch: a slot twice is one game
    for (const auto& [name, path] : files_of(folder_, is_journal_name)) {
        Journal& journal = journals_[name];
        for (const auto& line : new_lines(path, journal.offset)) {
            try {
                const Json j = Json::parse(line);
                if (j.at("type") != "game") continue;
                const int slot = j.at("slot").get<int>();
                auto record = match::game_from_json(j.at("game"));
                state_.note_engine(record.white);
                state_.note_engine(record.black);
                if (!first) {
                    state_.game_finished({slot, record.round, 0, 0, -1}, record);
                } else if (const auto seen = batched.find(slot); seen != batched.end()) {
                    batch[seen->second].second = std::move(record);
                } else {
                    batched.emplace(slot, batch.size());
                    batch.emplace_back(slot, std::move(record));
                }
            } catch (const std::exception& e) {
                if (!journal.warned)
                    std::cerr << fmt::format("watch: {}: a line that is not a journal's: {}\n",
                                             path.string(), e.what());
                journal.warned = true;
            }
        }
    }
    if (first) state_.add_earlier(batch, true);
}

// The games in play, as each live file names them; a game a file no longer names and that
// no journal has yet is gone (its game ended, or its process stopped).
void FolderWatch::read_live_files() {
    bool any = false, all_over = true;
    for (const auto& [name, path] : files_of(folder_, is_live_file_name)) {
        LiveFileSeen& seen = live_files_[name];
        std::error_code ec;
        const auto written = fs::last_write_time(path, ec);
        if (ec) continue;
        any = true;
        if (written != seen.written) {
            const auto j = read_json_file(path);
            if (!j) continue;
            seen.written = written;
            try {
                const std::int64_t then = j->at("now").get<std::int64_t>();
                const std::int64_t now = state_.now_ms();
                std::set<int> slots;
                for (const Json& text : j->at("playing")) {
                    LiveGame game = game_from_json(text);
                    slots.insert(game.slot);
                    // Its times are the writer's: moved onto this page's clock.
                    game.since = now - (then - game.since);
                    for (auto& p : game.plies) p.t = now - (then - p.t);
                    const auto known = state_.playing().find(game.slot);
                    if (known == state_.playing().end() ||
                        known->second.plies.size() != game.plies.size())
                        state_.set_playing(std::move(game));
                }
                for (int slot : seen.slots)
                    if (!slots.count(slot)) state_.drop_playing(slot);
                seen.slots = std::move(slots);
                seen.over = j->at("over").get<bool>();
            } catch (const std::exception& e) {
                std::cerr << fmt::format("watch: {}: {}\n", path.string(), e.what());
            }
        }
        all_over = all_over && seen.over;
    }
    if (any && all_over)
        state_.over(fmt::format("The run is over: {} games played.", state_.finished_count()));
}

}  // namespace referee::live
