// referee validate: "will my engine be disqualified?" Runs one engine through the probes,
// prints a line per probe (and the evidence for each failure), a summary, optionally a JSON
// file; the exit code is 0 only when nothing failed.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "referee/cli/commands.hpp"
#include "referee/engine/process/process.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/validate/validate.hpp"

namespace referee::cli {
namespace {

struct ValidateArgs {
    validate::ValidateOptions options;
    std::string protocol;
    std::string only;
    double startup = 0;
    double margin = 0.1;
    std::string json;
    bool list_probes = false;
};

std::vector<std::string> split_names(const std::string& text) {
    std::vector<std::string> out;
    std::string name;
    std::istringstream in(text);
    while (std::getline(in, name, ','))
        if (!name.empty()) out.push_back(name);
    return out;
}

int run_validate(ValidateArgs& a) {
    auto& o = a.options;
    if (a.list_probes) {
        // Every variant the referee knows, or the one named.
        std::cout << validate::probe_list_markdown(
            o.variant.empty() ? rules::list_variants() : std::vector<std::string>{o.variant});
        return 0;
    }
    // Required unless the probes are only listed.
    if (o.variant.empty()) throw CLI::RequiredError("--variant");
    if (o.engine.empty()) throw CLI::RequiredError("--engine");
    if (!a.protocol.empty()) o.protocol = engine::parse_protocol(a.protocol);
    o.only = split_names(a.only);
    if (a.startup > 0)
        o.startup_limit = std::chrono::milliseconds(static_cast<long>(a.startup * 1000));
    o.margin_ms = static_cast<std::int64_t>(a.margin * 1000);
    o.bin_dir = engine::executable_dir();
    o.referee_path = (std::filesystem::path(o.bin_dir) / "referee").string();
    if (o.time_scale <= 0) throw std::runtime_error("--time-scale must be a positive number");
    if (o.rule_positions <= 0) throw std::runtime_error("--positions must be a positive number");
    o.on_start = [](const validate::Report& r) {
        std::cout << validate::format_header(r) << std::flush;
    };
    o.on_result = [](const validate::ProbeResult& p) {
        std::cout << validate::format_probe(p) << std::flush;
    };
    engine::install_signal_cleanup();
    const auto report = validate::validate_engine(o);
    std::cout << validate::format_summary(report);
    if (!a.json.empty()) {
        std::ofstream out(a.json);
        out << validate::to_json(report).dump(2) << '\n';
        if (!out) throw std::runtime_error(fmt::format("--json: cannot write '{}'", a.json));
        std::cout << fmt::format("report {}\n", a.json);
    }
    return report.passed() ? 0 : 1;
}

}  // namespace

void add_validate_command(CLI::App& app) {
    auto a = std::make_shared<ValidateArgs>();
    auto* cmd = app.add_subcommand(
        "validate", "check that an engine obeys the rules and the protocol before a tournament");
    cmd->add_option("--variant", a->options.variant,
                    "variant name, .yaml path or FILE.ini:SECTION (required)");
    cmd->add_option("--engine", a->options.engine,
                    "the engine: an in-tree name (random, alphabeta, broken-hang...), "
                    "fairy-stockfish, a path, or a description 'cmd=PATH [KEY=VALUE ...]' "
                    "(keys below; required)");
    cmd->add_option(
        "--protocol", a->protocol,
        "uci, usi, xboard, imcs, plain or imcs-tcp (overrides the description's proto=)");
    cmd->add_option("--json", a->json, "also write the report as JSON to this file");
    cmd->add_option("--only", a->only,
                    "run only these probes, comma-separated (the handshake always runs)");
    cmd->add_option("--startup", a->startup,
                    "seconds allowed for start-up and handshake (default 10)");
    cmd->add_option("--margin", a->margin,
                    "seconds of overrun tolerated before a loss on time (default 0.1)");
    cmd->add_option("--game-tc", a->options.game_tc,
                    "clock of the whole-game probes (default 4+0.05)");
    cmd->add_option("--time-scale", a->options.time_scale,
                    "multiply every probe clock by this, for an engine that thinks long (default "
                    "1; N gives 3N s a move: allow about twice its longest think)");
    cmd->add_option("--depth", a->options.depth,
                    "ask every move with this depth limit on top of the clock (UCI/USI 'go "
                    "depth', xboard 'sd'): for an engine that thinks to the end of its clock");
    cmd->add_option("--seed", a->options.seed,
                    "seed of the rule probes' position search (default 1)");
    cmd->add_option("--positions", a->options.rule_positions,
                    "positions asked per rule probe (default 5)");
    cmd->add_flag("--list-probes", a->list_probes,
                  "print which rule probes each variant has (every variant the referee knows, "
                  "or the one --variant names) as Markdown tables, and exit; docs/probes.md is "
                  "this for the shipped variants");
    std::string probes;
    for (const auto& name : validate::probe_names()) probes += (probes.empty() ? "" : ", ") + name;
    cmd->footer(fmt::format("{}\nProbes, in order: {}.\nExit code 0 only when no probe failed.",
                            engine::engine_keys_help(), probes));
    cmd->callback([a] {
        int rc = run_validate(*a);
        if (rc) throw CLI::RuntimeError(rc);
    });
}

}  // namespace referee::cli
