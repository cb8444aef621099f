// The file a tournament writes beside its journal for `referee watch`: what the live page
// needs that the journal does not have (the page's heading, and the games in play with every
// ply), rewritten whole at most once a second while something changed, and a last time,
// marked over, when the run ends. live.json for the whole tournament, live.shard-K-of-N.json
// for a shard (each shard its own, as with the journals).
#pragma once

#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "referee/live/live_state.hpp"

namespace referee::live {

inline constexpr std::chrono::milliseconds kLiveFileEvery{1000};

// "journal.jsonl" -> "live.json"; "journal.shard-2-of-3.jsonl" -> "live.shard-2-of-3.json".
std::string live_file_name(const std::string& journal_name);
bool is_live_file_name(const std::string& name);

// The heading as the file holds it, and back (throws nlohmann::json::exception).
Json info_json(const LiveInfo& info, const std::string& variant);
LiveInfo info_from_json(const Json& j);

class LiveFile {
  public:
    LiveFile(boost::asio::io_context& io, const LiveState& state, std::string folder,
             std::string name, std::string variant);
    void changed();  // written within kLiveFileEvery
    void finish();   // written now, marked over; no more writes
  private:
    void write();
    const LiveState& state_;
    std::string folder_, name_, variant_;
    boost::asio::steady_timer timer_;
    bool armed_ = false, finished_ = false;
};

}  // namespace referee::live
