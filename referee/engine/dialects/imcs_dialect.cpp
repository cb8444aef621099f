// The MiniChess world's dialect over stdio, framed exactly as the IMCS server frames it (see
// imcs_wire.hpp): "105 W"/"106 B" at the start, each turn a blank line, the board, a blank
// line and the "?" clock line, "! move" for the opponent's move, "- invalid move" /
// "- illegal move" when asked again, and "=" and "23x" result lines with their cause. Lines
// end CR LF, board lines LF, as course clients expect.
#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/engine/dialects/imcs_wire.hpp"
#include "referee/rules/text/printable.hpp"

namespace referee::engine {
namespace {

class ImcsDialect final : public Dialect {
  public:
    explicit ImcsDialect(DialectContext c) : c_(c) {}

    // Nothing to negotiate: the engine is ready once it runs.
    void begin_handshake() override { c_.host.ready(); }

    // The host ends every line with LF; a CR before it makes the server's CR LF.
    void send_crlf(std::string_view text, std::function<void()> on_written = {}) {
        line_.assign(text).push_back('\r');
        c_.host.send(line_, std::move(on_written));
    }

    void on_line(std::string_view raw) override {
        if (!thinking_ || !position_)
            return;  // chatter between turns is ignored (flooding is capped by the session)
        thinking_ = false;
        last_ =
            imcs::read_move_line(raw, c_.variant.geometry, imcs::has_promotion_choice(c_.variant));
        switch (last_.kind) {
            case imcs::MoveLine::Kind::Resign:
                return c_.host.resign();
            case imcs::MoveLine::Kind::Move:
                return read_move(*position_, last_.move, c_.host);
            case imcs::MoveLine::Kind::Invalid:
                // The server refuses this form even where the referee's notation would read it
                // (a2a3, A2-A3).
                return c_.host.unreadable(
                    fmt::format("'{}' is not an IMCS move (the form is a2-a3)",
                                rules::printable_text(last_.text)));
        }
    }

    void new_game(bool plays_white, const MoveRequest& r) override {
        const std::int64_t own = plays_white ? r.white_ms : r.black_ms,
                           opp = plays_white ? r.black_ms : r.white_ms;
        send_crlf(imcs::game_start(plays_white, own, opp));
        c_.host.ready();
    }

    void request_move(const MoveRequest& r, std::function<void()> on_written) override {
        // With a time per move (st=) the game clock is not what the mover is held to: it is
        // told the move's own time, or an engine budgeting by the clock loses every move.
        const std::int64_t own = r.movetime_ms > 0 ? r.movetime_ms
                                 : r.white_to_move ? r.white_ms
                                                   : r.black_ms;
        const std::int64_t opp = r.white_to_move ? r.black_ms : r.white_ms;
        position_ = r.position;
        board_ = r.position->board_dump();
        send_crlf("");
        // The board's lines, split in place (a stream per ply was a measurable share of the
        // referee's work for IMCS engines).
        std::string_view board = board_;
        while (!board.empty()) {
            const std::size_t nl = board.find('\n');
            c_.host.send(board.substr(0, nl));
            board.remove_prefix(nl == std::string_view::npos ? board.size() : nl + 1);
        }
        send_crlf("");
        thinking_ = true;
        send_crlf(fmt::format("? {} {}", imcs::clock(own), imcs::clock(opp)),
                  std::move(on_written));
    }

    void opponent_moved(const rules::Position& before, rules::Move move) override {
        send_crlf(imcs::opponent_move(before.move_name(move, rules::MoveStyle::Dash)));
    }

    void reject_move(std::string_view) override {
        send_crlf(last_.kind == imcs::MoveLine::Kind::Invalid ? imcs::invalid_move(last_.text)
                                                              : imcs::illegal_move(last_.move));
    }

    void game_over(std::string_view result, std::string_view reason_key) override {
        const std::string lines = imcs::result_lines(imcs::result_for(result, reason_key));
        const std::size_t split = lines.find("\r\n");
        send_crlf(std::string_view(lines).substr(0, split));
        send_crlf(std::string_view(lines).substr(split + 2, lines.size() - split - 4));
        thinking_ = false;
        position_ = nullptr;
    }

    void quit() override {
        thinking_ = false;
    }  // the session closes stdin, as the server closes the connection

  private:
    DialectContext c_;
    bool thinking_ = false;
    imcs::MoveLine last_;
    std::string line_;                           // send_crlf's line, its capacity kept
    std::string board_;                          // the board dump being sent
    const rules::Position* position_ = nullptr;  // of the request being answered
};

}  // namespace

std::unique_ptr<Dialect> make_imcs_dialect(DialectContext context) {
    return std::make_unique<ImcsDialect>(context);
}

}  // namespace referee::engine
