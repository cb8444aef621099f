// `referee watch OUTPUT_DIR`: the live page of a tournament another process is running (or
// Slurm shards are, into one shared folder), from the folder alone: the journals
// (journal.jsonl, journal.shard-K-of-N.jsonl) for the finished games, read as they grow, and
// the live files (live_file.hpp) for the games in play. Polled, so any file system will do
// (NFS included, where change notification is not to be had).
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "referee/live/live_server.hpp"
#include "referee/live/live_state.hpp"

namespace referee::live {

inline constexpr std::chrono::milliseconds kWatchEvery{500};

// What the folder says of its run so far: the heading and the variant (from a live file, or
// from a journal's first game); nullopt while it holds neither yet.
struct FolderStart {
    LiveInfo info;
    std::string variant;
};
std::optional<FolderStart> read_folder_start(const std::filesystem::path& folder);

class FolderWatch {
  public:
    FolderWatch(boost::asio::io_context& io, std::filesystem::path folder, FolderStart start,
                const std::string& host, unsigned short port);
    std::string url() const { return http_.url(); }
    const LiveState& state() const { return state_; }
    void stop();

  private:
    struct Journal {
        std::uint64_t offset = 0;
        bool warned = false;
    };
    struct LiveFileSeen {
        std::set<int> slots;  // the games in play it named last
        bool over = false;
        std::filesystem::file_time_type written{};
    };
    void poll();
    void read_journals(bool first);
    void read_live_files();
    void schedule();

    std::filesystem::path folder_;
    LiveState state_;
    LiveServer http_;
    boost::asio::steady_timer timer_;
    std::map<std::string, Journal> journals_;
    std::map<std::string, LiveFileSeen> live_files_;
    bool stopped_ = false;
};

}  // namespace referee::live
