// The MiniChess world's dialect over stdio, mirroring what the IMCS server sends a client:
// "105 W"/"106 B" at the start, a board and a "?" clock line to the mover, "! move" for
// the opponent's move, "- illegal move" when asked again, "=" and "23x" lines at the end.
#include <sstream>

#include <fmt/format.h>

#include "referee/engine/dialect.hpp"

namespace referee::engine {
namespace {

std::string trim(std::string_view s) {
    std::size_t a = s.find_first_not_of(" \t\r");
    if (a == std::string_view::npos) return "";
    std::size_t b = s.find_last_not_of(" \t\r");
    return std::string(s.substr(a, b - a + 1));
}

// IMCS writes the start-of-game clocks as m:ss.
std::string minutes_seconds(std::int64_t ms) {
    if (ms < 0) ms = 0;
    return fmt::format("{}:{:02}", ms / 60000, (ms / 1000) % 60);
}

class ImcsDialect final : public Dialect {
  public:
    explicit ImcsDialect(DialectContext c) : c_(c) {}

    // Nothing to negotiate: the engine is ready once it runs.
    void begin_handshake() override { c_.host.ready(); }

    void on_line(std::string_view raw) override {
        if (!thinking_)
            return;  // chatter between turns is ignored (flooding is capped by the session)
        std::string line = trim(raw);
        if (line.empty()) return;
        if (line == "resign") {
            thinking_ = false;
            return c_.host.resign();
        }
        if (line[0] == '!') line = trim(std::string_view(line).substr(1));
        thinking_ = false;
        c_.host.move(line);  // the match layer reads it and judges it
    }

    void new_game(bool plays_white, const MoveRequest& r) override {
        const std::int64_t own = plays_white ? r.white_ms : r.black_ms,
                           opp = plays_white ? r.black_ms : r.white_ms;
        c_.host.send(fmt::format("{} {} {} {} game starts", plays_white ? 105 : 106,
                                 plays_white ? 'W' : 'B', minutes_seconds(own),
                                 minutes_seconds(opp)));
        c_.host.ready();
    }

    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        c_.host.send("");
        std::istringstream board(r.board_dump);
        for (std::string line; std::getline(board, line);) c_.host.send(line);
        const std::int64_t own = r.white_to_move ? r.white_ms : r.black_ms;
        const std::int64_t opp = r.white_to_move ? r.black_ms : r.white_ms;
        thinking_ = true;
        c_.host.send(fmt::format("? {} {}", imcs_clock(own), imcs_clock(opp)),
                     std::move(on_written));
    }

    void opponent_moved(std::string_view dash_move) override {
        c_.host.send(fmt::format("! {}", dash_move));
    }

    void reject_move(std::string_view reason) override {
        c_.host.send(fmt::format("- illegal move: {}", reason));
    }

    void game_over(std::string_view result, std::string_view) override {
        if (result == "1-0")
            c_.host.send("= W wins"), c_.host.send("231 W wins");
        else if (result == "0-1")
            c_.host.send("= B wins"), c_.host.send("232 B wins");
        else
            c_.host.send("= draw"), c_.host.send("230 draw");
        thinking_ = false;
    }

    void quit() override {
        thinking_ = false;
    }  // the session closes stdin, as the server closes the connection

  private:
    DialectContext c_;
    bool thinking_ = false;
};

}  // namespace

std::unique_ptr<Dialect> make_imcs_dialect(DialectContext context) {
    return std::make_unique<ImcsDialect>(context);
}

}  // namespace referee::engine
