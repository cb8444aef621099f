// `referee serve --live`: the server's lobby (offers, games in progress, ratings) and every
// game in progress on the live page, from the server's own watcher calls on its loop.
#pragma once

#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>

#include "referee/live/live_server.hpp"
#include "referee/live/live_state.hpp"
#include "referee/server/server.hpp"

namespace referee::live {

class ServeLive : public server::ServerWatcher {
  public:
    // Binds `address` ([HOST:]PORT) at once and watches `server`.
    ServeLive(boost::asio::io_context& io, server::Server& server, const std::string& address);
    ~ServeLive() override;
    std::string url() const { return http_.url(); }
    void stop();  // the server stops: the page is told, the viewers let go

    void lobby_changed() override;
    void game_started(const server::ServedGame& game) override;
    void move_played(const server::ServedGame& game, const match::MoveEntry& entry,
                     rules::Move move, const rules::Position& after) override;
    void game_ended(const server::ServedGame& game, const match::GameRecord& record) override;

  private:
    server::Server& server_;
    LiveState state_;
    LiveServer http_;
};

}  // namespace referee::live
