// imcs-tcp: the referee plays the IMCS server for one client it started. In the lobby it
// answers as the server does (tests/data/imcs-server/: greeting, me/register, list, offer,
// accept, and the numbered errors), with one game on offer: the game the referee scheduled
// for this client, against its opponent, with its colour and clock. Once the client has
// offered the right colour or accepted that game it is ready, and from the game start on the
// connection carries the stdio imcs dialect's game messages unchanged.
#include <atomic>
#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::engine {
namespace {

class ImcsTcpDialect final : public Dialect {
  public:
    explicit ImcsTcpDialect(DialectContext c)
        : c_(c), game_(make_imcs_dialect(c)), id_(kImcsTcpGameId) {
        // Each client has a listener of its own holding one game, so the id a client is told
        // to accept ({game}) is always the same, whatever else this referee runs.
        opponent_ = imcs_opponent_name(c_.seat, c_.login);
    }

    void begin_handshake() override {}  // the client connects on its own

    void connected() override {
        state_ = State::Greeted;
        send("100 imcs 2.5");
    }

    void on_line(std::string_view line) override {
        if (state_ == State::Playing || state_ == State::Waiting) return game_->on_line(line);
        if (state_ == State::Closed) return;
        // Each lobby line is answered: a client that never stops talking there would make
        // the referee queue answers without end.
        if (++lobby_lines_ > kMaxLobbyLines) {
            state_ = State::Closed;
            c_.host.hang_up();
            return c_.host.fault(
                FaultKind::Protocol,
                fmt::format("{} sent more than {} lobby commands without starting its game",
                            c_.config.name, kMaxLobbyLines));
        }
        lobby(rules::split_words(line));
    }

    void new_game(bool plays_white, const MoveRequest& clocks) override {
        state_ = State::Playing;
        game_->new_game(plays_white, clocks);
    }
    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        game_->request_move(r, std::move(on_written));
    }
    void opponent_moved(const rules::Position& before, rules::Move move) override {
        game_->opponent_moved(before, move);
    }
    void reject_move(std::string_view reason) override { game_->reject_move(reason); }
    void game_over(std::string_view result, std::string_view reason) override {
        game_->game_over(result, reason);
        state_ = State::Closed;
        c_.host.hang_up();  // the server closes the connection after the result lines
    }
    void quit() override {
        game_->quit();
        state_ = State::Closed;
    }

    std::string awaited() const override {
        switch (state_) {
            case State::Listening:
                return fmt::format("connect to the referee's port {}:{}", c_.login.host,
                                   c_.login.port);
            case State::Greeted:
                return fmt::format("log in after connecting (me {} <password>)", c_.login.user);
            case State::LoggedIn:
                return fmt::format("offer a game or accept game {} after logging in", id_);
            default:
                return {};
        }
    }
    bool one_game() const override { return true; }

  private:
    enum class State { Listening, Greeted, LoggedIn, Waiting, Playing, Closed };

    // Lobby lines end in CR LF, as every line the server sends outside a board dump; the host
    // adds the LF.
    void send(std::string_view text) {
        std::string bytes = imcs::line(text);
        bytes.pop_back();
        c_.host.send(bytes);
    }

    char seat_color() const { return c_.seat.color == 'B' ? 'B' : 'W'; }
    char opponent_color() const { return seat_color() == 'W' ? 'B' : 'W'; }

    void lobby(const std::vector<std::string>& w) {
        if (w.empty()) return;  // the server does not answer an empty line
        const std::string& cmd = w[0];
        const bool logged_in = state_ == State::LoggedIn;
        if (cmd == "help") return help();
        if (cmd == "quit") {
            send("200 Goodbye");
            c_.host.hang_up();
            state_ = State::Closed;
            return c_.host.fault(FaultKind::Startup,
                                 fmt::format("{} said quit before its game began", c_.config.name));
        }
        if (cmd == "me" || cmd == "register") return login(w);
        if (cmd == "list") return list();
        if (cmd == "ratings") {
            send("212 ratings");
            send(fmt::format(" {} 1000", opponent_));
            if (logged_in) send(fmt::format(" {} 1000", c_.login.user));
            return send(".");
        }
        const bool needs_login = cmd == "offer" || cmd == "accept" || cmd == "clean" ||
                                 cmd == "password" || cmd == "rerate";
        if (!needs_login) return send("501 unknown command");
        if (!logged_in) return send("404 must set name first using me command");
        if (cmd == "password") {
            if (w.size() != 2) return send("409 password: usage: password <password>");
            return send(fmt::format("203 password change for user {}", c_.login.user));
        }
        if (cmd == "rerate")
            return send(fmt::format("206 rating reset for user {}", c_.login.user));
        if (cmd == "clean") return send("204 0 games cleaned");
        if (cmd == "offer") return offer(w);
        accept(w);
    }

    void help() {
        // One line at a time, as send() frames every line it is given.
        std::string_view rest = imcs::help_text;
        for (auto end = rest.find(imcs::crlf); end != std::string_view::npos;
             end = rest.find(imcs::crlf)) {
            send(rest.substr(0, end));
            rest.remove_prefix(end + imcs::crlf.size());
        }
    }

    void login(const std::vector<std::string>& w) {
        const bool is_me = w[0] == "me";
        if (w.size() != 3)
            return send(is_me ? "409 me: usage: me <player> <password>"
                              : "409 register: usage: register <player> <password>");
        const std::string &user = w[1], &password = w[2];
        for (unsigned char ch : user)
            if (!std::isalnum(ch) && ch != '_' && ch != '-')
                return send("410 illegal characters in username");
        if (user != c_.login.user) {
            // A client may try `me` first and `register` after a 400, as on a fresh server.
            if (is_me) return send("400 no such username: please use register command");
            return wrong_login(
                fmt::format("registered as '{}', but this game is for '{}'", user, c_.login.user));
        }
        if (password != c_.login.password) {
            send(is_me ? "401 wrong password"
                       : "402 username already exists: please use password command to change");
            return wrong_login(fmt::format("logged in as '{}' with the wrong password", user));
        }
        state_ = State::LoggedIn;
        send(is_me ? fmt::format("201 hello {}", user)
                   : fmt::format("202 hello new user {}", user));
    }

    void wrong_login(std::string what) {
        state_ = State::Closed;
        c_.host.hang_up();
        c_.host.fault(
            FaultKind::Startup,
            fmt::format(
                "{} {} (give it {{user}} and {{password}} in its arguments, or set user and "
                "password for it)",
                c_.config.name, what));
    }

    void list() {
        const std::string clock = imcs::minutes_seconds(c_.seat.clock_ms);
        send("211 1 available games");
        if (offered_)
            send(fmt::format(" {} {} {} {} {} 1000 [offer]", id_, c_.login.user, offered_, clock,
                             clock));
        else
            send(fmt::format(" {} {} {} {} {} 1000 [offer]", id_, opponent_, opponent_color(),
                             clock, clock));
        send(".");
    }

    void offer(const std::vector<std::string>& w) {
        const bool color_ok = w.size() < 2 || w[1] == "W" || w[1] == "B" || w[1] == "?";
        const bool times_ok = w.size() <= 4 && (w.size() < 3 || imcs::parse_offer_time(w[2])) &&
                              (w.size() < 4 || imcs::parse_offer_time(w[3]));
        if (!color_ok || !times_ok)
            return send("409 offer: usage: offer [<my-color>] [<my-time> [<opp-time>]]");
        const char wanted = w.size() < 2 ? '?' : w[1][0];
        if (wanted != '?' && wanted != seat_color()) {
            state_ = State::Closed;
            c_.host.hang_up();
            return c_.host.fault(
                FaultKind::Startup,
                fmt::format(
                    "{} offered to play {} but this game has it play {} (give it {{color}} in "
                    "its arguments)",
                    c_.config.name, wanted == 'W' ? "White" : "Black",
                    seat_color() == 'W' ? "White" : "Black"));
        }
        // The clock is the referee's time control, whatever times the offer names.
        offered_ = wanted;
        state_ = State::Waiting;
        send(fmt::format("103 {} game waiting for offer acceptance", id_));
        c_.host.ready();
    }

    void accept(const std::vector<std::string>& w) {
        if (w.size() < 2 || w.size() > 3)
            return send("409 accept: usage: accept <game-id> [<my-color>]");
        if (w[1].find_first_not_of("0123456789") != std::string::npos)
            return send("407 bad game id");
        if (w[1] != std::to_string(id_)) return send("408 no such game");
        if (w.size() == 3 && w[2] != std::string(1, seat_color()))
            return send(fmt::format("405 bad color {}", w[2]));
        state_ = State::Waiting;
        c_.host.ready();
    }

    DialectContext c_;
    std::unique_ptr<Dialect> game_;  // the game messages, as on stdio
    int id_;
    std::string opponent_;
    char offered_ = 0;  // the colour the client offered ('W', 'B', '?'), or 0
    State state_ = State::Listening;
    static constexpr int kMaxLobbyLines = 1000;
    int lobby_lines_ = 0;
};

}  // namespace

std::unique_ptr<Dialect> make_imcs_tcp_dialect(DialectContext context) {
    return std::make_unique<ImcsTcpDialect>(context);
}

}  // namespace referee::engine
