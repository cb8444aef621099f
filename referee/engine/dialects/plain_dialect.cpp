// The plain stdio dialect of older course engines (docs/protocols.md): the engine learns its
// colour from its command line and plays from the start position; it is sent nothing but the
// opponent's moves ("! a2-a3") and, at the end, the result ("= W wins"). It answers "! b5-b4"
// and may print anything else between moves (its board, its thinking, banners): every line
// that does not start with '!' or '=' is chatter and skipped.
#include <deque>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::engine {
namespace {

// The placement and side-to-move fields of a FEN, which say where a game starts.
std::string board_and_side(std::string_view fen) {
    const auto first = fen.find(' ');
    if (first == std::string_view::npos) return std::string(fen);
    const auto second = fen.find(' ', first + 1);
    return std::string(fen.substr(0, second));
}

class PlainDialect final : public Dialect {
  public:
    explicit PlainDialect(DialectContext c) : c_(c) {}

    // No handshake: the engine is ready once it runs. White's engine starts thinking then.
    void begin_handshake() override { c_.host.ready(); }

    void on_line(std::string_view raw) override {
        const std::string_view line = rules::trim_spaces(raw);
        if (line.empty() || (line[0] != '!' && line[0] != '=')) return;  // chatter
        if (!thinking_) {
            // White's first move may come before the referee asks (it was never told to
            // wait); any other early line is kept for the next request, which judges it.
            early_.emplace_back(line);
            return;
        }
        deliver(std::string(line));  // a copy: `line` is the reader's buffer
    }

    void new_game(bool plays_white, const MoveRequest& r) override {
        if (started_)
            return c_.host.fault(FaultKind::Protocol,
                                 "the plain dialect has no second game in one process");
        started_ = true;
        // The engine knows nothing but its colour and the start position: a game from
        // elsewhere, or a colour other than the one it was started with, cannot be played.
        if (!r.start || board_and_side(r.start->fen()) != board_and_side(c_.variant.start_fen) ||
            !r.moves.empty())
            return c_.host.fault(FaultKind::Unsupported,
                                 "a plain engine plays from the variant's start position only "
                                 "(no set-up positions, no opening moves)");
        if (plays_white != (c_.seat.color != 'B'))
            return c_.host.fault(FaultKind::Protocol,
                                 fmt::format("it was started as {} but this game has it play {}",
                                             c_.seat.color == 'B' ? "Black" : "White",
                                             plays_white ? "White" : "Black"));
        c_.host.ready();
    }

    // Nothing is sent: White's engine moves unasked, Black's was sent the "! move" it answers.
    // The clock starts now, as the request is "written" the moment it is made.
    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        thinking_ = true;
        position_ = r.position;
        if (on_written) on_written();
        if (!early_.empty()) {
            const std::string line = std::move(early_.front());
            early_.pop_front();
            deliver(line);
        }
    }

    void opponent_moved(const rules::Position& before, rules::Move move) override {
        c_.host.send(fmt::format("! {}", before.move_name(move, rules::MoveStyle::Dash)));
    }

    // Plain has no way to ask again: the engine would read another move as the opponent's.
    void reject_move(std::string_view reason) override {
        thinking_ = false;
        c_.host.fault(
            FaultKind::Protocol,
            fmt::format("its move was refused ({}) and the plain dialect cannot ask again",
                        reason));
    }

    // The result as the IMCS server words it ("= W wins on opponent time"): the line such
    // engines were sent by the relays they were written for.
    void game_over(std::string_view result, std::string_view reason_key) override {
        thinking_ = false;
        position_ = nullptr;
        c_.host.send(imcs::result_text(imcs::result_for(result, reason_key)));
    }

    void quit() override { thinking_ = false; }  // the session closes stdin

    bool one_game() const override { return true; }

  private:
    void deliver(const std::string& line) {
        thinking_ = false;
        const std::string_view text = line;
        if (text.substr(0, 1) == "=")
            return c_.host.fault(
                FaultKind::Protocol,
                fmt::format("it declared the game over ('{}') when it was to move", text));
        const std::string_view move = rules::trim_spaces(text.substr(1));
        if (move == "resign") return c_.host.resign();
        if (position_) read_move(*position_, move, c_.host);
    }

    DialectContext c_;
    bool thinking_ = false;
    bool started_ = false;
    std::deque<std::string> early_;              // '!' or '=' lines that came before a request
    const rules::Position* position_ = nullptr;  // of the request being answered
};

}  // namespace

std::unique_ptr<Dialect> make_plain_dialect(DialectContext context) {
    return std::make_unique<PlainDialect>(context);
}

}  // namespace referee::engine
