// What every probe needs: the options, the rules, the driver, and the helpers that turn a
// game record into a verdict and evidence. Internal to the validate layer.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "referee/match/game.hpp"
#include "referee/rules/probes/probes.hpp"
#include "referee/validate/probe_driver.hpp"
#include "referee/validate/report.hpp"
#include "referee/validate/validate.hpp"

namespace referee::validate {

struct ProbeContext {
    const ValidateOptions& options;
    const rules::Rules& rules;
    ProbeDriver& driver;
    std::string engine_description;  // a `referee play` engine argument for reproduce lines
    std::string opponent_description = "random";
    bool engine_in_tree = false;  // it takes a Seed option, so reproduce lines pass the game's seed
    std::uint64_t next_seed = 1;
    bool last_game_completed =
        false;  // the last game ended normally (to tell an engine that exits after each game)
    bool exits_after_game = false;
    bool full_game_left_it_running = false;  // seen: it exited by itself after a completed game
    // An IMCS engine that answered a set-up board as if from its own board (a client that
    // knows only the start position): later set-up positions are not asked.
    bool start_position_only = false;
    // set-up-position ran, so start_position_only is known; until then an IMCS engine is
    // asked the clock probe from the start position (--only without set-up-position).
    bool set_up_probed = false;
};

// How one game went for the engine under test.
enum class GameOutcome {
    Completed,      // ended by the rules, the move cap, or a resignation
    EngineFault,    // the engine lost it by a fault: illegal move, time, crash, protocol...
    OpponentFault,  // the referee's random-engine failed (not the engine's doing)
    Interrupted,    // the driver's own deadline (a referee bug)
};
GameOutcome outcome_for(const match::GameRecord& record, rules::Color engine_side);

// A GameSpec with the clock parsed from `tc`, the probe margin and a fresh seed.
match::GameSpec make_spec(ProbeContext& ctx, rules::Position start, const std::string& tc,
                          int max_plies, std::vector<std::string> opening = {});
// How long a game under spec may take at most, start-up included, before the driver
// declares its own deadline passed.
std::chrono::milliseconds game_limit(const ProbeContext& ctx, const match::GameSpec& spec);

// An IMCS engine has no handshake in which to take its start-up time, so with --startup
// the first game after each (re)start gives it that time on its clock.
void allow_startup(ProbeContext& ctx, match::GameSpec& spec);

// Makes sure the engine process is running (a fresh one after a fault), started for `side`
// when given: an engine whose colour is fixed at start (plain, imcs-tcp, {color} in its
// arguments) is started again for the other colour. Empty when it is running; otherwise why
// it could not be started.
std::string ensure_engine(ProbeContext& ctx, std::optional<rules::Color> side = std::nullopt);

// Whether the engine's dialect sends it a board dump (imcs, imcs-tcp) rather than a FEN:
// moves are then written a2-a3, and castling rights or en passant cannot be said.
bool sends_board(const ProbeContext& ctx);

// Whether the engine's dialect can be given a game that starts at `start` after `opening`;
// when not, *why says so, as the card's line for a skipped probe.
bool can_set_up(const ProbeContext& ctx, const rules::Position& start,
                const std::vector<std::string>& opening, std::string* why);

// The evidence for a probe that went wrong in this game: the position the engine faced,
// the last exchange, its legal moves (or `good` ones), its stderr, a reproduce command.
Evidence evidence_for(ProbeContext& ctx, const match::GameRecord& record,
                      const match::GameSpec& spec, rules::Color engine_side,
                      const std::vector<rules::Move>* good = nullptr);

// `<referee> play ...`: replays a probe's game with both engines and the game's seed.
std::string reproduce_line(ProbeContext& ctx, const match::GameSpec& spec, rules::Color engine_side,
                           const std::string& start_fen, const std::string& opening);

// A likely cause read from the transcript (a protocol mismatch), or empty.
std::string protocol_hint(ProbeContext& ctx);

// "cmd=/x/y arg=--protocol arg=imcs proto=imcs": the engine as `referee play` takes it.
std::string engine_description(const engine::EngineConfig& config);
std::string shell_quote(const std::string& text);
// The last n lines of text (a stderr tail: what a post-mortem needs).
std::string last_lines(const std::string& text, std::size_t n);

// The probes, each returning its result (see validate.cpp for the order).
ProbeResult probe_handshake(ProbeContext& ctx);
ProbeResult probe_one_move(ProbeContext& ctx, const std::string& name, const std::string& title,
                           match::GameSpec spec);
ProbeResult probe_start_position(ProbeContext& ctx);
ProbeResult probe_set_up_position(ProbeContext& ctx);
ProbeResult probe_after_moves(ProbeContext& ctx);
ProbeResult probe_nearly_empty_clock(ProbeContext& ctx);
ProbeResult probe_short_clock(ProbeContext& ctx);
ProbeResult probe_full_game(ProbeContext& ctx);
ProbeResult probe_second_game(ProbeContext& ctx, bool first_game_left_it_running);
ProbeResult probe_quit(ProbeContext& ctx);
ProbeResult probe_rule(ProbeContext& ctx, const std::string& name, rules::RuleFeature feature);

}  // namespace referee::validate
