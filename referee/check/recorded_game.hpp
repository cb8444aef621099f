// One game as a record claims it went, whatever the file format: the moves as written, the
// result and how the record says the game ended. Readers (PGN, IMCS server logs, journals,
// JSON records) fill it; check_game() judges it against the rules.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/rules/base/geometry.hpp"
#include "referee/rules/base/outcome.hpp"

namespace referee::check {

// How the record says the game ended.
enum class Ending {
    Missing,      // no result at all: the record was cut short
    Unfinished,   // "*": the recorder says the game did not finish
    Rules,        // the rules ended it (reason_key names the rule when the record says which)
    Stopped,      // stopped before the rules ended it: time, resignation, crash, adjudication...
    Unspecified,  // a result and nothing about why (PGN "normal": a rule, or a resignation)
};

struct RecordedMove {
    std::string text;  // as written: SAN or coordinates
    int line = 0;      // where it stands in the file
    std::string
        board_before;  // the board the recorder showed before the move (IMCS logs); may be empty
};

// A move the recorder refused (IMCS logs: "- illegal move a2-a4"); the game went on.
struct RefusedMove {
    int before_ply = 0;  // refused when this many moves had been played
    std::string text;
    bool called_illegal = false;  // "illegal" (a well-formed move) rather than "invalid" (bad text)
};

struct RecordedGame {
    std::string source;   // the file
    int line = 0;         // where the game starts in it
    std::string label;    // "game 3", "slot 12", "IMCS game 16"
    std::string players;  // "alpha - beta"; may be empty
    std::string variant;  // as the record names it; empty when it does not
    // A variant that is not a shipped one: its file as the record names it, and the file's
    // text as the record kept it (a journal's header), which is what the game was played by.
    std::string variant_file, variant_yaml;
    std::string implied_variant;  // what the format implies when the record names none
    std::string start_fen;        // empty: the variant's start
    std::vector<RecordedMove> moves;
    std::optional<rules::GameResult> result;
    Ending ending = Ending::Missing;
    // Rules: the rule's key ("king-capture") when the record names it. Stopped: why
    // ("time-forfeit", "resignation", "disconnect", "adjudication", "illegal-move", "crash"...).
    std::string reason_key;
    std::string reason;                    // the record's own words, if any
    std::optional<rules::Color> at_fault;  // Stopped: the side whose fault (or choice) ended it
    std::string final_board;  // IMCS: the board dump shown at the end; compared with the replay
    std::string final_fen;    // JSON records: the final position; compared with the replay
    std::vector<RefusedMove> refused;
    // The IMCS server knows only king capture and the move limit: a side with no legal move
    // there just runs out of time, which the check reports as a difference, not a fault.
    bool recorder_knows_no_legal_move_rule = true;
    std::string problem;  // the record could not be read whole ("line 12: ..."); empty if fine
    // The moves are KIF's (７六歩(77), 同　歩(23)), read in the position
    // (rules/notation/kif_read.hpp) rather than as SAN or coordinates.
    bool kif_moves = false;
};

}  // namespace referee::check
