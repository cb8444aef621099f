// Judging one recorded game against its variant's rules: every move legal, the end where the
// rules put it, the recorded result and reason the ones the rules give; or, for a game
// stopped before the rules ended it, whether the recorded result is plausible.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "referee/check/recorded_game.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::check {

enum class Status {
    Ok,       // every move legal; the rules ended the game as recorded
    Stopped,  // every move legal; stopped before the rules ended it, with a plausible result
    Wrong,    // the first problem is in `problem` and `message`
};
const char* status_key(Status s);  // "ok", "stopped", "wrong"

enum class Problem {
    None,
    Unreadable,     // the record could not be read (a syntax error, an unknown variant)
    Truncated,      // the record ends without a result
    BadStart,       // the start position is not valid in the variant
    IllegalMove,    // a move the rules do not allow
    MoveAfterEnd,   // a move after the rules had ended the game
    BoardMismatch,  // a board the record shows differs from the one its moves lead to
    WrongResult,    // the result is not the one the rules (or the stated reason) give
    WrongReason,    // the result may be right, the stated reason is not
};
const char* problem_key(Problem p);  // "illegal-move", "wrong-result", ...

struct Verdict {
    std::string source;
    int line = 0;
    std::string label;
    std::string players;
    std::string variant;  // the variant it was checked as
    Status status = Status::Ok;
    Problem problem = Problem::None;
    int ply = 0;    // the first offending ply (1-based); 0 when the problem is not one move's
    int plies = 0;  // moves replayed
    std::string recorded_result;     // "1-0", "0-1", "1/2-1/2", "*", or "" when missing
    std::string rules_result;        // what the rules give; "" when they had not ended the game
    std::string rules_reason;        // the rule's key ("king-capture"); "" likewise
    std::string message;             // one line in words: what is right, or the first thing wrong
    std::vector<std::string> notes;  // differences worth telling that are not faults

    bool checks_out() const { return status != Status::Wrong; }
};

// Replays the game in `rules`; never throws for anything the record contains.
Verdict check_game(const RecordedGame& game, const rules::Rules& rules);

// One line for people: "big.pgn:120 game 3 (alpha - beta): ok: 1-0, White captured ..."
std::string format_verdict(const Verdict& v);
nlohmann::json to_json(const Verdict& v);

}  // namespace referee::check
