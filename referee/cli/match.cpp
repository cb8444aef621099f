// referee match VARIANT -engine cmd=A name=A -engine cmd=B -each tc=10+0.1 -rounds 500
//   -games 2 -repeat -concurrency 2 -openings file=book.epd format=epd order=random plies=8
//   -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05 -pgnout games.pgn -resign movecount=3 score=600
//   -draw movenumber=40 movecount=8 score=10 -log file=engines.log -live 8080
// A match (or a round-robin of more engines) from the command line alone, in the style of
// cutechess-cli and fastchess. The options become the YAML document a config file would
// hold (-print-config shows it), read by the same loader and run by the same runner, so a
// command line and its config file play the same games.
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string_view>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include "referee/cli/commands.hpp"
#include "referee/cli/tournament_run.hpp"
#include "referee/engine/engine_config.hpp"
#include "referee/engine/process/process.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::cli {
namespace {

using Pairs = std::vector<std::pair<std::string, std::string>>;  // key=value, in order

class UsageError : public std::runtime_error {
  public:
    explicit UsageError(const std::string& what) : std::runtime_error("match: " + what) {}
};

struct MatchArgs {
    std::string variant;
    std::vector<Pairs> engines;
    Pairs each;
    std::map<std::string, std::vector<std::string>> flags;  // -rounds 500 -> {"rounds", {"500"}}
    Pairs openings, sprt, resign, draw, log;
};

// Options that take plain values (how many), and options that take key=value words: the
// one list the parser and --help read.
struct ValueOption {
    const char* name;
    int values;
    const char* help;
};
const ValueOption kValueOptions[] = {
    {"rounds", 1, "N: rounds of -games games each pairing plays (default 1)"},
    {"games", 1, "1|2: games a round (default 2)"},
    {"repeat", 0, "accepted: every opening is always played with both colours"},
    {"concurrency", 1, "N: games at once (default 1)"},
    {"tournament", 1, "round-robin|gauntlet: with more than two engines (default round-robin)"},
    {"maxmoves", 1, "N: a game reaching N moves each is a draw by the move cap"},
    {"seed", 1, "N: the seed of the opening order and of engines' {seed}"},
    {"name", 1, "NAME: the match's name (default A-vs-B), its output folder's"},
    {"output", 1, "DIR: the output folder (default matches/NAME)"},
    {"pgnout", 1, "FILE or file=FILE: also write every game to this PGN file"},
    {"resume", 0, "carry on an interrupted match from its journal"},
    {"quiet", 0, "print only the statistics, not a line per game"},
    {"use-affinity", 0, "keep each game's engines to a core of their own"},
    {"live", 1, "[HOST:]PORT: serve the live page there while the match plays"},
    {"live-file", 0, "write live.json for `referee watch`"},
    {"print-config", 0, "print the tournament config these options make, and stop"},
};
struct PairOption {
    const char* name;
    const char* keys;  // for --help
};
const PairOption kPairOptions[] = {
    {"engine", "KEY=VALUE ... (an engine description's keys, below; repeat -engine per engine)"},
    {"each", "KEY=VALUE ... for every engine (as -engine)"},
    {"openings", "file=PATH format=epd|fen|moves|pgn order=sequential|random plies=N seed=N"},
    {"sprt", "elo0=E elo1=E alpha=A beta=B model=logistic|normalized"},
    {"resign", "movecount=N score=CP [twosided=true]"},
    {"draw", "movenumber=N movecount=N score=CP"},
    {"log", "file=PATH: every line to and from the engines"},
};
// Keys of -engine and -each that are not an engine description's: the engine's own limits.
const char* const kMatchEngineKeys[] = {"tc", "st", "nodes", "depth"};

bool is_engine_key(const std::string& key) {
    return engine::find_engine_key(key) ||
           std::find(std::begin(kMatchEngineKeys), std::end(kMatchEngineKeys), key) !=
               std::end(kMatchEngineKeys);
}

bool is_option(const std::string& w) {
    return w.size() > 1 && w[0] == '-' && !std::isdigit(static_cast<unsigned char>(w[1]));
}

std::pair<std::string, std::string> split_pair(const std::string& option, const std::string& word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
        throw UsageError(fmt::format("-{}: '{}' is not key=value", option, word));
    return {word.substr(0, eq), word.substr(eq + 1)};
}

// The pairs one word after -engine or -each holds. cutechess-cli takes each key=value as its
// own argument (`"option.Skill Level=5"` quoted whole); a whole description in one argument
// (`"cmd=fairy-stockfish name=skill5 option.Skill Level=5"`, as play takes it) is read as its
// keys when every part of it is one. Anything else is one pair: args=--a --b keeps its space.
Pairs engine_word_pairs(const std::string& option, const std::string& word) {
    if (word.find_first_of(" \t") != std::string::npos) {
        try {
            auto pairs = engine::engine_spec_pairs(word);
            if (pairs.size() > 1 && std::all_of(pairs.begin(), pairs.end(), [](const auto& p) {
                    return is_engine_key(p.first);
                }))
                return pairs;
        } catch (const engine::ConfigError&) {
        }
    }
    return {split_pair(option, word)};
}

MatchArgs parse_args(const std::vector<std::string>& words) {
    MatchArgs a;
    std::size_t i = 0;
    if (i < words.size() && !is_option(words[i])) a.variant = words[i++];
    while (i < words.size()) {
        const std::string& w = words[i++];
        if (!is_option(w))
            throw UsageError(fmt::format("'{}' is not an option (options start with '-')", w));
        const std::string option = w.substr(w[1] == '-' ? 2 : 1);  // -rounds and --rounds alike
        if (std::any_of(std::begin(kPairOptions), std::end(kPairOptions),
                        [&](const PairOption& p) { return option == p.name; })) {
            Pairs pairs;
            while (i < words.size() && !is_option(words[i])) {
                if (option == "engine" || option == "each") {
                    const Pairs more = engine_word_pairs(option, words[i++]);
                    pairs.insert(pairs.end(), more.begin(), more.end());
                } else {
                    pairs.push_back(split_pair(option, words[i++]));
                }
            }
            if (option == "engine")
                a.engines.push_back(std::move(pairs));
            else if (option == "each")
                a.each.insert(a.each.end(), pairs.begin(), pairs.end());
            else if (option == "openings")
                a.openings = std::move(pairs);
            else if (option == "log" && pairs.empty())
                throw UsageError("-log needs file=PATH");
            else if (option == "log")
                a.log = std::move(pairs);
            else if (option == "resign")
                a.resign = std::move(pairs);
            else if (option == "draw")
                a.draw = std::move(pairs);
            else
                a.sprt = std::move(pairs);
            continue;
        }
        const auto* known = std::find_if(std::begin(kValueOptions), std::end(kValueOptions),
                                         [&](const ValueOption& v) { return option == v.name; });
        if (known == std::end(kValueOptions))
            throw UsageError(
                fmt::format("unknown option '{}' (referee match --help lists them)", w));
        std::vector<std::string> values;
        for (int k = 0; k < known->values; ++k) {
            if (i >= words.size() || is_option(words[i]))
                throw UsageError(fmt::format("{} needs a value", w));
            values.push_back(words[i++]);
        }
        a.flags[option] = values;
    }
    if (a.variant.empty())
        throw UsageError(
            "name the variant first: referee match VARIANT -engine cmd=... -engine cmd=...");
    if (a.engines.size() < 2)
        throw UsageError("give at least two engines (-engine cmd=PROGRAM [name=NAME] ...)");
    return a;
}

int whole_number(const std::string& option, const std::string& text, long lo, long hi) {
    std::size_t used = 0;
    long v = 0;
    try {
        v = std::stol(text, &used);
    } catch (const std::logic_error&) {
        used = 0;
    }
    if (used != text.size() || used == 0 || v < lo || v > hi)
        throw UsageError(
            fmt::format("-{} '{}': expected a whole number from {} to {}", option, text, lo, hi));
    return static_cast<int>(v);
}

// The time control of key=value words (tc= or st=, the last one given); empty when none.
std::string time_control_of(const Pairs& pairs) {
    std::string tc;
    for (const auto& [key, value] : pairs)
        if (key == "tc")
            tc = value;
        else if (key == "st")
            tc = "st=" + value;
    return tc;
}

// One engine's YAML from its key=value words (with -each's first, so its own win). The
// time control is left out: config_node decides whether it is the tournament's or the
// engine's own (time odds).
YAML::Node engine_node(const Pairs& own, const Pairs& each, int index) {
    YAML::Node e;
    Pairs all = each;
    all.insert(all.end(), own.begin(), own.end());
    const std::string where = fmt::format("-engine #{}", index + 1);
    for (const auto& [key, value] : all) {
        const engine::EngineKey* k = engine::find_engine_key(key);
        const std::string config = k ? k->config : "";
        if (key == "tc" || key == "st")
            continue;
        else if (key == "nodes" || key == "depth")
            e[key] = value;
        else if (!k)
            throw UsageError(fmt::format("{}: unknown key '{}' ({}, tc, st, nodes, depth)", where,
                                         key, engine::engine_key_names()));
        else if (config == "args" && key == "arg")
            e["args"].push_back(value);
        else if (config == "args") {
            for (const auto& w : rules::split_words(value)) e["args"].push_back(w);
        } else if (config == "writable")
            e[config].push_back(value);
        else if (config == "options" || config == "limits")  // option.NAME, limit.NAME
            e[config][key.substr(key.find('.') + 1)] = value;
        else
            e[config] = value;
    }
    if (!e["cmd"]) throw UsageError(fmt::format("{} has no cmd=", where));
    return e;
}

YAML::Node pairs_node(const Pairs& pairs, const char* option,
                      std::initializer_list<const char*> keys) {
    YAML::Node n;
    for (const auto& [key, value] : pairs) {
        if (std::find(keys.begin(), keys.end(), std::string_view(key)) == keys.end()) {
            std::string list;
            for (const char* k : keys) list += std::string(list.empty() ? "" : ", ") + k;
            throw UsageError(fmt::format("-{}: unknown key '{}' ({})", option, key, list));
        }
        n[key] = value;
    }
    return n;
}

// The config a file would hold for these options.
YAML::Node config_node(const MatchArgs& a) {
    YAML::Node root;
    YAML::Node engines;
    for (std::size_t i = 0; i < a.engines.size(); ++i)
        engines.push_back(engine_node(a.engines[i], a.each, static_cast<int>(i)));
    // -each tc= is the tournament's control; an engine's own tc= that differs from it is
    // that engine's (time odds), as in cutechess-cli. Engines that all give the same one
    // without -each share it.
    std::string tc = time_control_of(a.each);
    std::vector<std::string> own(a.engines.size());
    for (std::size_t i = 0; i < a.engines.size(); ++i) own[i] = time_control_of(a.engines[i]);
    if (tc.empty() && !own[0].empty() &&
        std::all_of(own.begin(), own.end(), [&](const std::string& t) { return t == own[0]; }))
        tc = own[0];
    for (std::size_t i = 0; i < a.engines.size(); ++i)
        if (!own[i].empty() && own[i] != tc) {
            if (own[i].rfind("st=", 0) == 0)
                engines[i]["st"] = own[i].substr(3);
            else
                engines[i]["tc"] = own[i];
        }
    auto flag = [&](const char* name) -> const std::string* {
        auto it = a.flags.find(name);
        return it == a.flags.end() || it->second.empty() ? nullptr : &it->second[0];
    };
    std::string name;
    if (const auto* n = flag("name"))
        name = *n;
    else {
        auto label = [&](std::size_t i) {
            const YAML::Node& e = engines[i];
            return e["name"]
                       ? e["name"].as<std::string>()
                       : std::filesystem::path(e["cmd"].as<std::string>()).filename().string();
        };
        name = label(0) + "-vs-" + label(1) + (a.engines.size() > 2 ? "-etc" : "");
    }
    root["name"] = name;
    root["variant"] = a.variant;
    if (const auto* t = flag("tournament")) root["format"] = *t;
    // cutechess: -rounds R of -games G each; every pairing plays R * G games.
    const int rounds = flag("rounds") ? whole_number("rounds", *flag("rounds"), 1, 1000000) : 1;
    const int games = flag("games") ? whole_number("games", *flag("games"), 1, 2) : 2;
    root["games_per_pairing"] = rounds * games;
    if (!tc.empty()) root["time_control"] = tc;
    if (const auto* c = flag("concurrency"))
        root["concurrency"] = whole_number("concurrency", *c, 1, 1000);
    // fastchess's name: each thread of games, and its engines, kept to a core.
    if (a.flags.count("use-affinity")) root["affinity"] = true;
    if (const auto* s = flag("seed")) root["seed"] = *s;
    if (const auto* m = flag("maxmoves"))
        root["adjudication"]["max_plies"] = 2 * whole_number("maxmoves", *m, 1, 1000000);
    if (!a.resign.empty())
        root["adjudication"]["resign"] =
            pairs_node(a.resign, "resign", {"movecount", "score", "twosided"});
    if (!a.draw.empty())
        root["adjudication"]["draw"] =
            pairs_node(a.draw, "draw", {"movenumber", "movecount", "score"});
    if (!a.log.empty()) {
        const YAML::Node log = pairs_node(a.log, "log", {"file"});
        if (!log["file"]) throw UsageError("-log needs file=PATH");
        root["log"] = log["file"];
    }
    if (const auto* o = flag("output")) root["output"] = *o;
    // cutechess writes `-pgnout FILE`, fastchess `-pgnout file=FILE`: both name the file.
    if (const auto* p = flag("pgnout"))
        root["pgn_out"] = p->rfind("file=", 0) == 0 ? p->substr(5) : *p;
    if (!a.openings.empty())
        root["openings"] =
            pairs_node(a.openings, "openings", {"file", "format", "order", "plies", "seed"});
    if (!a.sprt.empty())
        root["sprt"] = pairs_node(a.sprt, "sprt", {"elo0", "elo1", "alpha", "beta", "model"});
    root["engines"] = engines;
    return root;
}

void run_match(const std::vector<std::string>& words) {
    const MatchArgs a = parse_args(words);
    const YAML::Node root = config_node(a);
    if (a.flags.count("print-config")) {
        YAML::Emitter out;
        out << root;
        std::cout << out.c_str() << "\n";
        return;
    }
    auto config = tournament::tournament_config_from_yaml(
        root, "command line", std::filesystem::current_path().string(), engine::executable_dir());
    RunOptions options;
    options.resume = a.flags.count("resume") > 0;
    options.quiet = a.flags.count("quiet") > 0;
    if (const auto l = a.flags.find("live"); l != a.flags.end())
        options.live = l->second.at(0);  // the page: -live [HOST:]PORT
    options.live_file = a.flags.count("live-file") > 0;
    run_tournament_config(std::move(config), options);
}

}  // namespace

void add_match_command(CLI::App& app) {
    auto words = std::make_shared<std::vector<std::string>>();
    auto* m = app.add_subcommand(
        "match",
        "play a match from the command line alone, cutechess-cli style: referee match VARIANT "
        "-engine cmd=A -engine cmd=B -each tc=10+0.1 -rounds 50 -sprt elo0=0 elo1=5 -resign "
        "movecount=3 score=600 -draw movenumber=40 movecount=8 score=10 -log file=engines.log "
        "(see configs/README.md)");
    std::string help = "Options (- or --):\n";
    for (const auto& o : kValueOptions) help += fmt::format("  -{:<15} {}\n", o.name, o.help);
    for (const auto& o : kPairOptions) help += fmt::format("  -{:<15} {}\n", o.name, o.keys);
    help += "\n" + engine::engine_keys_help() +
            fmt::format("  {:<28} {}\n", "tc=TC, st=SECONDS",
                        "its own time control (time odds), as -each tc= for all") +
            fmt::format("  {:<28} {}\n", "nodes=N, depth=N", "a search limit it is told");
    m->footer(help);
    m->prefix_command();
    m->callback([m, words] {
        *words = m->remaining();
        run_match(*words);
    });
}

}  // namespace referee::cli
