// One game on the server: the turn dialogue with its exact framing, the clocks (White's first
// move free within a limit, then each move charged; a late move loses when it arrives, no
// move at all at the remaining time plus a grace), invalid and illegal moves answered with
// the board again while the clock runs, resignation, disconnection, the draw after Black's
// 40th move, the variant's own endings, and the game log in the server's format.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio.hpp>

#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/match/game_record.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::server {

class Connection;
class Server;

class ServedGame : public std::enable_shared_from_this<ServedGame> {
  public:
    struct Side {
        std::shared_ptr<Connection> connection;
        std::string name;
        std::string address;
        std::int64_t remaining_ms = 0;
    };

    ServedGame(Server& server, std::uint64_t id, Side white, Side black);

    void begin();  // sends White its first turn
    bool is_to_move(const Connection& c) const;
    void on_line(const std::shared_ptr<Connection>& c, const std::string& line);
    void on_disconnect(const Connection& c);

    std::uint64_t id() const { return id_; }
    const std::string& name(int side) const { return sides_[side].name; }
    const std::string& log() const { return log_; }
    bool over() const { return over_; }
    // For a live page: the position, each side's clock (ms left), the moves so far.
    const rules::Position& position() const { return pos_; }
    std::int64_t remaining_ms(int side) const { return sides_[side].remaining_ms; }
    const std::vector<match::MoveEntry>& moves() const { return moves_; }

  private:
    using Clock = std::chrono::steady_clock;
    int mover() const;
    std::int64_t elapsed_ms() const;
    bool free_move() const { return first_move_; }
    void send_turn(bool fresh);
    void lose_on_time(int side);
    void finish(const engine::imcs::Result& result, const std::string& extra_line = "");
    match::GameRecord record(const engine::imcs::Result& result) const;

    Server& server_;
    std::uint64_t id_;
    Side sides_[2];
    rules::Position pos_;
    bool first_move_ = true;  // White's first move, not charged
    bool over_ = false;
    Clock::time_point turn_start_;
    std::uint64_t turn_ = 0;
    boost::asio::steady_timer timer_;
    std::string log_;
    std::vector<match::MoveEntry> moves_;  // kept only while a watcher listens
};

}  // namespace referee::server
