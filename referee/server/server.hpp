// `referee serve`: an Internet MiniChess Server (IMCS 2.5) that clients cannot tell from the
// real one (tests/data/imcs-server/ has its byte-exact recordings). One Boost.Asio event
// loop serves every connection; password hashing, the one slow step, runs on a worker and
// posts its answer back to the loop.
//
// Layout of the data directory: `accounts` (names, ratings, password hashes), `next-id`
// (the next offer/game number), `games/<id>` (each finished game's log, the server's format).
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include <boost/asio.hpp>

#include "referee/match/game_record.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/server/accounts.hpp"

namespace referee::server {

struct ServerOptions {
    std::string bind = "127.0.0.1";
    unsigned short port = 3589;  // 0: any free port (see Server::port())
    std::string variant = "minitchess";
    std::filesystem::path data = "imcs-data";
    std::size_t max_connections = 256;
    std::chrono::milliseconds idle{10 * 60 *
                                   1000};  // a connection silent this long in the lobby is closed
    std::chrono::milliseconds grace{10 *
                                    1000};  // a silent mover loses at its remaining time + this
    std::chrono::milliseconds first_move{60 *
                                         1000};  // White's first move is free, within this limit
    std::size_t max_line = 1024;                 // a longer line closes the connection
    int draw_after = 40;                         // a draw after Black's move with this number
};

class Connection;
class ServedGame;

struct Offer {
    std::uint64_t id = 0;
    std::string user;
    char color = '?';  // the offerer's colour: W, B or ?
    std::int64_t own_ms = 0, opponent_ms = 0;
    std::weak_ptr<Connection> connection;
};

// The lobby as a page shows it: offers, games in progress, ratings (best first).
struct LobbyView {
    struct OfferRow {
        std::uint64_t id = 0;
        std::string user;
        char color = '?';
        std::int64_t own_ms = 0, opponent_ms = 0;
        int rating = 0;
    };
    struct GameRow {
        std::uint64_t id = 0;
        std::string white, black;
        int white_rating = 0, black_rating = 0;
    };
    std::vector<OfferRow> offers;
    std::vector<GameRow> games;
    std::vector<std::pair<std::string, int>> ratings;
};

// What a live page hears of the server, on the server's loop (see referee/live/).
class ServerWatcher {
  public:
    virtual ~ServerWatcher() = default;
    virtual void lobby_changed() {}
    virtual void game_started(const ServedGame&) {}
    // `entry` carries the move's names, its time and the mover's clock after it.
    virtual void move_played(const ServedGame&, const match::MoveEntry&, rules::Move,
                             const rules::Position& /*after*/) {}
    virtual void game_ended(const ServedGame&, const match::GameRecord&) {}
};

class Server {
  public:
    Server(boost::asio::io_context& io, ServerOptions options);
    ~Server();

    unsigned short port() const;  // the port actually bound
    void stop();                  // closes the listener and every connection

    // For connections and games.
    void lobby_line(const std::shared_ptr<Connection>& c, const std::string& line);
    void connection_closed(const std::shared_ptr<Connection>& c);
    void game_over(ServedGame& game, char winner);
    boost::asio::io_context& io() { return io_; }
    const ServerOptions& options() const { return options_; }
    const rules::Rules& rules() const { return rules_; }
    Accounts& accounts() { return accounts_; }
    void set_watcher(ServerWatcher* w) { watcher_ = w; }
    ServerWatcher* watcher() const { return watcher_; }
    LobbyView lobby() const;

  private:
    void accept();
    std::uint64_t next_id();
    // Runs `work` on the hashing worker, then `done` on the event loop with its answer.
    void off_loop(const std::shared_ptr<Connection>& c, std::function<std::string()> work,
                  std::function<void(std::string)> done);

    void lobby_command(const std::shared_ptr<Connection>& c, const std::string& line);
    void score_and_log(ServedGame& game, char winner);
    void cmd_me(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w);
    void cmd_register(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w);
    void cmd_password(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w);
    void cmd_list(const std::shared_ptr<Connection>& c);
    void cmd_ratings(const std::shared_ptr<Connection>& c);
    void cmd_offer(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w);
    void cmd_accept(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w);
    void cmd_clean(const std::shared_ptr<Connection>& c);
    void cmd_rerate(const std::shared_ptr<Connection>& c);
    int rating_of(const std::string& name) const;
    void lobby_changed() {
        if (watcher_) watcher_->lobby_changed();
    }

    boost::asio::io_context& io_;
    ServerOptions options_;
    rules::Rules rules_;
    Accounts accounts_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::thread_pool hashing_{1};
    std::set<std::shared_ptr<Connection>> connections_;
    std::map<std::uint64_t, Offer> offers_;
    std::map<std::uint64_t, std::shared_ptr<ServedGame>> games_;
    std::uint64_t next_id_ = 1;
    bool stopped_ = false;
    ServerWatcher* watcher_ = nullptr;
};

}  // namespace referee::server
