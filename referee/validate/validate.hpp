// referee validate: runs one engine through a battery of probes (handshake, answers from
// set-up positions and special moves, clocks, whole games, quitting) and returns a report
// card saying what failed and how to reproduce it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/engine/engine_config.hpp"
#include "referee/validate/probe_position_memo.hpp"
#include "referee/validate/report.hpp"

namespace referee::validate {

struct ValidateOptions {
    std::string variant;  // a shipped name or a .yaml path
    std::string
        engine;  // as `referee play` takes engines: an in-tree name, a path, "cmd=... proto=..."
    std::optional<engine::Protocol> protocol;  // overrides the description's
    std::string bin_dir;  // where the in-tree engines are, the random-engine opponent among them
    std::optional<std::chrono::milliseconds>
        startup_limit;              // overrides the description's (default 10 s)
    std::vector<std::string> only;  // run only these probes (the handshake always runs); empty: all

    std::string referee_path =
        "referee";          // this program's own path, for reproduce lines that run anywhere
    double time_scale = 1;  // every probe clock multiplied by this (slow engines)
    // A depth limit on top of every clock (UCI/USI `go depth`, xboard `sd`; 0: none): the
    // probes ask about legality, so an engine that thinks to the end of its clock can be
    // asked to answer at once. Refused for IMCS and plain engines, which cannot be told.
    int depth = 0;
    std::uint64_t seed =
        1;  // seeds the rule probes' position search (the same seed, the same positions)
    int rule_positions = 5;  // positions asked per rule probe
    // Where positions found for one validation are kept for the next in the same variant
    // (several engines checked in one process); null: each searches its own.
    std::shared_ptr<ProbePositionMemo> positions_memo;

    std::int64_t margin_ms = 100;    // overrun tolerated before a loss on time, as in tournaments
    std::string move_tc = "3";       // the clock for the one-move probes
    std::string game_tc = "4+0.05";  // the clock for the whole games
    std::string short_tc = "1";      // short-clock: the whole game's clock ...
    int short_plies = 10;            // ... for this many plies
    std::int64_t nearly_empty_ms = 300;  // nearly-empty-clock: the time left
    int max_game_plies = 200;            // a whole game ends by the rules or at this many plies
    std::chrono::milliseconds quit_grace{1000};
    std::chrono::milliseconds imcs_settle{
        300};  // IMCS has no handshake: alive this long after start

    std::function<void(const Report&)> on_start;  // the report's header is known (live output)
    std::function<void(const ProbeResult&)> on_result;  // each result as it is known
};

// Every probe's name, in the order they run.
const std::vector<std::string>& probe_names();

// The rule probes each of these variants has, as Markdown: a table per group of rules, a row
// per variant, F where an engine without the rule fails its probe, W where it is only warned
// (probe_list.cpp). docs/probes.md is this for the shipped variants.
std::string probe_list_markdown(const std::vector<std::string>& variants);

// The engine as `referee validate` runs it: the description resolved against bin_dir, the
// protocol override applied, and for in-tree engines (which need to be told) the
// "--protocol P" and, for IMCS, "--variant V" arguments added.
engine::EngineConfig engine_for_validation(const ValidateOptions& options);

// Runs the probes. Throws std::runtime_error (or a subclass) only for problems of the
// referee's own: an unknown variant, a bad option, the random-engine opponent missing.
Report validate_engine(const ValidateOptions& options);

}  // namespace referee::validate
