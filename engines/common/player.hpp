// What an in-tree engine supplies to the protocol framework: a Player, which is asked for a
// move given the game so far and the clock. The framework (engine_main.hpp) speaks UCI or
// IMCS on stdin/stdout and turns both dialects into the same Turn, so a player never knows
// which dialect it is playing through.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace engines {

using Milliseconds = std::chrono::milliseconds;

// What the referee allows for this move. Fields the dialect did not give stay empty / 0.
struct Limits {
    std::optional<Milliseconds> time_left;           // the mover's clock
    std::optional<Milliseconds> opponent_time_left;  // the other side's clock
    Milliseconds increment{0};                       // added to the mover's clock after the move
    Milliseconds opponent_increment{0};
    int moves_to_go = 0;                    // moves until the next time control; 0: unknown
    std::optional<Milliseconds> move_time;  // think exactly this long
    int depth = 0;                          // plies; 0: no limit
    std::uint64_t nodes = 0;                // 0: no limit
    bool infinite = false;                  // think until told to stop
    // When the request arrived; time budgets are measured from here, not from when the
    // player started looking at it.
    std::chrono::steady_clock::time_point received = std::chrono::steady_clock::now();
};

// One move request. References stay valid until choose() returns.
struct Turn {
    // The position to move in. When `moves` is not empty the position was reached by playing
    // them, so its history (repetitions, Board::ply_count()) covers them.
    const referee::rules::Position& position;
    // Moves played from `origin` to `position`: all of them for UCI, those the framework
    // could follow for IMCS (it tracks its own and the opponent's moves between board dumps).
    std::span<const referee::rules::Move> moves;
    // True when `moves` start at the variant's start position, i.e. they are the whole game.
    bool from_game_start = false;
    // The opponent's last move when known: the last of `moves`, or IMCS's `! a2-a3` line even
    // when nothing else about the game is known. Its squares are those of the move as played;
    // position.letter_at(last_move->to) is the piece that now stands there.
    std::optional<referee::rules::Move> last_move;
    Limits limits;
    // Set when the player must answer at once with the best move it has (UCI `stop`, the
    // game ending while it thinks). Search loops should poll it.
    const std::atomic<bool>& stop;
    // UCI `info` fields ("depth 3 score cp 20 pv a2a3"); dropped in IMCS. May be empty.
    std::function<void(std::string_view fields)> info;
    // A line written verbatim in either dialect (for deliberately broken engines). May be empty.
    std::function<void(std::string_view line)> raw_line;

    referee::rules::Color side() const { return position.side_to_move(); }
    void report(std::string_view fields) const {
        if (info) info(fields);
    }
};

// A player's answer.
struct Reply {
    std::optional<referee::rules::Move> move;  // none: no move to make
    // When not empty, sent in place of the move's name ("bestmove <text>", "! <text>"); only
    // deliberately broken engines use it.
    std::string text;

    static Reply none() { return {}; }
    static Reply of(referee::rules::Move m) { return Reply{m, {}}; }
    static Reply raw(std::string t) { return Reply{std::nullopt, std::move(t)}; }
};

// An engine-specific setting, offered both as a command-line flag (--<flag> <value>) and as
// a UCI option (setoption name <option> value <value>).
struct Parameter {
    enum class Kind { Spin, Check, String };
    std::string flag;    // "depth"
    std::string option;  // "Depth"
    Kind kind = Kind::Spin;
    std::string default_value;   // "0"; "false"; "" (UCI writes an empty string as <empty>)
    long long min = 0, max = 0;  // Spin only
    std::string help;            // one line for --help
};

class Player {
  public:
    virtual ~Player() = default;

    virtual std::vector<Parameter> parameters() const { return {}; }
    // Called with a value already checked against the Parameter (a number within range for
    // Spin, "true"/"false" for Check). Throws std::invalid_argument with a sentence when the
    // value is still unusable.
    virtual void set_parameter(const std::string& flag, const std::string& value) {
        (void)flag;
        (void)value;
    }
    // Before the first move of each game, and again when the variant or the seed changes.
    // The rules object outlives the game. Seeded players start their generator from `seed`
    // here, so every game with the same seed and the same opponent moves is the same game.
    virtual void new_game(const referee::rules::Rules& rules, std::uint64_t seed) = 0;
    // Runs on a worker thread. Never called when the game is over or the side to move has no
    // legal move (the framework answers those itself).
    virtual Reply choose(const Turn& turn) = 0;
    // IMCS: false makes the engine exit when a game ends (the `=` line), as clients of the
    // course's server do; tournaments then start it again for the next game.
    virtual bool another_game() const { return true; }
};

}  // namespace engines
