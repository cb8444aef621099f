// One client connection: greeting, lines in (LF or CR LF, capped in length and in number
// waiting), bytes out in order, an idle limit in the lobby. Lines are read all the time but
// handled only when the connection's state allows: a client blocked in an offer, or waiting
// for its turn, has its lines read afterwards, as the real server does.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <boost/asio.hpp>

#include "referee/server/client_lines.hpp"

namespace referee::server {

class Server;
class ServedGame;

class Connection : public std::enable_shared_from_this<Connection> {
  public:
    enum class State { Lobby, Busy, Offering, Playing, Closing };

    Connection(boost::asio::ip::tcp::socket socket, Server& server);

    void start();                  // sends the greeting and starts reading
    void send(std::string bytes);  // queued, written in order
    void close_after_flush();      // what is queued is written, then the socket closes
    void drop();                   // closes now
    void pump();                   // handles the waiting lines the state allows

    State state = State::Lobby;
    std::optional<std::string> user;
    std::uint64_t offer_id = 0;
    std::weak_ptr<ServedGame> game;
    const std::string& peer() const { return peer_; }
    int socket_number() const { return socket_number_; }

  private:
    void read();
    void on_bytes(std::size_t n);
    void write();
    void arm_idle();
    void finish_reading();

    boost::asio::ip::tcp::socket socket_;
    Server& server_;
    std::string peer_;
    int socket_number_ = 0;
    boost::asio::steady_timer idle_;
    std::array<char, 4096> chunk_{};
    ClientLines lines_;
    std::deque<std::string> out_;
    bool writing_ = false, eof_ = false, closed_ = false, close_when_flushed_ = false,
         reported_ = false;
    std::size_t queued_bytes_ = 0;
};

}  // namespace referee::server
