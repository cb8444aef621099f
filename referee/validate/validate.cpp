#include "referee/validate/validate.hpp"

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/engine/scratch_dir.hpp"
#include "referee/match/time_control.hpp"
#include "referee/validate/probe_context.hpp"
#include "referee/validate/probe_positions.hpp"

namespace referee::validate {

namespace fs = std::filesystem;

namespace {

constexpr const char* kOpponent = "random-engine";

std::vector<std::string> make_probe_names() {
    std::vector<std::string> names = {"handshake", "start-position", "set-up-position", "after-moves"};
    for (auto probe : kSpecialProbes) names.push_back(probe_name(probe));
    for (const char* n : {"nearly-empty-clock", "short-clock", "full-game", "second-game", "quit"}) names.push_back(n);
    return names;
}

bool in_tree(std::string_view text, const engine::EngineConfig& c, const std::string& bin_dir) {
    if (text.find('=') != std::string_view::npos) return false;
    return fs::path(c.command).parent_path().lexically_normal() == fs::path(bin_dir).lexically_normal();
}

engine::EngineConfig opponent_config(const ValidateOptions& o) {
    engine::EngineConfig c;
    c.name = "random";
    c.command = (fs::path(o.bin_dir) / kOpponent).string();
    c.args = {"--seed", "1"};
    std::error_code ec;
    if (!fs::exists(c.command, ec))
        throw std::runtime_error(fmt::format("referee validate plays against the in-tree {}, expected at {}; build it "
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
            throw std::runtime_error(fmt::format("there is no probe '{}' (the probes: {})", n, known));
        }
    if (o.nearly_empty_ms <= 0 || o.short_plies <= 0 || o.max_game_plies <= 0)
        throw std::runtime_error("the nearly-empty clock, the short-clock plies and the game's ply cap must be positive");
}

}  // namespace

const std::vector<std::string>& probe_names() {
    static const std::vector<std::string> names = make_probe_names();
    return names;
}

engine::EngineConfig engine_for_validation(const ValidateOptions& o) {
    auto c = engine::engine_from_text(o.engine, o.bin_dir);
    if (o.protocol) c.protocol = *o.protocol;
    if (in_tree(o.engine, c, o.bin_dir)) {
        c.args.insert(c.args.end(), {"--protocol", engine::protocol_name(c.protocol)});
        // IMCS cannot name the variant, so the in-tree engines take it on the command line.
        if (c.protocol == engine::Protocol::Imcs) c.args.insert(c.args.end(), {"--variant", o.variant});
    }
    if (o.startup_limit) c.startup_timeout = *o.startup_limit;
    // validate judges what the engine's own processes do (helpers outliving it, processes
    // leaving its group), which a sandbox's PID namespace would end or hide before they can be
    // seen; so unless asked for (sandbox=bwrap), the engine under test runs without one. Its
    // escapees are still contained by the referee's subreaper.
    if (c.sandbox == engine::Sandbox::Auto) c.sandbox = engine::Sandbox::None;
    return c;
}

Report validate_engine(const ValidateOptions& o) {
    const auto rules = rules::Rules::load(o.variant);
    check_options(o);
    const auto config = engine_for_validation(o);
    const auto opponent = opponent_config(o);

    Report report;
    report.variant = rules.name();
    report.engine_name = config.name;
    report.protocol = engine::protocol_name(config.protocol);
    report.engine_command = config.command;
    for (const auto& a : config.args) report.engine_command += " " + shell_quote(a);

    if (o.on_start) o.on_start(report);
    const auto start = std::chrono::steady_clock::now();
    engine::ScratchDir scratch("referee-validate-");
    std::optional<std::string> stop_reason;  // set once the remaining probes would only repeat a failure
    {
        ProbeDriver driver(rules, config, opponent, scratch.path());
        ProbeContext ctx{o, rules, driver, engine_description(config)};
        auto selected = [&](const std::string& name) {
            return name == "handshake" || o.only.empty() || std::find(o.only.begin(), o.only.end(), name) != o.only.end();
        };
        auto emit = [&](ProbeResult r) {
            if (o.on_result) o.on_result(r);
            report.probes.push_back(std::move(r));
        };
        bool full_game_left_it_running = false;
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
            if (name == "handshake") r = probe_handshake(ctx);
            else if (name == "start-position") r = probe_start_position(ctx);
            else if (name == "set-up-position") r = probe_set_up_position(ctx);
            else if (name == "after-moves") r = probe_after_moves(ctx);
            else if (name == "nearly-empty-clock") r = probe_nearly_empty_clock(ctx);
            else if (name == "short-clock") r = probe_short_clock(ctx);
            else if (name == "full-game") {
                r = probe_full_game(ctx);
                full_game_left_it_running = r.verdict == Verdict::Pass && driver.engine_alive();
            } else if (name == "second-game") r = probe_second_game(ctx, full_game_left_it_running);
            else if (quit) r = probe_quit(ctx);
            else {
                for (int i = 0; i < static_cast<int>(std::size(kSpecialProbes)); ++i)
                    if (name == probe_name(kSpecialProbes[i])) r = probe_special(ctx, i);
            }
            // Without a start, or without an answer from the start position, every later
            // probe would fail the same way, each after its own time limit.
            if (r.verdict == Verdict::Fail && name == "handshake") stop_reason = "not run: the engine did not start";
            if (r.verdict == Verdict::Fail && name == "start-position")
                stop_reason = "not run: it could not answer from the start position";
            emit(std::move(r));
        }
    }
    scratch.remove();
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return report;
}

}  // namespace referee::validate
