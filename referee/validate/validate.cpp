#include "referee/validate/validate.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/engine/process/confinement.hpp"
#include "referee/engine/process/scratch_dir.hpp"
#include "referee/match/time_control.hpp"
#include "referee/validate/probe_context.hpp"

namespace referee::validate {

namespace fs = std::filesystem;

namespace {

constexpr const char* kOpponent = "random-engine";

// The one table of probes, in the order they run: name, what it checks, the rule it is
// about (empty for protocol and clock probes), how it runs. Adding a probe is adding a row.
struct ProbeRow {
    std::string name;
    std::string title;
    std::string rule;
    std::function<ProbeResult(ProbeContext&)> run;
};

std::vector<ProbeRow> make_probe_table() {
    std::vector<ProbeRow> rows = {
        {"handshake", "starts and completes its handshake", "", probe_handshake},
        {"start-position", "answers from the start position", "", probe_start_position},
        {"set-up-position", "answers from a position of a game in progress", "",
         probe_set_up_position},
        {"after-moves", "answers after moves played since the start", "", probe_after_moves},
    };
    // One row per rule feature the rules layer knows: positions are found, not written, so
    // castling, en passant, promotion, double steps and side-steps are asked in the
    // variant's own pieces, whatever they are called.
    for (auto feature : rules::all_rule_features()) {
        const std::string name = std::string("rule-") + rules::feature_key(feature);
        rows.push_back(
            {name, rules::feature_rule(feature), rules::feature_key(feature),
             [name, feature](ProbeContext& ctx) { return probe_rule(ctx, name, feature); }});
    }
    rows.push_back({"nearly-empty-clock", "moves in time with a nearly empty clock", "",
                    probe_nearly_empty_clock});
    rows.push_back({"short-clock", "moves in time on a short clock", "", probe_short_clock});
    rows.push_back({"full-game", "plays a whole game", "", [](ProbeContext& ctx) {
                        auto r = probe_full_game(ctx);
                        ctx.full_game_left_it_running =
                            r.verdict == Verdict::Pass && ctx.driver.engine_alive();
                        return r;
                    }});
    rows.push_back(
        {"second-game", "plays a second game in the same process", "", [](ProbeContext& ctx) {
             // An engine known to exit after each game cannot play two in one process.
             return probe_second_game(ctx, ctx.full_game_left_it_running && !ctx.exits_after_game);
         }});
    rows.push_back({"quit", "exits when asked and leaves no process behind", "", probe_quit});
    return rows;
}

const std::vector<ProbeRow>& probe_table() {
    static const std::vector<ProbeRow> rows = make_probe_table();
    return rows;
}

std::vector<std::string> make_probe_names() {
    std::vector<std::string> names;
    for (const auto& row : probe_table()) names.push_back(row.name);
    return names;
}

bool in_tree(std::string_view text, const engine::EngineConfig& c, const std::string& bin_dir) {
    if (text.find('=') != std::string_view::npos) return false;
    return fs::path(c.command).parent_path().lexically_normal() ==
           fs::path(bin_dir).lexically_normal();
}

engine::EngineConfig opponent_config(const ValidateOptions& o) {
    engine::EngineConfig c;
    c.name = "random";
    c.command = (fs::path(o.bin_dir) / kOpponent).string();
    c.args = {"--seed", "1"};
    std::error_code ec;
    if (!fs::exists(c.command, ec))
        throw std::runtime_error(
            fmt::format("referee validate plays against the in-tree {}, expected at {}; build it "
                        "(cmake --build <build dir> --target {})",
                        kOpponent, c.command, kOpponent));
    return c;
}

void check_options(const ValidateOptions& o) {
    for (const auto* tc : {&o.move_tc, &o.game_tc, &o.short_tc}) match::parse_time_control(*tc);
    const auto& names = probe_names();
    for (const auto& n : o.only)
        if (std::find(names.begin(), names.end(), n) == names.end()) {
            std::string known;
            for (const auto& k : names) known += (known.empty() ? "" : ", ") + k;
            throw std::runtime_error(
                fmt::format("there is no probe '{}' (the probes: {})", n, known));
        }
    if (o.nearly_empty_ms <= 0 || o.short_plies <= 0 || o.max_game_plies <= 0)
        throw std::runtime_error(
            "the nearly-empty clock, the short-clock plies and the game's ply cap must be "
            "positive");
}

}  // namespace

const std::vector<std::string>& probe_names() {
    static const std::vector<std::string> names = make_probe_names();
    return names;
}

namespace {

// The engine as the user described it, with validate's options applied: what reproduce
// lines pass to `referee play`.
engine::EngineConfig engine_as_described(const ValidateOptions& o) {
    auto c = engine::engine_from_text(o.engine, o.bin_dir);
    if (o.protocol) c.protocol = *o.protocol;
    if (in_tree(o.engine, c, o.bin_dir)) {
        c.args.insert(c.args.end(), {"--protocol", engine::protocol_name(c.protocol)});
        // IMCS cannot name the variant, so the in-tree engines take it on the command line;
        // xboard names it, but only among the variants the engine lists, which a .yaml
        // file's is only when the engine read it.
        if (c.protocol == engine::Protocol::Imcs || c.protocol == engine::Protocol::Xboard)
            c.args.insert(c.args.end(), {"--variant", o.variant});
    }
    if (o.startup_limit) c.startup_timeout = *o.startup_limit;
    return c;
}

}  // namespace

engine::EngineConfig engine_for_validation(const ValidateOptions& o) {
    auto c = engine_as_described(o);
    // validate judges what the engine's own processes do (helpers outliving it, processes
    // leaving its group), which a sandbox's PID namespace would end or hide before they can be
    // seen; so unless asked for (sandbox=bwrap), the engine under test runs without one. Its
    // escapees are still contained by the referee's subreaper. A client with its server built
    // in (server=) needs the sandbox for the /etc/hosts that leads it to the referee: it keeps
    // it, as in a tournament.
    if (c.sandbox == engine::Sandbox::Auto && c.tcp_server_port == 0)
        c.sandbox = engine::Sandbox::None;
    return c;
}

Report validate_engine(const ValidateOptions& o) {
    const auto rules = rules::Rules::load(o.variant);
    check_options(o);
    const auto config = engine_for_validation(o);
    if (o.depth < 0 || o.depth > 1000)
        throw std::runtime_error(fmt::format("--depth {}: must be 1 to 1000", o.depth));
    if (auto why = engine::depth_limit_refusal(config.protocol); o.depth > 0 && !why.empty())
        throw std::runtime_error(fmt::format("--depth {}: {}", o.depth, why));
    const auto opponent = opponent_config(o);

    Report report;
    report.variant = rules.name();
    report.engine_name = config.name;
    report.protocol = engine::protocol_name(config.protocol);
    report.engine_command = config.command;
    for (const auto& a : config.args) report.engine_command += " " + shell_quote(a);

    if (o.on_start) o.on_start(report);
    const auto start = std::chrono::steady_clock::now();
    engine::ScratchDir scratch("referee-validate-", engine::folder_for_engines());
    std::optional<std::string> stop_reason;
    bool exit_reported = false;  // set once the remaining probes would only repeat a failure
    {
        ProbeDriver driver(rules, config, opponent, scratch.path());
        driver.set_engine_depth(o.depth);
        // The engine as validate runs it (sandbox=none unless asked for): a reproduce line
        // replays what the probe saw, a helper outliving the engine included.
        ProbeContext ctx{o, rules, driver, engine_description(config)};
        ctx.opponent_description = engine_description(opponent);
        ctx.engine_in_tree = in_tree(o.engine, config, o.bin_dir);
        auto selected = [&](const std::string& name) {
            return name == "handshake" || o.only.empty() ||
                   std::find(o.only.begin(), o.only.end(), name) != o.only.end();
        };
        auto emit = [&](ProbeResult r) {
            if (o.on_result) o.on_result(r);
            report.probes.push_back(std::move(r));
        };
        for (const auto& name : probe_names()) {
            if (!selected(name)) continue;
            const bool quit = name == "quit";
            // Quitting is worth knowing about whenever the engine started at all.
            const bool run_anyway = quit && report.probes.front().verdict != Verdict::Fail;
            if (stop_reason && !run_anyway) {
                ProbeResult skipped{name, name};
                skipped.detail = *stop_reason;
                emit(std::move(skipped));
                continue;
            }
            ProbeResult r;
            for (const auto& row : probe_table())
                if (row.name == name) r = row.run(ctx);
            // Without a start, or without an answer from the start position, every later
            // probe would fail the same way, each after its own time limit.
            if (r.verdict == Verdict::Fail && name == "handshake")
                stop_reason = "not run: the engine did not start";
            if (r.verdict == Verdict::Fail && name == "start-position")
                stop_reason = "not run: it could not answer from the start position";
            emit(std::move(r));
            if (ctx.exits_after_game && !exit_reported) {
                // Said once, not as a crash in every probe that follows.
                exit_reported = true;
                ProbeResult note{"exits-after-game", "keeps running between games"};
                note.verdict = Verdict::Warn;
                note.detail =
                    "exits after every game: tournaments will restart it (validate did too)";
                emit(std::move(note));
            }
        }
    }
    scratch.remove();
    report.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace referee::validate
