#include "referee/tournament/config.hpp"

#include "referee/rules/variant/chess960.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "referee/engine/launch.hpp"
#include "referee/match/illegal_move_policy.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/rules/text/input_file.hpp"
#include "referee/rules/variant/yaml/yaml_reader.hpp"

namespace referee::tournament {

const char* format_name(Format f) {
    return f == Format::RoundRobin ? "round-robin" : "gauntlet";
}

TournamentConfigError::TournamentConfigError(const std::string& file, int line, int column,
                                             const std::string& key, const std::string& what)
    : std::runtime_error(line > 0
                             ? fmt::format("{}:{}:{}: {}{}", file, line, column,
                                           key.empty() ? "" : key + ": ", what)
                             : fmt::format("{}: {}{}", file, key.empty() ? "" : key + ": ", what)) {
}

int TournamentConfig::engine_index(const std::string& n) const {
    for (std::size_t i = 0; i < engines.size(); ++i)
        if (engines[i].name == n) return static_cast<int>(i);
    return -1;
}

std::string TournamentConfig::time_controls_text() const {
    std::string out = time_control_text;
    for (std::size_t i = 0; i < limits.size() && i < engines.size(); ++i)
        if (limits[i].time_control)
            out += fmt::format("; {} plays {}", engines[i].name, limits[i].time_control_text);
    return out;
}

std::string TournamentConfig::fingerprint() const {
    std::string text =
        fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|", name, variant, format_name(format),
                    games_per_pairing, time_control.describe(), time_control.margin_ms,
                    time_control.imcs_first_move, static_cast<int>(illegal_moves), max_plies);
    text += fmt::format("{}|", seed);
    for (const auto& s : seeds) text += s + ",";
    for (const auto& e : engines) {
        text += "|" + e.name + "," + protocol_name(e.protocol) + "," + e.command;
        for (const auto& a : e.args) text += "," + a;
        for (const auto& [k, v] : e.options) text += "," + k + "=" + v;
    }
    for (const auto& l : limits)
        if (l.nodes || l.depth) text += fmt::format("|nodes={},depth={}", l.nodes, l.depth);
    // Written only when given, so the fingerprints of configs without them stay as they were.
    for (std::size_t i = 0; i < limits.size(); ++i)
        if (limits[i].time_control)
            text += fmt::format("|tc{}={}", i, limits[i].time_control->describe());
    if (score_adjudication.enabled()) text += "|" + score_adjudication.describe();
    // The openings in the order they are played: a different book, order, seed or ply count
    // is a different tournament.
    for (const auto& o : openings.list) text += "|" + o.text();
    // FNV-1a, 64 bits: a fingerprint, not a defence against forgery.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return fmt::format("{:016x}", h);
}

namespace {

using Reader = rules::YamlReader<TournamentConfigError>;
namespace fs = std::filesystem;

engine::EngineConfig read_engine(const Reader& r, const YAML::Node& n, const std::string& where,
                                 const fs::path& base, const std::string& bin_dir) {
    r.only_keys(n, where, {"name",     "cmd",    "args",           "protocol", "options", "dir",
                           "startup",  "memory", "nodes",          "depth",    "tc",      "st",
                           "sandbox",  "limits", "user",           "password", "server",  "variant",
                           "writable", "keep",   "usi_sente_clock"});
    if (!n["cmd"])
        r.fail(n, where + ".cmd",
               "an engine needs 'cmd' (an in-tree engine name, a path or a program on PATH)");
    auto cmd = r.get<std::string>(n["cmd"], where + ".cmd", "a string");
    // Relative paths are read from the config file's folder, so a config travels with its engines.
    if (cmd.find('/') != std::string::npos && fs::path(cmd).is_relative())
        cmd = (base / cmd).lexically_normal().string();
    engine::EngineConfig e = engine::engine_from_text(cmd, bin_dir);
    if (n["name"]) e.name = r.get<std::string>(n["name"], where + ".name", "a string");
    if (auto a = n["args"]) {
        if (!a.IsSequence()) r.fail(a, where + ".args", "'args' must be a list of strings");
        for (const auto& x : a)
            e.args.push_back(r.get<std::string>(x, where + ".args", "a string"));
    }
    if (n["protocol"]) {
        auto p = r.get<std::string>(n["protocol"], where + ".protocol", engine::protocol_names());
        try {
            e.protocol = engine::parse_protocol(p);
        } catch (const engine::ConfigError& err) {
            r.fail(n["protocol"], where + ".protocol", err.what());
        }
    }
    if (auto o = n["options"]) {
        if (!o.IsMap())
            r.fail(o, where + ".options",
                   "'options' must be a mapping of UCI option names to values");
        for (auto it = o.begin(); it != o.end(); ++it)
            e.options.emplace_back(it->first.as<std::string>(),
                                   r.get<std::string>(it->second, where + ".options", "a value"));
    }
    if (n["dir"]) {
        auto d = r.get<std::string>(n["dir"], where + ".dir", "a folder");
        e.working_dir = fs::path(d).is_relative() ? (base / d).lexically_normal().string() : d;
    }
    if (n["startup"]) {
        double s = r.get<double>(n["startup"], where + ".startup", "seconds");
        try {
            e.startup_timeout = std::chrono::milliseconds(
                match::seconds_to_ms(s, "startup", 0.001, match::kMaxMarginSeconds));
        } catch (const match::TimeControlError& err) {
            r.fail(n["startup"], where + ".startup", err.what());
        }
    }
    if (n["memory"]) {
        // Read signed: yaml-cpp turns -1 into a huge unsigned number, which wrapped to "no limit".
        const auto mb = r.get<long long>(n["memory"], where + ".memory", "a whole number of MiB");
        if (mb < 1 || mb > static_cast<long long>(engine::kMaxMemoryMb))
            r.fail(n["memory"], where + ".memory",
                   fmt::format("{} MiB: must be 1 to {}", mb, engine::kMaxMemoryMb));
        e.memory_limit_mb = static_cast<std::size_t>(mb);
    }
    if (n["sandbox"]) {
        try {
            e.sandbox = engine::parse_sandbox(
                r.get<std::string>(n["sandbox"], where + ".sandbox", "auto, bwrap or none"));
        } catch (const std::invalid_argument& ex) {
            r.fail(n["sandbox"], where + ".sandbox", ex.what());
        }
    }
    if (n["limits"]) {
        if (!n["limits"].IsMap())
            r.fail(
                n["limits"], where + ".limits",
                "'limits' must be a mapping (data, as, cpu, files, procs, core, stdout, stderr)");
        for (const auto& kv : n["limits"]) {
            try {
                engine::set_limit(e.limits, kv.first.as<std::string>(),
                                  kv.second.as<std::string>());
            } catch (const std::exception& ex) {
                r.fail(kv.second, where + ".limits", ex.what());
            }
        }
    }
    // imcs-tcp: a client whose name and password are fixed (otherwise {user} and {password}).
    if (n["user"]) e.tcp_user = r.get<std::string>(n["user"], where + ".user", "a user name");
    if (n["password"])
        e.tcp_password = r.get<std::string>(n["password"], where + ".password", "a password");
    // imcs-tcp: a client with the course server's name and port built in.
    if (n["server"]) {
        try {
            engine::parse_tcp_server(
                r.get<std::string>(n["server"], where + ".server", "NAME:PORT"), e);
        } catch (const engine::ConfigError& err) {
            r.fail(n["server"], where + ".server", err.what());
        }
    }
    // A UCI engine written for one variant, which it plays without being told.
    if (n["variant"])
        e.variant = r.get<std::string>(n["variant"], where + ".variant", "a variant name");
    // Paths outside its scratch folder it may write, relative to the config file.
    if (auto w = n["writable"]) {
        const auto one = [&](const YAML::Node& x) {
            const auto text = r.get<std::string>(x, where + ".writable", "a path");
            std::error_code ec;
            if (text.empty() || !fs::exists(engine::writable_path(text, base.string()), ec))
                r.fail(x, where + ".writable",
                       fmt::format("'{}' does not exist (create the folder, or name the folder "
                                   "the engine writes its file in)",
                                   text));
            e.writable.push_back(engine::writable_path(text, base.string()));
        };
        if (w.IsSequence())
            for (const auto& x : w) one(x);
        else
            one(w);
    }
    // What is kept of each game beyond it: stderr, files, or both.
    if (auto k = n["keep"]) {
        try {
            if (k.IsSequence())
                for (const auto& x : k)
                    engine::parse_keep(r.get<std::string>(x, where + ".keep", "stderr or files"),
                                       e);
            else
                engine::parse_keep(r.get<std::string>(k, where + ".keep", "stderr, files"), e);
        } catch (const engine::ConfigError& err) {
            r.fail(k, where + ".keep", err.what());
        }
    }
    // usi: which field of `go` carries the first player's clock (engine_config.hpp).
    if (n["usi_sente_clock"]) {
        try {
            e.usi_sente_clock = engine::parse_usi_sente_clock(r.get<std::string>(
                n["usi_sente_clock"], where + ".usi_sente_clock", "auto, btime or wtime"));
        } catch (const engine::ConfigError& err) {
            r.fail(n["usi_sente_clock"], where + ".usi_sente_clock", err.what());
        }
    }
    if (n["args"]) {
        try {
            engine::check_placeholders(e);
        } catch (const engine::ConfigError& err) {
            r.fail(n["args"], where + ".args", err.what());
        }
    }
    try {
        engine::check_engine_command(e);
    } catch (const engine::ConfigError& err) {
        r.fail(n["cmd"], where + ".cmd", err.what());
    }
    return e;
}

EngineLimits read_limits(const Reader& r, const YAML::Node& n, const std::string& where,
                         const engine::EngineConfig& e) {
    EngineLimits l;
    if (n["nodes"]) {
        l.nodes = r.get<std::int64_t>(n["nodes"], where + ".nodes", "a whole number");
        if (l.nodes < 1 || l.nodes > 1'000'000'000'000)
            r.fail(n["nodes"], where + ".nodes", "must be 1 to 10^12");
    }
    if (n["depth"]) {
        l.depth = r.get<int>(n["depth"], where + ".depth", "a whole number");
        if (l.depth < 1 || l.depth > 1000)
            r.fail(n["depth"], where + ".depth", "must be 1 to 1000");
    }
    if (auto why = engine::nodes_limit_refusal(e.protocol); l.nodes && !why.empty())
        r.fail(n, where, why);
    if (auto why = engine::depth_limit_refusal(e.protocol); l.depth && !why.empty())
        r.fail(n, where, why);
    // Its own clock (time odds): tc as time_control is written, st as seconds per move.
    if (n["tc"] && n["st"]) r.fail(n["st"], where + ".st", "give either tc or st, not both");
    for (const char* key : {"tc", "st"}) {
        if (!n[key]) continue;
        const auto text = r.get<std::string>(
            n[key], where + "." + key,
            key[0] == 't' ? "a time control such as 10+0.1" : "seconds per move");
        l.time_control_text = key[0] == 't' ? text : "st=" + text;
        try {
            l.time_control = match::parse_time_control(l.time_control_text);
        } catch (const match::TimeControlError& err) {
            r.fail(n[key], where + "." + key, err.what());
        }
    }
    return l;
}

Openings read_openings(const Reader& r, const YAML::Node& n, const fs::path& base,
                       const rules::Rules& rules, std::uint64_t seed) {
    r.only_keys(n, "openings", {"file", "format", "kind", "order", "plies", "seed"});
    if (!n["file"]) r.fail(n, "openings.file", "openings need a 'file'");
    Openings o;
    auto file = r.get<std::string>(n["file"], "openings.file", "a path");
    o.source = fs::path(file).is_relative() ? (base / file).lexically_normal().string() : file;
    // 'kind' is the older name of 'format'.
    const char* format_key = n["format"] ? "format" : "kind";
    const std::string format =
        n[format_key] ? r.get<std::string>(n[format_key], std::string("openings.") + format_key,
                                           "fen, epd, pgn or moves")
                      : "fen";
    try {
        o.format = parse_openings_format(format);
    } catch (const std::invalid_argument& e) {
        r.fail(n[format_key], std::string("openings.") + format_key, e.what());
    }
    if (n["order"]) {
        try {
            o.order = parse_openings_order(
                r.get<std::string>(n["order"], "openings.order", "sequential or random"));
        } catch (const std::invalid_argument& e) {
            r.fail(n["order"], "openings.order", e.what());
        }
    }
    if (n["plies"]) {
        o.plies = r.get<int>(n["plies"], "openings.plies", "a whole number");
        if (o.plies < 0 || o.plies > 10000)
            r.fail(n["plies"], "openings.plies", "must be 0 (all) to 10000");
    }
    o.seed = n["seed"] ? r.get<std::uint64_t>(n["seed"], "openings.seed", "a whole number") : seed;
    // Whatever is wrong with the book (a folder, no opening in it, an illegal line) is said
    // at the config's `file:` key, so the message names the config as well as the book.
    try {
        load_openings(o, rules);
    } catch (const OpeningsError& e) {
        r.fail(n["file"], "openings.file", e.what());
    }
    return o;
}

// A whole number of a score rule, from `lo` to `hi`.
int rule_number(const Reader& r, const YAML::Node& n, const std::string& key, int lo, int hi) {
    const int v = r.get<int>(n, key, "a whole number");
    if (v < lo || v > hi) r.fail(n, key, fmt::format("{}: must be {} to {}", v, lo, hi));
    return v;
}

// cutechess's -resign movecount=N score=X [twosided=true].
match::ResignRule read_resign(const Reader& r, const YAML::Node& n) {
    r.only_keys(n, "adjudication.resign", {"movecount", "score", "twosided"});
    for (const char* k : {"movecount", "score"})
        if (!n[k])
            r.fail(n, std::string("adjudication.resign.") + k,
                   "resign adjudication needs movecount and score");
    match::ResignRule rule;
    rule.move_count = rule_number(r, n["movecount"], "adjudication.resign.movecount", 1, 10000);
    rule.score_cp = rule_number(r, n["score"], "adjudication.resign.score", 0, 1'000'000);
    if (n["twosided"])
        rule.two_sided =
            r.get<bool>(n["twosided"], "adjudication.resign.twosided", "true or false");
    return rule;
}

// cutechess's -draw movenumber=M movecount=N score=X.
match::DrawRule read_draw(const Reader& r, const YAML::Node& n) {
    r.only_keys(n, "adjudication.draw", {"movenumber", "movecount", "score"});
    for (const char* k : {"movecount", "score"})
        if (!n[k])
            r.fail(n, std::string("adjudication.draw.") + k,
                   "draw adjudication needs movecount and score (movenumber is optional)");
    match::DrawRule rule;
    if (n["movenumber"])
        rule.move_number =
            rule_number(r, n["movenumber"], "adjudication.draw.movenumber", 0, 1'000'000);
    rule.move_count = rule_number(r, n["movecount"], "adjudication.draw.movecount", 1, 10000);
    rule.score_cp = rule_number(r, n["score"], "adjudication.draw.score", 0, 1'000'000);
    return rule;
}

SprtConfig read_sprt(const Reader& r, const YAML::Node& n) {
    r.only_keys(n, "sprt", {"elo0", "elo1", "alpha", "beta", "model"});
    SprtConfig s;
    s.enabled = true;
    for (auto [key, field] :
         {std::pair{"elo0", &s.elo0}, {"elo1", &s.elo1}, {"alpha", &s.alpha}, {"beta", &s.beta}})
        if (n[key]) *field = r.get<double>(n[key], std::string("sprt.") + key, "a number");
    if (n["model"]) {
        try {
            s.model = parse_sprt_model(
                r.get<std::string>(n["model"], "sprt.model", "normalized or logistic"));
        } catch (const std::invalid_argument& e) {
            r.fail(n["model"], "sprt.model", e.what());
        }
    }
    try {
        check_sprt(s);
    } catch (const std::invalid_argument& e) {
        r.fail(n, "sprt", e.what());
    }
    return s;
}

}  // namespace

TournamentConfig load_tournament_config(const std::string& path, const std::string& bin_dir) {
    std::string text;
    try {
        text = rules::read_input_file(path);
    } catch (const rules::InputFileError& e) {
        throw TournamentConfigError(fmt::format("cannot read the tournament config: {}", e.what()));
    }
    const YAML::Node root = Reader(path).load(text);
    return tournament_config_from_yaml(root, path, fs::absolute(path).parent_path().string(),
                                       bin_dir);
}

TournamentConfig tournament_config_from_yaml(const YAML::Node& root, const std::string& path,
                                             const std::string& base_dir,
                                             const std::string& bin_dir) {
    Reader r(path);
    r.only_keys(root, "",
                {"name", "variant", "format", "seeds", "games_per_pairing", "time_control",
                 "margin", "imcs_clock", "openings", "concurrency", "threads", "affinity",
                 "adjudication", "seed", "output", "engines", "sprt", "pgn_out", "log"});
    for (const char* k : {"name", "variant", "engines"})
        if (!root[k]) r.fail(root, k, fmt::format("the config has no '{}'", k));
    const fs::path base = base_dir;

    TournamentConfig c;
    c.source = path;
    c.name = r.get<std::string>(root["name"], "name", "a string");
    if (!rules::is_plain_name(c.name))
        r.fail(root["name"], "name",
               fmt::format("'{}' is not a plain name (letters, digits, ' ', '-', '_', '+' or '.', "
                           "not starting with '.'): "
                           "it names the output folder",
                           c.name));
    c.variant = r.get<std::string>(root["variant"], "variant",
                                   "a variant name, .yaml path or FILE.ini:SECTION");
    std::optional<rules::Rules> rules;
    try {
        auto v = c.variant;
        if (v.find('/') != std::string::npos && fs::path(v).is_relative())
            v = (base / v).lexically_normal().string();
        rules.emplace(rules::Rules::load(v));
        c.variant = v;
    } catch (const std::exception& e) {
        r.fail(root["variant"], "variant", e.what());
    }
    if (root["format"]) {
        auto f = r.get<std::string>(root["format"], "format", "round-robin or gauntlet");
        if (f == "round-robin")
            c.format = Format::RoundRobin;
        else if (f == "gauntlet")
            c.format = Format::Gauntlet;
        else
            r.fail(root["format"], "format",
                   fmt::format("'{}' is neither round-robin nor gauntlet", f));
    }
    if (root["games_per_pairing"]) {
        c.games_per_pairing =
            r.get<int>(root["games_per_pairing"], "games_per_pairing", "a whole number");
        if (c.games_per_pairing < 1 || c.games_per_pairing > kMaxScheduledGames)
            r.fail(root["games_per_pairing"], "games_per_pairing",
                   fmt::format("must be 1 to {}", kMaxScheduledGames));
    }
    if (root["time_control"])
        c.time_control_text = r.get<std::string>(root["time_control"], "time_control",
                                                 "a time control such as 10+0.1");
    try {
        c.time_control = match::parse_time_control(c.time_control_text);
    } catch (const std::exception& e) {
        r.fail(root["time_control"] ? root["time_control"] : root, "time_control", e.what());
    }
    if (root["margin"]) {
        try {
            c.time_control.margin_ms =
                match::seconds_to_ms(r.get<double>(root["margin"], "margin", "seconds"), "margin",
                                     0, match::kMaxMarginSeconds);
        } catch (const match::TimeControlError& e) {
            r.fail(root["margin"], "margin", e.what());
        }
    }
    if (root["imcs_clock"])
        c.time_control.imcs_first_move =
            r.get<bool>(root["imcs_clock"], "imcs_clock", "true or false");
    if (root["concurrency"]) {
        c.concurrency = r.get<int>(root["concurrency"], "concurrency", "a whole number");
        if (c.concurrency < 1 || c.concurrency > 1000)
            r.fail(root["concurrency"], "concurrency", "must be 1 to 1000");
    }
    if (root["threads"]) {
        c.threads = r.get<int>(root["threads"], "threads", "a whole number");
        if (c.threads < 1 || c.threads > 256)
            r.fail(root["threads"], "threads", "must be 1 to 256");
    }
    if (root["affinity"]) c.affinity = r.get<bool>(root["affinity"], "affinity", "true or false");
    if (auto adj = root["adjudication"]) {
        r.only_keys(adj, "adjudication", {"max_plies", "illegal_moves", "resign", "draw"});
        if (adj["resign"]) c.score_adjudication.resign = read_resign(r, adj["resign"]);
        if (adj["draw"]) c.score_adjudication.draw = read_draw(r, adj["draw"]);
        if (adj["max_plies"]) {
            c.max_plies = r.get<int>(adj["max_plies"], "adjudication.max_plies", "a whole number");
            if (c.max_plies < 0 || c.max_plies > 1'000'000)
                r.fail(adj["max_plies"], "adjudication.max_plies",
                       fmt::format("{}: must be 0 (no cap) to 1000000", c.max_plies));
            c.max_plies_given = true;
        }
        if (adj["illegal_moves"]) {
            auto p = r.get<std::string>(adj["illegal_moves"], "adjudication.illegal_moves",
                                        "loss or ask-again");
            if (auto policy = match::parse_illegal_move_policy(p))
                c.illegal_moves = *policy;
            else
                r.fail(adj["illegal_moves"], "adjudication.illegal_moves",
                       fmt::format("'{}' is neither loss nor ask-again", p));
        }
    }
    if (!c.max_plies_given && !rules->variant().guarantees_an_end()) {
        c.max_plies = kDefaultMaxPlies;
        c.max_plies_default = true;
    }
    if (root["seed"]) c.seed = r.get<std::uint64_t>(root["seed"], "seed", "a whole number");
    c.output_dir = root["output"] ? r.get<std::string>(root["output"], "output", "a folder")
                                  : (fs::path("matches") / c.name).string();

    const auto engines = root["engines"];
    if (!engines.IsSequence() || engines.size() < 2)
        r.fail(engines, "engines", "'engines' must list at least two engines");
    std::set<std::string> names;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = fmt::format("engines[{}]", i);
        c.engines.push_back(read_engine(r, engines[i], where, base, bin_dir));
        c.limits.push_back(read_limits(r, engines[i], where, c.engines.back()));
        if (!names.insert(c.engines.back().name).second)
            r.fail(engines[i], where + ".name",
                   fmt::format("two engines are named '{}'; give each a unique name",
                               c.engines.back().name));
    }
    if (auto s = root["seeds"]) {
        if (!s.IsSequence()) r.fail(s, "seeds", "'seeds' must be a list of engine names");
        for (const auto& x : s) {
            auto n = r.get<std::string>(x, "seeds", "an engine name");
            if (c.engine_index(n) < 0)
                r.fail(x, "seeds", fmt::format("'{}' is not one of the engines", n));
            c.seeds.push_back(n);
        }
    }
    if (c.format == Format::Gauntlet && c.seeds.empty())
        r.fail(root, "seeds", "a gauntlet needs 'seeds': the engines that meet everyone else");
    // The schedule is built whole in memory: bound it before it is.
    const long long pairings =
        c.format == Format::RoundRobin
            ? static_cast<long long>(c.engines.size()) * (c.engines.size() - 1) / 2
            : static_cast<long long>(c.seeds.size()) * (c.engines.size() - c.seeds.size());
    if (pairings * c.games_per_pairing > kMaxScheduledGames)
        r.fail(
            root["games_per_pairing"] ? root["games_per_pairing"] : root, "games_per_pairing",
            fmt::format("{} pairings of {} games make {} games; at most {} are scheduled", pairings,
                        c.games_per_pairing, pairings * c.games_per_pairing, kMaxScheduledGames));
    if (c.format == Format::RoundRobin && !c.seeds.empty())
        r.fail(root["seeds"], "seeds", "'seeds' only makes sense with format: gauntlet");
    if (root["openings"])
        c.openings = read_openings(r, root["openings"], base, *rules, c.seed);
    else if (rules->variant().chess960)
        // Fischer random without a book: a start drawn from the seed for each pair of games.
        c.openings = shuffled_starts(rules::chess960_starts(rules->variant()), c.seed,
                                     rules->name() + " start positions");
    if (root["sprt"]) {
        c.sprt = read_sprt(r, root["sprt"]);
        if (c.engines.size() != 2)
            r.fail(root["sprt"], "sprt", "an SPRT compares two engines; this config has more");
    }
    if (root["log"]) {
        const auto p = r.get<std::string>(root["log"], "log", "a file");
        c.engine_log = fs::path(p).is_relative() ? (base / p).lexically_normal().string() : p;
    }
    // Each engine's own control takes the tournament's margin and IMCS first-move rule.
    for (auto& l : c.limits)
        if (l.time_control) {
            l.time_control->margin_ms = c.time_control.margin_ms;
            l.time_control->imcs_first_move = c.time_control.imcs_first_move;
        }
    if (c.score_adjudication.enabled())
        for (std::size_t i = 0; i < c.engines.size(); ++i)
            if (c.engines[i].protocol != engine::Protocol::Uci &&
                c.engines[i].protocol != engine::Protocol::Usi &&
                c.engines[i].protocol != engine::Protocol::Xboard)
                r.fail(
                    root["adjudication"], "adjudication",
                    fmt::format("resign and draw adjudication read the scores UCI and xboard "
                                "engines report; engine '{}' speaks {}",
                                c.engines[i].name, engine::protocol_name(c.engines[i].protocol)));
    if (root["pgn_out"]) {
        const auto p = r.get<std::string>(root["pgn_out"], "pgn_out", "a file");
        c.pgn_out = fs::path(p).is_relative() ? (base / p).lexically_normal().string() : p;
    }
    return c;
}

}  // namespace referee::tournament
