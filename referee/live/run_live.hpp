// A tournament's (or a match's) live page and live file, as one subscriber of the runner's
// events: the state it keeps, the HTTP server (with --live) and the file for `referee watch`
// (with --live-file). When the run finishes, the page is told, the file marked over, and the
// server closes once its viewers have the last word, leaving the loop free to return.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>

#include "referee/live/live_file.hpp"
#include "referee/live/live_server.hpp"
#include "referee/live/live_state.hpp"

namespace referee::live {

struct RunLiveOptions {
    std::string address;  // "[HOST:]PORT" for the page; empty: no page
    std::string folder;   // the output folder, for the live file
    std::string file;     // the live file's name in it; empty: no file
    std::string variant;  // as the config names it (watch loads it)
};

class RunLive : public tournament::RunObserver {
  public:
    RunLive(boost::asio::io_context& io, LiveInfo info, rules::Rules rules,
            const std::map<int, match::GameRecord>& earlier, const RunLiveOptions& options);
    std::string url() const { return server_ ? server_->url() : ""; }
    std::size_t viewers() const { return server_ ? server_->viewers() : 0; }

    bool wants_moves() const override { return true; }
    void game_started(const tournament::GameStarted& e) override;
    void move_played(const tournament::MovePlayed& e) override;
    void game_finished(const tournament::GameSlot& slot, const match::GameRecord& record) override;
    void run_finished(bool failed) override;

  private:
    void changed();
    LiveState state_;
    std::unique_ptr<LiveServer> server_;
    std::unique_ptr<LiveFile> file_;
};

}  // namespace referee::live
