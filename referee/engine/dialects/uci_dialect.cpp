// UCI as the referee speaks it: uci/uciok, options and the variant, isready/readyok,
// ucinewgame, position + go, bestmove, quit. A game that ends while the engine thinks
// (the opponent resigned, lost on time, was adjudicated...) stops it with `stop`; the next
// game's ucinewgame waits for the bestmove it owes.
#include <algorithm>
#include <array>
#include <utility>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/dialects/game_text.hpp"
#include "referee/engine/dialects/uci_setup.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::engine {
namespace {

class UciDialect final : public Dialect {
  public:
    explicit UciDialect(DialectContext c) : c_(c) {}

    void begin_handshake() override {
        state_ = State::AwaitUciOk;
        c_.host.send("uci");
    }

    void on_line(std::string_view line) override {
        // Most of what a thinking engine writes is info: read in place, never split.
        if (state_ == State::Thinking && is_info_line(line)) return read_uci_info(line, info_);
        if (state_ == State::Stopping && is_info_line(line)) return;
        // The first words decide; read in place (this runs for every line an engine writes).
        std::array<std::string_view, 3> w;
        const std::size_t n = rules::leading_words(line, w);
        if (n == 0) return;
        switch (state_) {
            case State::AwaitUciOk:
                if (w[0] == "id" && n > 2 && w[1] == "name") {
                    c_.host.identified(std::string(line.substr(line.find("name") + 5)));
                } else if (w[0] == "option") {
                    listed_.read(line);
                } else if (w[0] == "uciok") {
                    configure();
                }
                return;
            case State::AwaitReadyOk:
                if (w[0] == "readyok") {
                    state_ = State::Idle;
                    c_.host.ready();
                }
                return;
            case State::Thinking:
                if (w[0] != "bestmove") return;  // info and anything else is commentary
                state_ = State::Idle;
                if (n < 2) return c_.host.fault(FaultKind::Protocol, "'bestmove' without a move");
                if (w[1] == "(none)" || w[1] == "0000") return c_.host.resign();
                if (!info_.empty()) c_.host.search_info(info_);
                return report_move(w[1]);
            case State::Stopping:
                // The answer to the search of a game that is over: owed, and not a move.
                if (w[0] != "bestmove") return;
                state_ = State::Idle;
                if (new_game_waits_) {
                    new_game_waits_ = false;
                    begin_new_game();
                }
                return;
            case State::Idle:
                // The answer to ask_alive's isready; other late output (a bestmove after
                // time ran out) is ignored.
                if (w[0] == "readyok" && alive_answer_) std::exchange(alive_answer_, nullptr)();
                return;
            case State::Quit:
                return;
        }
    }

    void new_game(bool, const MoveRequest& r) override {
        game_.reset();
        seed_ = r.game_seed;
        if (state_ == State::Stopping) {
            new_game_waits_ = true;  // until the bestmove it owes
            return;
        }
        begin_new_game();
    }

    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        const auto& moves = game_.update(r);
        position_ = r.position;
        std::string position;
        position.reserve(16 + game_.start_fen().size() + 6 * moves.size());
        position.append("position fen ").append(game_.start_fen());
        if (!moves.empty()) {
            position += " moves";
            for (const auto& m : moves) position.append(1, ' ').append(m);
        }
        std::string go;
        if (r.movetime_ms > 0) {
            go = fmt::format("go movetime {}", r.movetime_ms);
        } else {
            go = fmt::format("go wtime {} btime {}", std::max<std::int64_t>(r.white_ms, 0),
                             std::max<std::int64_t>(r.black_ms, 0));
            if (r.white_inc_ms || r.black_inc_ms)
                go += fmt::format(" winc {} binc {}", r.white_inc_ms, r.black_inc_ms);
            if (r.moves_to_go > 0) go += fmt::format(" movestogo {}", r.moves_to_go);
        }
        // Search limits on top of the clock (cutechess's nodes= and depth=): the engine stops
        // at whichever comes first, and the referee's clock still applies.
        if (r.nodes > 0) go += fmt::format(" nodes {}", r.nodes);
        if (r.depth > 0) go += fmt::format(" depth {}", r.depth);
        state_ = State::Thinking;
        info_ = {};
        c_.host.send(position);
        c_.host.send(go, std::move(on_written));
    }

    void opponent_moved(const rules::Position&, rules::Move) override {}
    void reject_move(std::string_view) override {}  // UCI has no way to say it; the match decides
    void game_over(std::string_view, std::string_view) override {
        position_ = nullptr;
        new_game_waits_ = false;  // a game that ended before it began
        if (state_ != State::Thinking) return;
        state_ = State::Stopping;
        c_.host.send("stop");
    }

    bool owes_reply() const override { return state_ == State::Stopping; }

    bool ask_alive(std::function<void()> answered) override {
        if (state_ != State::Idle || alive_answer_) return false;
        alive_answer_ = std::move(answered);
        c_.host.send("isready");
        return true;
    }

    void quit() override {
        state_ = State::Quit;
        c_.host.send("quit");
    }

  private:
    // Stopping: told `stop` after its game ended; the bestmove it owes is not read yet.
    enum class State { AwaitUciOk, AwaitReadyOk, Idle, Thinking, Stopping, Quit };

    void begin_new_game() {
        // An unanswered ask_alive's readyok now answers the game's isready early: harmless,
        // the engine reads ucinewgame before the position in any case.
        alive_answer_ = nullptr;
        state_ = State::AwaitReadyOk;
        if (seed_ && listed_.names.count("Seed"))
            c_.host.send(fmt::format("setoption name Seed value {}", seed_));
        c_.host.send("ucinewgame");
        c_.host.send("isready");
    }

    // The move read in the position it was asked for.
    void report_move(std::string_view text) {
        if (!position_) return c_.host.fault(FaultKind::Protocol, "a move nobody asked for");
        read_move(*position_, text, c_.host);
    }

    void configure() {
        if (!send_setup(c_, listed_, false)) return;
        state_ = State::AwaitReadyOk;
        c_.host.send("isready");
    }

    DialectContext c_;
    State state_ = State::AwaitUciOk;
    ListedOptions listed_;
    SearchInfo info_;  // the search so far, from this move's info lines
    GameText game_{rules::MoveStyle::Uci};
    const rules::Position* position_ = nullptr;  // of the request being answered
    std::uint64_t seed_ = 0;                     // the next game's (MoveRequest::game_seed)
    bool new_game_waits_ = false;                // new_game() came while Stopping
    std::function<void()> alive_answer_;         // ask_alive's, until its readyok
};

}  // namespace

std::unique_ptr<Dialect> make_uci_dialect(DialectContext context) {
    return std::make_unique<UciDialect>(context);
}

std::string imcs_clock(std::int64_t ms) {
    if (ms < 0) ms = 0;
    return fmt::format("{:02}:{:02}.{:03}", ms / 60000, (ms / 1000) % 60, ms % 1000);
}

}  // namespace referee::engine
