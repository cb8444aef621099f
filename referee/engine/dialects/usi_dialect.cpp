// USI, the shogi engines' protocol, as the referee speaks it: usi/usiok, options and the
// variant (as UCI: uci_setup.hpp), isready/readyok, usinewgame, `position startpos|sfen ...
// moves ...` in USI's move text (rules/notation/usi_notation.hpp), `go btime wtime binc winc` or
// `go btime 0 wtime 0 byoyomi N`, bestmove (a move, `resign`, or `win`: a claim under the
// entering-king rule, judged by the rules as any claim is), `gameover`, quit.
// A game that ends while the engine thinks stops it first (`stop`); `gameover` and the next
// game's isready follow the bestmove it owes, as USI orders them.
// USI's "b" (sente, who moves first) is the referee's White: btime is White's clock, unless
// the engine reads it the other way (EngineConfig::usi_sente_clock; Fairy-Stockfish before 13).
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

class UsiDialect final : public Dialect {
  public:
    explicit UsiDialect(DialectContext c) : c_(c) {}

    void begin_handshake() override {
        state_ = State::AwaitUsiOk;
        c_.host.send("usi");
    }

    void on_line(std::string_view line) override {
        // Most of what a thinking engine writes is info: read in place, never split.
        if (state_ == State::Thinking && is_info_line(line)) return read_uci_info(line, info_);
        if (state_ == State::Stopping && is_info_line(line)) return;
        // Three words, so "id name" is taken only with a name after it (as in uci_dialect).
        std::array<std::string_view, 3> w;
        const std::size_t n = rules::leading_words(line, w);
        if (n == 0) return;
        switch (state_) {
            case State::AwaitUsiOk:
                if (w[0] == "id" && n > 2 && w[1] == "name") {
                    std::string name(line.substr(line.find("name") + 5));
                    if (c_.config.usi_sente_clock == UsiSenteClock::Auto)
                        sente_in_wtime_ = reads_wtime_as_sente(name);
                    c_.host.identified(std::move(name));
                } else if (w[0] == "option") {
                    listed_.read(line);
                } else if (w[0] == "usiok") {
                    if (!send_setup(c_, listed_, true)) return;
                    state_ = State::AwaitReadyOk;
                    c_.host.send("isready");
                }
                return;
            case State::AwaitReadyOk:
            case State::AwaitNewGameReady:
                if (w[0] != "readyok") return;
                // USI wants the engine ready before usinewgame, which it does not answer.
                if (state_ == State::AwaitNewGameReady) c_.host.send("usinewgame");
                state_ = State::Idle;
                return c_.host.ready();
            case State::Thinking:
                if (w[0] != "bestmove") return;  // anything else is commentary
                state_ = State::Idle;
                return bestmove(line);
            case State::Stopping:
                // The answer to the search of a game that is over: owed, and not a move.
                if (w[0] != "bestmove") return;
                state_ = State::Idle;
                c_.host.send(gameover_);
                gameover_.clear();
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

    void new_game(bool plays_white, const MoveRequest& r) override {
        plays_white_ = plays_white;
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
        std::string position = "position " + start_text();
        if (!moves.empty()) {
            position += " moves";
            for (const auto& m : moves) position.append(1, ' ').append(m);
        }
        // btime is the first player's (White's here), as USI's "b" is; for an engine that
        // reads wtime as the first player's, the two clocks (and increments) trade places.
        auto btime = std::max<std::int64_t>(r.white_ms, 0);
        auto wtime = std::max<std::int64_t>(r.black_ms, 0);
        auto binc = r.white_inc_ms, winc = r.black_inc_ms;
        if (sente_in_wtime_) {
            std::swap(btime, wtime);
            std::swap(binc, winc);
        }
        std::string go;
        if (r.movetime_ms > 0)
            go = fmt::format("go btime 0 wtime 0 byoyomi {}", r.movetime_ms);
        else if (binc || winc)
            go = fmt::format("go btime {} wtime {} binc {} winc {}", btime, wtime, binc, winc);
        else
            go = fmt::format("go btime {} wtime {} byoyomi 0", btime, wtime);
        // USI has no moves-to-go; nodes and depth are read by the engines that read UCI's.
        if (r.nodes > 0) go += fmt::format(" nodes {}", r.nodes);
        if (r.depth > 0) go += fmt::format(" depth {}", r.depth);
        state_ = State::Thinking;
        info_ = {};
        c_.host.send(position);
        c_.host.send(go, std::move(on_written));
    }

    void opponent_moved(const rules::Position&, rules::Move) override {}
    void reject_move(std::string_view) override {}  // USI has no way to say it

    void game_over(std::string_view result, std::string_view) override {
        position_ = nullptr;
        if (state_ == State::AwaitUsiOk || state_ == State::Quit) return;
        if (state_ == State::Stopping) {
            new_game_waits_ = false;  // that game is over too, before it began
            return;
        }
        const bool draw = result == "1/2-1/2";
        const bool won = (result == "1-0") == plays_white_;
        const char* gameover = draw ? "gameover draw" : won ? "gameover win" : "gameover lose";
        if (state_ == State::Thinking) {
            state_ = State::Stopping;
            gameover_ = gameover;  // sent once the bestmove is in
            return c_.host.send("stop");
        }
        state_ = State::Idle;
        c_.host.send(gameover);
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

    std::string awaited() const override {
        return state_ == State::AwaitUsiOk ? "finish its usi handshake (usiok)" : "";
    }

    // SFEN has the board, the hands, the side to move and the move number, nothing more.
    std::string cannot_start_at(const rules::Position& start) const override {
        if (is_variant_start(start)) return {};  // "position startpos"
        const auto f = start.fields();
        const char* lost =
            f.castling != "-"     ? "castling rights"
            : f.en_passant != "-" ? "an en-passant square"
            : f.checks_remaining  ? "the checks still to give"
            : f.counting          ? "a move count"
            : !f.promoted.empty() && std::count(f.promoted.begin(), f.promoted.end(), true)
                ? "the marks of promoted pieces ('~')"
                : nullptr;
        if (!lost) return {};
        return fmt::format(
            "{} speaks USI, whose SFEN carries no {}: a game can start there only "
            "from the variant's start position",
            c_.config.name, lost);
    }

  private:
    // Stopping: told `stop` after its game ended; the bestmove it owes is not read yet.
    enum class State {
        AwaitUsiOk,
        AwaitReadyOk,
        AwaitNewGameReady,
        Idle,
        Thinking,
        Stopping,
        Quit
    };

    void begin_new_game() {
        alive_answer_ = nullptr;  // its readyok, if still to come, answers this isready early
        state_ = State::AwaitNewGameReady;
        if (seed_ && listed_.names.count("Seed"))
            c_.host.send(fmt::format("setoption name Seed value {}", seed_));
        c_.host.send("isready");
    }

    bool is_variant_start(const rules::Position& p) const {
        return p.fen() == p.rules().start().fen();
    }

    // "startpos" for the variant's start (the engine was told the variant, or plays only
    // it); "sfen ..." elsewhere. Worked out once a game.
    const std::string& start_text() {
        if (game_.start_fen().empty()) return start_text_ = "startpos";
        if (game_.start_fen() != start_fen_) {
            start_fen_ = game_.start_fen();
            const auto& start = game_.position_before(0);
            start_text_ = is_variant_start(start) ? "startpos" : "sfen " + start.sfen();
        }
        return start_text_;
    }

    void bestmove(std::string_view line) {
        auto w = rules::split_words(line);
        if (w.size() < 2) return c_.host.fault(FaultKind::Protocol, "'bestmove' without a move");
        if (w[1] == "resign") return c_.host.resign();
        if (!position_) return c_.host.fault(FaultKind::Protocol, "a move nobody asked for");
        if (w[1] == "win") {
            // A declaration under the entering-king rule (nyugyoku): a claim of a win for
            // the side to move, which ends the game only where the rules say it is won.
            const bool white = position_->side_to_move() == rules::White;
            return c_.host.claim(
                white ? rules::GameResult::WhiteWins : rules::GameResult::BlackWins,
                "a win declared under the entering-king rule (bestmove win)");
        }
        if (!info_.empty()) c_.host.search_info(usi_info(info_));
        read_move(*position_, w[1], c_.host, rules::MoveStyle::Usi);
    }

    // Fairy-Stockfish before 13 takes wtime for the clock of the side that moves first (its
    // issue 269, fixed in 2021; Debian's "Fairy-Stockfish 11.1 LB 64" was tried by hand).
    // Releases from 13 on, and development builds (named by a six-digit date), are taken to
    // read the standard's way; usi_sente_clock settles any engine otherwise.
    static bool reads_wtime_as_sente(std::string_view name) {
        constexpr std::string_view kFairy = "Fairy-Stockfish ";
        if (name.substr(0, kFairy.size()) != kFairy) return false;
        name.remove_prefix(kFairy.size());
        int major = 0;
        std::size_t digits = 0;
        for (; digits < name.size() && digits < 3 && name[digits] >= '0' && name[digits] <= '9';
             ++digits)
            major = major * 10 + (name[digits] - '0');
        const bool ends = digits == name.size() || name[digits] == '.' || name[digits] == ' ';
        return digits > 0 && ends && major < 13;
    }

    // USI gives a mate's distance in plies, UCI in moves, which SearchInfo holds.
    static SearchInfo usi_info(SearchInfo info) {
        if (info.mate && info.score > 0) info.score = (info.score + 1) / 2;
        if (info.mate && info.score < 0) info.score = (info.score - 1) / 2;
        return info;
    }

    DialectContext c_;
    State state_ = State::AwaitUsiOk;
    bool plays_white_ = true;
    // The first player's clock goes in wtime (see reads_wtime_as_sente).
    bool sente_in_wtime_ = c_.config.usi_sente_clock == UsiSenteClock::Wtime;
    ListedOptions listed_;
    SearchInfo info_;  // the search so far, from this move's info lines
    GameText game_{rules::MoveStyle::Usi};
    std::string start_fen_, start_text_;
    const rules::Position* position_ = nullptr;  // of the request being answered
    std::uint64_t seed_ = 0;                     // the next game's (MoveRequest::game_seed)
    bool new_game_waits_ = false;                // new_game() came while Stopping
    std::function<void()> alive_answer_;         // ask_alive's, until its readyok
    std::string gameover_;                       // sent after the bestmove owed
};

}  // namespace

std::unique_ptr<Dialect> make_usi_dialect(DialectContext context) {
    return std::make_unique<UsiDialect>(context);
}

}  // namespace referee::engine
