// The referee's side of an engine protocol. A dialect turns the session's requests into
// lines for the engine and the engine's lines into events; it keeps no clock and makes no
// judgement about moves (the match layer does both).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "referee/engine/dialects/uci_info.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/engine/launch.hpp"
#include "referee/engine/process/fault.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::engine {

// What the engine needs to choose a move: the game as positions and moves, which each
// dialect renders in its own notation, and the clocks. The pointers are the match layer's
// and stay valid until the engine's answer to this request is reported, the game ends
// (game_over) or the next request; a dialect copies what it needs for longer.
struct MoveRequest {
    const rules::Position* start = nullptr;     // where the game started
    std::span<const rules::Move> moves;         // played since then (book moves too)
    const rules::Position* position = nullptr;  // start with `moves` played: the one to move in
    bool white_to_move = true;
    std::int64_t white_ms = 0, black_ms = 0;          // time left
    std::int64_t white_inc_ms = 0, black_inc_ms = 0;  // increments
    int moves_to_go = 0;                              // 0: to the end of the game
    std::int64_t movetime_ms = 0;                     // fixed time per move; 0: clock
    std::int64_t nodes = 0;                           // > 0: UCI "go ... nodes N"
    int depth = 0;                                    // > 0: UCI "go ... depth N", xboard "sd N"
    // new_game only: a per-game seed, given to engines with a "Seed" option, so a game
    // plays the same whether its engine process is fresh or reused (0: none).
    std::uint64_t game_seed = 0;
};

// What a dialect reports. Moves arrive read and checked against the position they were
// asked for; everything an engine says about the game that is not a move has an event of
// its own, and the match layer judges each.
class DialectHost {
  public:
    virtual ~DialectHost() = default;
    virtual void send(std::string_view line, std::function<void()> on_written = {}) = 0;
    virtual void ready() = 0;  // handshake or new-game synchronisation done
    virtual void fault(FaultKind kind, std::string detail) = 0;
    // The engine's move, legal in the request's position.
    virtual void move(rules::Move move) = 0;
    // A reply in the move's place that the dialect's notation reads as a move the rules do
    // not allow there, or that no notation reads: `why` is the whole sentence ("'a2-a5' is
    // not a legal move for White: ...", "'zz99' is not a move: ...").
    virtual void illegal_move(std::string why) = 0;
    virtual void unreadable(std::string why) = 0;
    virtual void resign() = 0;
    // A result the engine announces ("1-0 {White mates}"), with its comment.
    virtual void claim(rules::GameResult, std::string) {}
    virtual void draw_offer() {}
    // The engine calls `move`, which the referee sent it, illegal in `before`; `said` is its
    // line ("Illegal move: e1g1").
    virtual void disagree(const rules::Position&, rules::Move, std::string) {}
    virtual void identified(std::string name) = 0;  // the engine's own name, when it gives one
    // What the engine said of its search, just before move() (none when it said nothing).
    virtual void search_info(const SearchInfo&) {}
    // imcs-tcp: closes the connection once the lines already sent are out, as the IMCS server
    // does after a game or `quit`. Nothing on stdio.
    virtual void hang_up() {}
    // One timer per dialect (xboard's wait for `feature done`): fired() runs from the event
    // loop after `after`, unless the timer is set again or cancelled first.
    virtual void set_timer(std::chrono::milliseconds, std::function<void()>) {}
    virtual void cancel_timer() {}
};

class Dialect {
  public:
    virtual ~Dialect() = default;
    virtual void begin_handshake() = 0;
    virtual void on_line(std::string_view line) = 0;
    virtual void new_game(bool plays_white, const MoveRequest& clocks) = 0;
    virtual void request_move(const MoveRequest& request, std::function<void()> on_written) = 0;
    // The opponent played `move` in `before` (the position the engine last moved in, with its
    // own move played).
    virtual void opponent_moved(const rules::Position& before, rules::Move move) = 0;
    virtual void reject_move(std::string_view reason) = 0;  // "ask again" rule only
    // result: "1-0", "0-1", "1/2-1/2"; reason_key: the record's reason key ("resignation",
    // "time-forfeit", "king-capture", ...), which the IMCS result lines turn into their cause.
    virtual void game_over(std::string_view result, std::string_view reason_key) = 0;
    virtual void quit() = 0;
    // imcs-tcp: the client's connection arrived.
    virtual void connected() {}
    // What the handshake still waits for, for the start-up timeout's message: "finish its uci
    // handshake", "connect to 127.0.0.1:40123", "offer or accept a game".
    // Empty: "finish its <protocol> handshake".
    virtual std::string awaited() const { return {}; }
    // Why a game cannot start at `start` with this engine, as far as the handshake told
    // (xboard without setboard: `edit` carries no en-passant square); empty: it can.
    virtual std::string cannot_start_at(const rules::Position&) const { return {}; }
    // True for dialects with no way to start a second game in the same process (plain,
    // imcs-tcp): the session is spent after game_over().
    virtual bool one_game() const { return false; }
    // True while the engine owes the answer to a search its game ended during (UCI and USI:
    // told `stop`, its bestmove not read yet). A new game waits for that answer, so that it
    // is never taken for a move of the next game.
    virtual bool owes_reply() const { return false; }
    // Asks an idle engine whether it is still there (UCI and USI `isready`, xboard `ping`
    // where the engine has the feature) and calls `answered` on its reply. Between games
    // this tells an engine that waits for the next from one that ended its process, without
    // waiting a fixed time for an exit that may never come. False when the dialect cannot
    // ask now (no such command, not idle, an earlier question unanswered): `answered` is
    // then never called.
    virtual bool ask_alive(std::function<void()>) { return false; }
};

struct DialectContext {
    DialectHost& host;
    const EngineConfig& config;
    const rules::Variant& variant;
    std::string scratch_dir;  // where a dialect may write files (Fairy-Stockfish ini)
    Seat seat;                // the game the process was started for
    TcpLogin login;           // imcs-tcp: the port it was told and the login it must use
};

std::unique_ptr<Dialect> make_uci_dialect(DialectContext context);
std::unique_ptr<Dialect> make_xboard_dialect(DialectContext context);
std::unique_ptr<Dialect> make_usi_dialect(DialectContext context);
std::unique_ptr<Dialect> make_imcs_dialect(DialectContext context);
std::unique_ptr<Dialect> make_plain_dialect(DialectContext context);
// The IMCS lobby (greeting, me/register, list, offer/accept) and then make_imcs_dialect's
// game messages, over the client's connection.
std::unique_ptr<Dialect> make_imcs_tcp_dialect(DialectContext context);
std::unique_ptr<Dialect> make_dialect(DialectContext context);  // by context.config.protocol

// Where a dialect can start a game, for callers that choose positions (validate).
enum class GameStart {
    AnyPosition,    // uci: a FEN and the moves since, with every request; xboard: setboard/edit;
                    // usi: an SFEN (cannot_start_at: none with castling rights)
    BoardEachMove,  // imcs, imcs-tcp: the board with every request, but no way to say a game
                    // starts elsewhere, so a client that keeps its own board from the start
                    // cannot follow a set-up game
    StartOnly,      // plain: nothing but the moves; every game starts at the variant's start
};
struct DialectTraits {
    GameStart game_start = GameStart::AnyPosition;
    bool one_game = false;  // one game per process: the process ends with its game
};
DialectTraits dialect_traits(Protocol protocol);

// Reads an engine's move in `position` with the rules' own reader (a2-a3, a2a3, promotion
// letters; with MoveStyle::Usi, USI's 7g7f and P*5e) and reports it to `host`: move(), or
// unreadable() / illegal_move() with the rules' sentence.
void read_move(const rules::Position& position, std::string_view text, DialectHost& host,
               rules::MoveStyle style = rules::MoveStyle::Uci);

// The sentence for a move the rules refuse: the rules' own, with its reason replaced by the
// rule that forbids the move where the explanation finds one ("e2c1 is not a legal move for
// White: e2-c1 gives check to the black king on a2, and racingkings forbids moves that give
// check", not "the knight on e2 cannot move to c1").
std::string illegal_move_sentence(const rules::Position& position, std::string_view text,
                                  const rules::MoveError& error);

// "mm:ss.sss", as IMCS writes clocks (negative times as 00:00.000).
std::string imcs_clock(std::int64_t ms);

}  // namespace referee::engine
