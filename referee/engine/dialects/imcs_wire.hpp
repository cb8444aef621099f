// The Internet MiniChess Server's wire format (IMCS 2.5), as the real server writes and reads
// it (tests/data/imcs-server/ has byte-exact recordings). Pure functions, shared by the stdio
// `imcs` dialect, the `imcs-tcp` dialect and `referee serve`, so all three frame a turn, read a
// move line and announce a result the same way.
//
// Every server line ends CR LF except the board header and ranks, which end LF only:
//   "\r\n" "1 W\n" "kqbnr\n" ... "RNBQK\n" "\r\n" "? 05:00.000 05:00.000\r\n"
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::engine::imcs {

inline constexpr std::string_view crlf = "\r\n";
inline constexpr int default_port = 3589;

// The server's answer to `help`, byte for byte: the 210 line, the commands, the closing
// ".", every line CR LF. `referee serve` and the imcs-tcp lobby both send it.
inline constexpr std::string_view help_text =
    "210 imcs 2.5 help\r\n"
    " help: this help\r\n"
    " quit: quit imcs\r\n"
    " me <player> <password>: log in\r\n"
    " register <player> <password>: register a new name and log in\r\n"
    " password <password>: change password\r\n"
    " list: list available games\r\n"
    " ratings: list player ratings (top 10 plus own)\r\n"
    " offer [<my-color>] [<my-time> [<opp-time>]]: offer a game with given constraints\r\n"
    " accept <game-id> [<my-color>]: accept a game with an opponent\r\n"
    " clean: cancel all my outstanding offers\r\n"
    " rerate: reset my rating to the starting default\r\n"
    ".\r\n";

// "text\r\n".
std::string line(std::string_view text);

// A clock as the `?` line shows it: "mm:ss.sss" (negative times as 00:00.000).
std::string clock(std::int64_t ms);
// A clock as the game start line and `list` show it: "m:ss" (seconds truncated).
std::string minutes_seconds(std::int64_t ms);
// A time as a client types it in `offer`: seconds ("45") or minutes and seconds ("1:30");
// nullopt for anything else (the server answers 409).
std::optional<std::int64_t> parse_offer_time(std::string_view text);

// The whole turn sent to the mover: blank line, board dump (its lines end LF only), blank
// line, "? <mover's clock> <opponent's clock>". `board_dump` is "1 W\nkqbnr\n...\n" as
// Position::board_dump() writes it (a missing final LF is added).
std::string turn(std::string_view board_dump, std::int64_t own_ms, std::int64_t opponent_ms);
// The board part alone ("1 W\n" and the ranks, each ending LF): what game logs hold.
std::string board_lines(std::string_view board_dump);

// "105 W 5:00 5:00 game starts" / "106 B ..." (own time first), without CR LF.
std::string game_start(bool white, std::int64_t own_ms, std::int64_t opponent_ms);

// One line a mover sent, read as the server reads it.
struct MoveLine {
    enum class Kind {
        Move,     // a move word in the server's form: `move` holds it ("a2-a3")
        Resign,   // "resign" alone
        Invalid,  // anything else: "- invalid move <text>"
    };
    Kind kind = Kind::Invalid;
    std::string move;  // Move: the move word, without `!` and white space
    std::string text;  // Invalid: the line as echoed after "- invalid move "
};
// `line` without its line end (a trailing CR is ignored). The forms: "a2-a3", "! a2-a3"
// (the `!` a word of its own), white space around words ignored; files a.. and ranks 1.. of
// the board, lower case. A square off the board makes the word invalid; a well-formed move
// that is not legal is the caller's "- illegal move <move>". The server promotes to a queen
// unasked; where a variant offers a choice, `promotion_letter` lets one letter follow the
// move ("a7-a8N").
MoveLine read_move_line(std::string_view line, const rules::Geometry& geometry,
                        bool promotion_letter = false);
// Whether a variant's moves may carry a promotion letter (some piece has a choice).
bool has_promotion_choice(const rules::Variant& variant);

// "- invalid move <text>" / "- illegal move <move>", without CR LF.
std::string invalid_move(std::string_view text);
std::string illegal_move(std::string_view move);
// "! a2-a3": the move as the opponent is told it, without CR LF.
std::string opponent_move(std::string_view move);

// How a game ended, as the result lines say it.
struct Result {
    char winner = 0;    // 'W', 'B', or 0 for a draw
    std::string cause;  // after "on ": "opponent resignation", "opponent time", ...; empty
                        // for a king capture and for the draw after Black's 40th move
};
// The two lines both players get, each ending CR LF: "= W wins on opponent time\r\n" and
// "231 W wins on opponent time\r\n" (232 for Black, 230 "draw").
std::string result_lines(const Result& result);
// "= W wins on opponent time" alone (the game log's last line), without CR LF.
std::string result_text(const Result& result);
// The result for a finished game from the match layer's words: result "1-0" / "0-1" /
// anything else (a draw), and its reason key ("resignation", "time-forfeit", "crash",
// "king-capture", "no-legal-moves", "move-limit", ...). Endings the server does not know
// (a side with no legal move, a variant's draw) keep their cause, so the result says so.
Result result_for(std::string_view result, std::string_view reason_key);

}  // namespace referee::engine::imcs
