#include "referee/server/server.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

#include <fmt/format.h>

#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/server/connection.hpp"
#include "referee/server/elo.hpp"
#include "referee/server/served_game.hpp"

namespace referee::server {

namespace fs = std::filesystem;
namespace imcs = engine::imcs;
using boost::asio::ip::tcp;

namespace {

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::uint64_t read_next_id(const fs::path& file) {
    std::ifstream in(file);
    std::uint64_t id = 1;
    if (in && !(in >> id))
        throw std::runtime_error(fmt::format("{}: expected the next game number", file.string()));
    return std::max<std::uint64_t>(id, 1);
}

void write_file(const fs::path& file, const std::string& text) {
    const fs::path tmp = file.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc | std::ios::binary);
        out << text;
        out.flush();
        if (!out) throw std::runtime_error(fmt::format("cannot write {}", tmp.string()));
    }
    fs::rename(tmp, file);
}

}  // namespace

Server::Server(boost::asio::io_context& io, ServerOptions options)
    : io_(io),
      options_(std::move(options)),
      rules_(rules::Rules::load(options_.variant)),
      accounts_((fs::create_directories(options_.data / "games"), options_.data)),
      acceptor_(io) {
    next_id_ = read_next_id(options_.data / "next-id");
    const tcp::endpoint endpoint(boost::asio::ip::make_address(options_.bind), options_.port);
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(tcp::acceptor::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen();
    accept();
}

Server::~Server() {
    hashing_.join();
}

unsigned short Server::port() const {
    return acceptor_.local_endpoint().port();
}

void Server::stop() {
    stopped_ = true;
    boost::system::error_code ec;
    acceptor_.close(ec);
    auto all = connections_;
    for (auto& c : all) c->drop();
}

void Server::accept() {
    acceptor_.async_accept([this](const boost::system::error_code& ec, tcp::socket socket) {
        if (stopped_) return;
        if (!ec) {
            if (connections_.size() >= options_.max_connections) {
                // Over the bound: a clean close, before a byte is sent.
                boost::system::error_code ignored;
                socket.shutdown(tcp::socket::shutdown_both, ignored);
                socket.close(ignored);
            } else {
                auto c = std::make_shared<Connection>(std::move(socket), *this);
                connections_.insert(c);
                c->start();
            }
        }
        accept();
    });
}

std::uint64_t Server::next_id() {
    const std::uint64_t id = next_id_++;
    write_file(options_.data / "next-id", fmt::format("{}\n", next_id_));
    return id;
}

void Server::off_loop(const std::shared_ptr<Connection>& c, std::function<std::string()> work,
                      std::function<void(std::string)> done) {
    c->state = Connection::State::Busy;
    boost::asio::post(hashing_, [this, c, work = std::move(work), done = std::move(done)] {
        std::optional<std::string> answer;
        try {
            answer = work();
        } catch (const std::exception& e) {
            std::fprintf(stderr, "imcs server: %s\n", e.what());
        }
        boost::asio::post(io_, [c, answer = std::move(answer), done] {
            if (c->state != Connection::State::Busy) return;  // closed meanwhile
            c->state = Connection::State::Lobby;
            try {
                if (!answer) throw std::runtime_error("the password could not be hashed");
                done(*answer);
            } catch (const std::exception& e) {
                std::fprintf(stderr, "imcs server: %s\n", e.what());
                c->send("X server error: please try again later\r\n");
            }
            c->pump();
        });
    });
}

int Server::rating_of(const std::string& name) const {
    const Account* a = accounts_.find(name);
    return static_cast<int>(std::lround(a ? a->rating : starting_rating));
}

void Server::lobby_line(const std::shared_ptr<Connection>& c, const std::string& line) {
    // A file the server cannot write (a full disk) fails this command, not the server.
    try {
        lobby_command(c, line);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "imcs server: %s\n", e.what());
        c->send("X server error: please try again later\r\n");
    }
}

void Server::lobby_command(const std::shared_ptr<Connection>& c, const std::string& line) {
    const auto w = split(line);
    if (w.empty()) return;  // an empty line gets no answer
    const std::string& cmd = w[0];
    auto need_login = [&] {
        if (c->user) return false;
        c->send("404 must set name first using me command\r\n");
        return true;
    };
    if (cmd == "help") return c->send(std::string(imcs::help_text));
    if (cmd == "quit") {
        c->send("200 Goodbye\r\n");
        return c->close_after_flush();
    }
    if (cmd == "me") return cmd_me(c, w);
    if (cmd == "register") return cmd_register(c, w);
    if (cmd == "list") return cmd_list(c);
    if (cmd == "ratings") return cmd_ratings(c);
    if (cmd == "password") return need_login() ? void() : cmd_password(c, w);
    if (cmd == "offer") return need_login() ? void() : cmd_offer(c, w);
    if (cmd == "accept") return need_login() ? void() : cmd_accept(c, w);
    if (cmd == "clean") return need_login() ? void() : cmd_clean(c);
    if (cmd == "rerate") return need_login() ? void() : cmd_rerate(c);
    if (cmd == "stop") return c->send("502 admin only\r\n");
    c->send("501 unknown command\r\n");
}

void Server::cmd_me(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w) {
    if (w.size() != 3) return c->send("409 me: usage: me <player> <password>\r\n");
    const Account* a = accounts_.find(w[1]);
    if (!a) return c->send("400 no such username: please use register command\r\n");
    off_loop(
        c,
        [hash = a->password_hash, pw = w[2]] {
            return std::string(password_matches(hash, pw) ? "y" : "n");
        },
        [c, name = w[1]](const std::string& ok) {
            if (ok != "y") return c->send("401 wrong password\r\n");
            c->user = name;
            c->send(fmt::format("201 hello {}\r\n", name));
        });
}

void Server::cmd_register(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w) {
    if (w.size() != 3) return c->send("409 register: usage: register <player> <password>\r\n");
    if (!valid_player_name(w[1])) return c->send("410 illegal characters in username\r\n");
    if (accounts_.find(w[1]))
        return c->send("402 username already exists: please use password command to change\r\n");
    off_loop(
        c, [pw = w[2]] { return hash_password(pw); },
        [this, c, name = w[1]](const std::string& hash) {
            // Two clients may register one name at once: the first to finish has it.
            if (accounts_.find(name))
                return c->send(
                    "402 username already exists: please use password command to change\r\n");
            accounts_.add({name, hash, starting_rating});
            c->user = name;
            c->send(fmt::format("202 hello new user {}\r\n", name));
            lobby_changed();
        });
}

void Server::cmd_password(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w) {
    if (w.size() != 2) return c->send("409 password: usage: password <password>\r\n");
    off_loop(
        c, [pw = w[1]] { return hash_password(pw); },
        [this, c, name = *c->user](const std::string& hash) {
            accounts_.set_hash(name, hash);
            c->send(fmt::format("203 password change for user {}\r\n", name));
        });
}

void Server::cmd_list(const std::shared_ptr<Connection>& c) {
    std::map<std::uint64_t, std::string> lines;
    for (const auto& [id, o] : offers_)
        lines[id] = fmt::format(" {} {} {} {} {} {} [offer]\r\n", id, o.user, o.color,
                                imcs::minutes_seconds(o.own_ms),
                                imcs::minutes_seconds(o.opponent_ms), rating_of(o.user));
    for (const auto& [id, g] : games_)
        lines[id] = fmt::format(" {} {} {} ({}/{})  [in-progress]\r\n", id, g->name(0), g->name(1),
                                rating_of(g->name(0)), rating_of(g->name(1)));
    std::string out = fmt::format("211 {} available games\r\n", lines.size());
    for (const auto& [id, l] : lines) out += l;
    c->send(out + ".\r\n");
}

void Server::cmd_ratings(const std::shared_ptr<Connection>& c) {
    std::vector<const Account*> order;
    for (const auto& a : accounts_.all()) order.push_back(&a);
    std::stable_sort(order.begin(), order.end(), [](const Account* a, const Account* b) {
        return std::lround(a->rating) > std::lround(b->rating);
    });
    std::string out = "212 ratings\r\n";
    bool own_shown = false;
    for (std::size_t i = 0; i < order.size() && i < 10; ++i) {
        out += fmt::format(" {} {}\r\n", order[i]->name, std::lround(order[i]->rating));
        own_shown = own_shown || (c->user && *c->user == order[i]->name);
    }
    if (c->user && !own_shown) out += fmt::format(" {} {}\r\n", *c->user, rating_of(*c->user));
    c->send(out + ".\r\n");
}

void Server::cmd_offer(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w) {
    const char* usage = "409 offer: usage: offer [<my-color>] [<my-time> [<opp-time>]]\r\n";
    Offer o;
    o.user = *c->user;
    o.connection = c;
    std::size_t i = 1;
    if (i < w.size() && (w[i] == "W" || w[i] == "B" || w[i] == "?")) o.color = w[i++][0];
    std::vector<std::int64_t> times;
    for (; i < w.size(); ++i) {
        auto t = imcs::parse_offer_time(w[i]);
        if (!t || times.size() == 2) return c->send(usage);
        times.push_back(*t);
    }
    o.own_ms = times.empty() ? 300000 : times[0];
    o.opponent_ms = times.size() < 2 ? o.own_ms : times[1];
    o.id = next_id();
    offers_[o.id] = o;
    c->state = Connection::State::Offering;
    c->offer_id = o.id;
    c->send(fmt::format("103 {} game waiting for offer acceptance\r\n", o.id));
    lobby_changed();
}

void Server::cmd_accept(const std::shared_ptr<Connection>& c, const std::vector<std::string>& w) {
    if (w.size() < 2 || w.size() > 3)
        return c->send("409 accept: usage: accept <game-id> [<my-color>]\r\n");
    const std::string& id_text = w[1];
    if (id_text.empty() || id_text.size() > 18 ||
        !std::all_of(id_text.begin(), id_text.end(),
                     [](char ch) { return ch >= '0' && ch <= '9'; }))
        return c->send("407 bad game id\r\n");
    const auto it = offers_.find(std::stoull(id_text));
    if (it == offers_.end()) return c->send("408 no such game\r\n");
    Offer o = it->second;
    auto offerer = o.connection.lock();
    if (!offerer || offerer->state != Connection::State::Offering || offerer == c)
        return c->send("408 no such game\r\n");
    char mine = 0;
    if (w.size() == 3) {
        if ((w[2] != "W" && w[2] != "B") || w[2][0] == o.color)
            return c->send(fmt::format("405 bad color {}\r\n", w[2]));
        mine = w[2][0];
    }
    // The offerer's colour decides; an open offer takes the other side of the acceptor's
    // wish, and White when neither says.
    const bool offerer_white = o.color == 'W' || (o.color == '?' && mine != 'W');
    offers_.erase(it);
    ServedGame::Side off{offerer, o.user, offerer->peer(), o.own_ms};
    ServedGame::Side acc{c, *c->user, c->peer(), o.opponent_ms};
    auto game = offerer_white ? std::make_shared<ServedGame>(*this, o.id, off, acc)
                              : std::make_shared<ServedGame>(*this, o.id, acc, off);
    games_[o.id] = game;
    for (Connection* p : {offerer.get(), c.get()}) {
        p->state = Connection::State::Playing;
        p->game = game;
    }
    c->send(imcs::line(imcs::game_start(!offerer_white, o.opponent_ms, o.own_ms)));
    offerer->send(imcs::line(imcs::game_start(offerer_white, o.own_ms, o.opponent_ms)));
    game->begin();
    lobby_changed();
    boost::asio::post(io_, [offerer] { offerer->pump(); });
}

void Server::cmd_clean(const std::shared_ptr<Connection>& c) {
    int cleaned = 0;
    for (auto it = offers_.begin(); it != offers_.end();) {
        if (it->second.user != *c->user) {
            ++it;
            continue;
        }
        if (auto o = it->second.connection.lock(); o && o->state == Connection::State::Offering) {
            o->send("421 offer countermanded\r\n");
            o->state = Connection::State::Lobby;
            boost::asio::post(io_, [o] { o->pump(); });
        }
        it = offers_.erase(it);
        ++cleaned;
    }
    c->send(fmt::format("204 {} games cleaned\r\n", cleaned));
    if (cleaned) lobby_changed();
}

void Server::cmd_rerate(const std::shared_ptr<Connection>& c) {
    accounts_.set_rating(*c->user, starting_rating);
    c->send(fmt::format("206 rating reset for user {}\r\n", *c->user));
    lobby_changed();
}

void Server::connection_closed(const std::shared_ptr<Connection>& c) {
    connections_.erase(c);
    // The server stopping is nobody's loss: games in progress are left unscored.
    if (stopped_) return;
    if (c->state == Connection::State::Offering && offers_.erase(c->offer_id)) lobby_changed();
    if (c->state == Connection::State::Playing)
        if (auto g = c->game.lock()) g->on_disconnect(*c);
}

void Server::game_over(ServedGame& game, char winner) {
    try {
        score_and_log(game, winner);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "imcs server: game %llu: %s\n",
                     static_cast<unsigned long long>(game.id()), e.what());
    }
    // Destroyed later: this runs inside the game's own member function.
    boost::asio::post(io_, [this, id = game.id()] {
        games_.erase(id);
        lobby_changed();
    });
}

LobbyView Server::lobby() const {
    LobbyView v;
    for (const auto& [id, o] : offers_)
        v.offers.push_back({id, o.user, o.color, o.own_ms, o.opponent_ms, rating_of(o.user)});
    for (const auto& [id, g] : games_)
        v.games.push_back(
            {id, g->name(0), g->name(1), rating_of(g->name(0)), rating_of(g->name(1))});
    for (const auto& a : accounts_.all())
        v.ratings.emplace_back(a.name, static_cast<int>(std::lround(a.rating)));
    std::stable_sort(v.ratings.begin(), v.ratings.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    return v;
}

void Server::score_and_log(ServedGame& game, char winner) {
    const double score = winner == 'W' ? 1.0 : winner == 'B' ? 0.0 : 0.5;
    const Account* w = accounts_.find(game.name(0));
    const Account* b = accounts_.find(game.name(1));
    if (w && b && game.name(0) != game.name(1)) {
        const auto [nw, nb] = elo_update(w->rating, b->rating, score);
        accounts_.set_rating(game.name(0), nw);
        accounts_.set_rating(game.name(1), nb);
    }
    write_file(options_.data / "games" / std::to_string(game.id()), game.log());
}

}  // namespace referee::server
