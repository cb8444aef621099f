// Everything worth keeping about one finished game: who played, the moves with their times,
// the result and why, and the tail of each engine's stderr for the post-mortem.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "referee/engine/dialects/uci_info.hpp"
#include "referee/rules/base/geometry.hpp"
#include "referee/rules/base/outcome.hpp"

namespace referee::match {

// Why a game ended. Rules: the variant's own end (see reason_key for which).
enum class Termination {
    Rules,
    IllegalMove,
    TimeForfeit,
    Crash,
    StartFailure,
    ProtocolFault,
    Resignation,
    MoveCap,
    Unsupported,
    Interrupted,
    Adjudication,  // by the engines' scores (-resign, -draw); reason_key says which
};
const char* termination_key(Termination t);  // "rules", "illegal-move", "time-forfeit", ...
Termination termination_from_key(const std::string& key);  // throws std::invalid_argument

// A record's reason_key is its termination's key, or for Termination::Rules the rules' own
// (rules::end_reason_key), except for these finer ones, named here once.
inline constexpr const char* kReasonOutputFlood = "output-flood";        // ProtocolFault
inline constexpr const char* kReasonLineTooLong = "line-too-long";       // ProtocolFault
inline constexpr const char* kReasonUnparsableMove = "unparsable-move";  // ProtocolFault
inline constexpr const char* kReasonDisconnect = "disconnect";           // Crash
// xboard: the engine called a legal move of the referee's illegal; it claimed a result the
// rules do not give.
inline constexpr const char* kReasonRulesDisagreement = "rules-disagreement";  // ProtocolFault
inline constexpr const char* kReasonFalseClaim = "false-claim";                // ProtocolFault

struct MoveEntry {
    std::string dash;  // a2-a3
    std::string uci;   // a2a3
    std::string san;   // Standard Algebraic Notation, for PGN
    std::int64_t elapsed_ms = 0;
    std::int64_t clock_after_ms = -1;  // the mover's clock after the move; -1 untimed
    bool book = false;                 // an opening move played by the referee
    engine::SearchInfo info = {};      // UCI: depth, score and nodes the mover reported
};

struct GameRecord {
    std::string variant;
    // The variant's file when it is not a shipped one (rules::Variant::file): where a check
    // of this record finds its rules. Empty for a shipped variant.
    std::string variant_file;
    std::string white, black;  // engine names
    std::string start_fen;
    bool standard_start = true;  // start_fen is the variant's start position
    std::string time_control;    // PGN form; empty when the sides' controls differ
    // Time odds: each side's control (PGN form), both empty when they are the same.
    std::string white_time_control, black_time_control;
    std::string date;  // YYYY.MM.DD
    std::string event = "minichess-referee game";
    int round = 1;
    std::vector<MoveEntry> moves;
    rules::GameResult result = rules::GameResult::Draw;
    Termination termination = Termination::Rules;
    std::string reason_key;                // machine-readable: "king-capture", "time-forfeit", ...
    std::string reason;                    // a sentence for people
    std::optional<rules::Color> at_fault;  // whose fault ended it (illegal move, crash, ...)
    std::string final_fen;
    std::string white_stderr_tail, black_stderr_tail;

    // "*" for a game nobody finished (PGN's unterminated game): it has no result to count.
    const char* result_text() const {
        return termination == Termination::Interrupted ? "*" : rules::result_string(result);
    }
};

std::string to_pgn(const GameRecord& game);
nlohmann::json to_json(const GameRecord& game);
GameRecord game_from_json(const nlohmann::json& j);  // throws nlohmann::json::exception

}  // namespace referee::match
