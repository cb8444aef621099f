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

// Options that take key=value words, and options that take plain values (how many).
const std::map<std::string, int> kValueOptions = {
    {"rounds", 1},     {"games", 1},        {"concurrency", 1}, {"pgnout", 1},
    {"name", 1},       {"output", 1},       {"seed", 1},        {"maxmoves", 1},
    {"tournament", 1}, {"repeat", 0},       {"resume", 0},      {"print-config", 0},
    {"quiet", 0},      {"use-affinity", 0}, {"live", 1},        {"live-file", 0}};
const char* const kPairOptions[] = {"engine", "each", "openings", "sprt", "log", "resign", "draw"};

bool is_option(const std::string& w) {
    return w.size() > 1 && w[0] == '-' && !std::isdigit(static_cast<unsigned char>(w[1]));
}

std::pair<std::string, std::string> split_pair(const std::string& option, const std::string& word) {
    const auto eq = word.find('=');
    if (eq == std::string::npos || eq == 0)
        throw UsageError(fmt::format("-{}: '{}' is not key=value", option, word));
    return {word.substr(0, eq), word.substr(eq + 1)};
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
        if (std::find(std::begin(kPairOptions), std::end(kPairOptions), option) !=
            std::end(kPairOptions)) {
            Pairs pairs;
            while (i < words.size() && !is_option(words[i]))
                pairs.push_back(split_pair(option, words[i++]));
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
        auto known = kValueOptions.find(option);
        if (known == kValueOptions.end()) throw UsageError(fmt::format("unknown option '{}'", w));
        std::vector<std::string> values;
        for (int k = 0; k < known->second; ++k) {
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
        if (key == "cmd" || key == "name" || key == "dir" || key == "startup" || key == "memory" ||
            key == "variant" || key == "keep" || key == "usi_sente_clock")
            e[key] = value;
        else if (key == "writable")
            e[key].push_back(value);
        else if (key == "proto")
            e["protocol"] = value;
        else if (key == "args" || key == "arg") {
            for (const auto& w : rules::split_words(value)) e["args"].push_back(w);
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7)
            e["options"][key.substr(7)] = value;
        else if (key == "tc" || key == "st")
            continue;
        else if (key == "nodes" || key == "depth")
            e[key] = value;
        else
            throw UsageError(fmt::format(
                "{}: unknown key '{}' (cmd, name, tc, st, args, proto, dir, "
                "option.NAME, startup, memory, variant, writable, keep, usi_sente_clock)",
                where, key));
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
    if (const auto* p = flag("pgnout")) root["pgn_out"] = *p;
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
    m->prefix_command();
    m->callback([m, words] {
        *words = m->remaining();
        run_match(*words);
    });
}

}  // namespace referee::cli
