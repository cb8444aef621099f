#include "referee/tournament/config.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "referee/engine/launch.hpp"
#include "referee/rules/position.hpp"
#include "referee/rules/yaml_reader.hpp"

namespace referee::tournament {

const char* format_name(Format f) { return f == Format::RoundRobin ? "round-robin" : "gauntlet"; }

TournamentConfigError::TournamentConfigError(const std::string& file, int line, int column, const std::string& key,
                                             const std::string& what)
    : std::runtime_error(line > 0 ? fmt::format("{}:{}:{}: {}{}", file, line, column, key.empty() ? "" : key + ": ", what)
                                  : fmt::format("{}: {}", file, what)) {}

int TournamentConfig::engine_index(const std::string& n) const {
    for (std::size_t i = 0; i < engines.size(); ++i)
        if (engines[i].name == n) return static_cast<int>(i);
    return -1;
}

std::string TournamentConfig::fingerprint() const {
    std::string text = fmt::format("{}|{}|{}|{}|{}|{}|{}|{}|{}|", name, variant, format_name(format), games_per_pairing,
                                   time_control.describe(), time_control.margin_ms, time_control.imcs_first_move,
                                   static_cast<int>(illegal_moves), max_plies);
    text += fmt::format("{}|", seed);
    for (const auto& s : seeds) text += s + ",";
    for (const auto& e : engines) {
        text += "|" + e.name + "," + protocol_name(e.protocol) + "," + e.command;
        for (const auto& a : e.args) text += "," + a;
        for (const auto& [k, v] : e.options) text += "," + k + "=" + v;
    }
    for (const auto& o : openings.lines) text += "|" + o;
    // FNV-1a, 64 bits: a fingerprint, not a defence against forgery.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return fmt::format("{:016x}", h);
}

namespace {

using Reader = rules::YamlReader<TournamentConfigError>;
namespace fs = std::filesystem;

engine::EngineConfig read_engine(const Reader& r, const YAML::Node& n, const std::string& where, const fs::path& base,
                                 const std::string& bin_dir) {
    r.only_keys(n, where, {"name", "cmd", "args", "protocol", "options", "dir", "startup", "memory", "user", "password"});
    if (!n["cmd"]) r.fail(n, where + ".cmd", "an engine needs 'cmd' (an in-tree engine name, a path or a program on PATH)");
    auto cmd = r.get<std::string>(n["cmd"], where + ".cmd", "a string");
    // Relative paths are read from the config file's folder, so a config travels with its engines.
    if (cmd.find('/') != std::string::npos && fs::path(cmd).is_relative()) cmd = (base / cmd).lexically_normal().string();
    engine::EngineConfig e = engine::engine_from_text(cmd, bin_dir);
    if (n["name"]) e.name = r.get<std::string>(n["name"], where + ".name", "a string");
    if (auto a = n["args"]) {
        if (!a.IsSequence()) r.fail(a, where + ".args", "'args' must be a list of strings");
        for (const auto& x : a) e.args.push_back(r.get<std::string>(x, where + ".args", "a string"));
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
        if (!o.IsMap()) r.fail(o, where + ".options", "'options' must be a mapping of UCI option names to values");
        for (auto it = o.begin(); it != o.end(); ++it)
            e.options.emplace_back(it->first.as<std::string>(), r.get<std::string>(it->second, where + ".options", "a value"));
    }
    if (n["dir"]) {
        auto d = r.get<std::string>(n["dir"], where + ".dir", "a folder");
        e.working_dir = fs::path(d).is_relative() ? (base / d).lexically_normal().string() : d;
    }
    if (n["startup"]) {
        double s = r.get<double>(n["startup"], where + ".startup", "seconds");
        if (s <= 0) r.fail(n["startup"], where + ".startup", "must be positive");
        e.startup_timeout = std::chrono::milliseconds(static_cast<long>(s * 1000));
    }
    if (n["memory"]) e.memory_limit_mb = r.get<std::size_t>(n["memory"], where + ".memory", "MiB");
    // imcs-tcp: a client whose name and password are fixed (otherwise {user} and {password}).
    if (n["user"]) e.tcp_user = r.get<std::string>(n["user"], where + ".user", "a user name");
    if (n["password"]) e.tcp_password = r.get<std::string>(n["password"], where + ".password", "a password");
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

Openings read_openings(const Reader& r, const YAML::Node& n, const fs::path& base, const rules::Rules& rules) {
    r.only_keys(n, "openings", {"file", "kind"});
    if (!n["file"]) r.fail(n, "openings.file", "openings need a 'file'");
    Openings o;
    auto file = r.get<std::string>(n["file"], "openings.file", "a path");
    o.source = fs::path(file).is_relative() ? (base / file).lexically_normal().string() : file;
    auto kind = n["kind"] ? r.get<std::string>(n["kind"], "openings.kind", "fen or moves") : std::string("fen");
    if (kind == "fen") o.kind = Openings::Kind::Fen;
    else if (kind == "moves") o.kind = Openings::Kind::Moves;
    else r.fail(n["kind"], "openings.kind", fmt::format("'{}' is neither fen nor moves", kind));
    std::ifstream in(o.source);
    if (!in) r.fail(n["file"], "openings.file", fmt::format("cannot read '{}'", o.source));
    int number = 0;
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        // Each opening is played through the rules now, so a bad one fails before any game.
        try {
            if (o.kind == Openings::Kind::Fen) {
                auto pos = rules.from_fen(line);
                if (pos.outcome()) throw rules::PositionError("the game is already over in this position");
            } else {
                auto pos = rules.start();
                std::istringstream words(line);
                for (std::string w; words >> w;)
                    if (w.find('.') == std::string::npos) pos.play(pos.parse_move(w));
            }
        } catch (const std::exception& e) {
            throw TournamentConfigError(fmt::format("{}:{}: opening '{}': {}", o.source, number, line, e.what()));
        }
        o.lines.push_back(line);
    }
    if (o.lines.empty()) r.fail(n["file"], "openings.file", fmt::format("'{}' holds no opening", o.source));
    return o;
}

}  // namespace

TournamentConfig load_tournament_config(const std::string& path, const std::string& bin_dir) {
    std::ifstream in(path);
    if (!in) throw TournamentConfigError(fmt::format("{}: cannot read the tournament config", path));
    std::stringstream ss;
    ss << in.rdbuf();
    Reader r(path);
    const YAML::Node root = r.load(ss.str());
    r.only_keys(root, "", {"name", "variant", "format", "seeds", "games_per_pairing", "time_control", "margin", "imcs_clock",
                           "openings", "concurrency", "adjudication", "seed", "output", "engines"});
    for (const char* k : {"name", "variant", "engines"})
        if (!root[k]) r.fail(root, k, fmt::format("the config has no '{}'", k));
    const fs::path base = fs::absolute(path).parent_path();

    TournamentConfig c;
    c.source = path;
    c.name = r.get<std::string>(root["name"], "name", "a string");
    if (c.name.empty() || c.name.find('/') != std::string::npos)
        r.fail(root["name"], "name", "the name must be non-empty and hold no '/' (it names the output folder)");
    c.variant = r.get<std::string>(root["variant"], "variant", "a variant name or .yaml path");
    std::optional<rules::Rules> rules;
    try {
        auto v = c.variant;
        if (v.find('/') != std::string::npos && fs::path(v).is_relative()) v = (base / v).lexically_normal().string();
        rules.emplace(rules::Rules::load(v));
        c.variant = v;
    } catch (const std::exception& e) {
        r.fail(root["variant"], "variant", e.what());
    }
    if (root["format"]) {
        auto f = r.get<std::string>(root["format"], "format", "round-robin or gauntlet");
        if (f == "round-robin") c.format = Format::RoundRobin;
        else if (f == "gauntlet") c.format = Format::Gauntlet;
        else r.fail(root["format"], "format", fmt::format("'{}' is neither round-robin nor gauntlet", f));
    }
    if (root["games_per_pairing"]) {
        c.games_per_pairing = r.get<int>(root["games_per_pairing"], "games_per_pairing", "a whole number");
        if (c.games_per_pairing < 1) r.fail(root["games_per_pairing"], "games_per_pairing", "must be at least 1");
    }
    if (root["time_control"]) c.time_control_text = r.get<std::string>(root["time_control"], "time_control", "a time control such as 10+0.1");
    try {
        c.time_control = match::parse_time_control(c.time_control_text);
    } catch (const std::exception& e) {
        r.fail(root["time_control"] ? root["time_control"] : root, "time_control", e.what());
    }
    if (root["margin"]) c.time_control.margin_ms = static_cast<std::int64_t>(r.get<double>(root["margin"], "margin", "seconds") * 1000);
    if (root["imcs_clock"]) c.time_control.imcs_first_move = r.get<bool>(root["imcs_clock"], "imcs_clock", "true or false");
    if (root["concurrency"]) {
        c.concurrency = r.get<int>(root["concurrency"], "concurrency", "a whole number");
        if (c.concurrency < 1 || c.concurrency > 1000) r.fail(root["concurrency"], "concurrency", "must be 1 to 1000");
    }
    if (auto adj = root["adjudication"]) {
        r.only_keys(adj, "adjudication", {"max_plies", "illegal_moves"});
        if (adj["max_plies"]) c.max_plies = r.get<int>(adj["max_plies"], "adjudication.max_plies", "a whole number");
        if (adj["illegal_moves"]) {
            auto p = r.get<std::string>(adj["illegal_moves"], "adjudication.illegal_moves", "loss or ask-again");
            if (p == "loss") c.illegal_moves = match::IllegalMovePolicy::Loss;
            else if (p == "ask-again") c.illegal_moves = match::IllegalMovePolicy::AskAgain;
            else r.fail(adj["illegal_moves"], "adjudication.illegal_moves", fmt::format("'{}' is neither loss nor ask-again", p));
        }
    }
    if (root["seed"]) c.seed = r.get<std::uint64_t>(root["seed"], "seed", "a whole number");
    c.output_dir = root["output"] ? r.get<std::string>(root["output"], "output", "a folder") : (fs::path("matches") / c.name).string();

    const auto engines = root["engines"];
    if (!engines.IsSequence() || engines.size() < 2) r.fail(engines, "engines", "'engines' must list at least two engines");
    std::set<std::string> names;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const std::string where = fmt::format("engines[{}]", i);
        c.engines.push_back(read_engine(r, engines[i], where, base, bin_dir));
        if (!names.insert(c.engines.back().name).second)
            r.fail(engines[i], where + ".name", fmt::format("two engines are named '{}'; give each a unique name", c.engines.back().name));
    }
    if (auto s = root["seeds"]) {
        if (!s.IsSequence()) r.fail(s, "seeds", "'seeds' must be a list of engine names");
        for (const auto& x : s) {
            auto n = r.get<std::string>(x, "seeds", "an engine name");
            if (c.engine_index(n) < 0) r.fail(x, "seeds", fmt::format("'{}' is not one of the engines", n));
            c.seeds.push_back(n);
        }
    }
    if (c.format == Format::Gauntlet && c.seeds.empty()) r.fail(root, "seeds", "a gauntlet needs 'seeds': the engines that meet everyone else");
    if (c.format == Format::RoundRobin && !c.seeds.empty()) r.fail(root["seeds"], "seeds", "'seeds' only makes sense with format: gauntlet");
    if (root["openings"]) c.openings = read_openings(r, root["openings"], base, *rules);
    return c;
}

}  // namespace referee::tournament
