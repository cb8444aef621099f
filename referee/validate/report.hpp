// The report card: one result per probe with, for anything that went wrong, the evidence
// needed to reproduce it (position, the lines exchanged, the legal moves, a command line).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace referee::validate {

enum class Verdict { Pass, Fail, Warn, Skip };
const char* verdict_name(Verdict v);  // "PASS", "FAIL", "WARN", "SKIP"

struct Evidence {
    std::string fen;                       // the position the engine was asked from
    std::string board_dump;                // the same as an IMCS board (IMCS engines only)
    std::vector<std::string> sent;         // the referee's lines of the last request
    std::vector<std::string> received;     // what the engine wrote after it
    std::size_t received_omitted = 0;      // lines left out of `received`
    std::string expected_label = "legal";  // what expected_moves are: "legal" or "good" moves
    std::vector<std::string> expected_moves;
    std::string stderr_tail;
    std::string reproduce;  // a referee command that replays the situation
    std::string hint;       // a likely cause, when one is known
};

struct ProbeResult {
    ProbeResult() = default;
    ProbeResult(std::string name_, std::string title_, bool advisory_ = false)
        : name(std::move(name_)), title(std::move(title_)), advisory(advisory_) {}

    std::string name;       // "promotion"
    std::string title;      // what it checks
    bool advisory = false;  // a miss is a warning (playing badly), never a failure
    Verdict verdict = Verdict::Skip;
    std::string detail;                 // one short sentence
    int positions_asked = 0;            // rule probes: how many positions were asked ...
    std::vector<int> positions_failed;  // ... and which of them (1-based) failed
    double seconds = 0;
    std::optional<Evidence> evidence;
};

struct Report {
    std::string variant;
    std::string engine_name;
    std::string engine_command;  // the command line, arguments included
    std::string protocol;        // "uci" or "imcs"
    std::vector<ProbeResult> probes;
    double seconds = 0;

    std::size_t count(Verdict v) const;
    bool passed() const { return count(Verdict::Fail) == 0; }  // the exit code's question
};

// What `referee validate` prints: the header, one block per probe, the summary; the
// three parts are separate so they can be printed as the run goes.
std::string format_header(const Report& report);
std::string format_probe(const ProbeResult& probe);
std::string format_summary(const Report& report);
std::string format_text(const Report& report);  // all of it
nlohmann::json to_json(const Report& report);

}  // namespace referee::validate
