#include "referee/engine/engine_config.hpp"

#include <arpa/inet.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "referee/engine/launch.hpp"

#include <fmt/format.h>

namespace referee::engine {

const char* protocol_name(Protocol p) {
    switch (p) {
        case Protocol::Uci:
            return "uci";
        case Protocol::Imcs:
            return "imcs";
        case Protocol::Plain:
            return "plain";
        case Protocol::ImcsTcp:
            return "imcs-tcp";
        case Protocol::Xboard:
            return "xboard";
        case Protocol::Usi:
            return "usi";
    }
    return "?";
}

const char* protocol_names() {
    return "uci, usi, xboard, imcs, plain or imcs-tcp";
}

namespace {
const char* speaker(Protocol p) {
    switch (p) {
        case Protocol::Xboard:
            return "xboard";
        case Protocol::Plain:
            return "the plain dialect";
        case Protocol::Imcs:
        case Protocol::ImcsTcp:
            return "IMCS";
        default:
            return protocol_name(p);
    }
}
bool says_go(Protocol p) {
    return p == Protocol::Uci || p == Protocol::Usi;
}
}  // namespace

std::string depth_limit_refusal(Protocol p) {
    if (says_go(p) || p == Protocol::Xboard) return {};
    return fmt::format(
        "a depth limit is sent with UCI's 'go' or xboard's 'sd'; this engine "
        "speaks {}",
        speaker(p));
}

std::string nodes_limit_refusal(Protocol p) {
    if (says_go(p)) return {};
    return fmt::format("a nodes limit is sent with UCI's 'go'; this engine speaks {}", speaker(p));
}

Protocol parse_protocol(std::string_view text) {
    for (auto p : {Protocol::Uci, Protocol::Usi, Protocol::Xboard, Protocol::Imcs, Protocol::Plain,
                   Protocol::ImcsTcp})
        if (text == protocol_name(p)) return p;
    throw ConfigError(fmt::format("unknown protocol '{}' (expected {})", text, protocol_names()));
}

const std::vector<EngineKey>& engine_keys() {
    static const std::vector<EngineKey> keys = {
        {"cmd", "PATH", "cmd",
         "the program (required): an in-tree engine (random, alphabeta, lousy, broken-hang...), "
         "fairy-stockfish, a path or a program on PATH"},
        {"name", "NAME", "name", "its name in records and tables (default: the program's name)"},
        {"arg", "ARG", "args",
         "one argument (repeatable); may hold placeholders such as {color}, {seed}, {variant}, "
         "{host}, {port}, {user}, {password} (see configs/README.md)"},
        {"args", "'A B ..'", "args", "arguments, split on spaces"},
        {"proto", "uci|usi|xboard|imcs|plain|imcs-tcp", "protocol", "its protocol (default uci)"},
        {"option.NAME", "VALUE", "options",
         "an engine option (UCI/USI setoption, xboard option); NAME may hold spaces: "
         "'option.Skill Level=5'"},
        {"dir", "PATH", "dir", "its working folder (default: a scratch folder of its own)"},
        {"startup", "SECONDS", "startup", "time to start and answer the handshake (default 10)"},
        {"memory", "MiB", "memory", "the memory it may fill (default 4096)"},
        {"variant", "NAME", "variant",
         "the one variant it plays without being told (games of others are refused for it)"},
        {"writable", "PATH", "writable",
         "a path outside its folder it may write (repeatable; must exist)"},
        {"keep", "stderr,files", "keep", "keep its stderr and its files beside each game's record"},
        {"user", "NAME", "user", "imcs-tcp: the login it must use (default: made up per game)"},
        {"password", "TEXT", "password",
         "imcs-tcp: the password it must use (default: made up per game)"},
        {"server", "NAME:PORT", "server",
         "imcs-tcp: the server built into the client (imcs.svcs.cs.pdx.edu:3589); the referee "
         "answers as that server in the client's sandbox"},
        {"sandbox", "auto|bwrap|none", "sandbox", "how it is confined (default auto)"},
        {"usi_sente_clock", "auto|btime|wtime", "usi_sente_clock",
         "USI: where the first player's clock goes; btime is the standard, wtime what "
         "Fairy-Stockfish before 13 reads (default auto: by its id name)"},
        {"limit.NAME", "N", "limits",
         "a resource limit: data, as (MiB), cpu (s), files, procs, core (0/1), stdout, stderr "
         "(MiB)"},
    };
    return keys;
}

const EngineKey* find_engine_key(std::string_view key) {
    for (const auto& k : engine_keys()) {
        const std::string_view name = k.key;
        if (name.ends_with(".NAME")
                ? key.size() > name.size() - 4 && key.starts_with(name.substr(0, name.size() - 4))
                : key == name)
            return &k;
    }
    return nullptr;
}

std::string engine_key_names() {
    std::string out;
    for (const auto& k : engine_keys()) out += (out.empty() ? "" : ", ") + std::string(k.key);
    return out;
}

std::string engine_keys_help() {
    std::string out =
        "An engine description: 'cmd=PATH [KEY=VALUE ...]' as one argument (quote a value with "
        "spaces), with these keys:\n";
    for (const auto& k : engine_keys()) {
        const std::string key = fmt::format("{}={}", k.key, k.value);
        // A key too long for its column gets its words on the next line.
        out += key.size() < 28 ? fmt::format("  {:<28} {}\n", key, k.meaning)
                               : fmt::format("  {}\n  {:<28} {}\n", key, "", k.meaning);
    }
    return out;
}

namespace {

// Splits on spaces outside quotes; quotes are removed.
std::vector<std::string> tokens(std::string_view spec) {
    std::vector<std::string> out;
    std::string cur;
    char quote = 0;
    bool have = false;
    for (char c : spec) {
        if (quote) {
            if (c == quote)
                quote = 0;
            else
                cur += c;
        } else if (c == '"' || c == '\'') {
            quote = c;
            have = true;
        } else if (std::isspace(static_cast<unsigned char>(c))) {
            if (have || !cur.empty()) out.push_back(cur);
            cur.clear();
            have = false;
        } else {
            cur += c;
        }
    }
    if (quote) throw ConfigError(fmt::format("unclosed quote in engine description '{}'", spec));
    if (have || !cur.empty()) out.push_back(cur);
    return out;
}

// A number in [low, high]: NaN, infinity and values that would wrap are refused here.
double parse_number(const std::string& key, const std::string& value, double low, double high) {
    char* end = nullptr;
    double v = std::strtod(value.c_str(), &end);
    if (value.empty() || *end || !std::isfinite(v) || v < low || v > high)
        throw ConfigError(
            fmt::format("{}='{}' is not a number from {:g} to {:g}", key, value, low, high));
    return v;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> engine_spec_pairs(std::string_view spec) {
    // "option.Skill Level=0" has a space in the key: glue tokens until one holds '='.
    std::vector<std::string> parts;
    for (auto& t : tokens(spec)) {
        const bool open_option = !parts.empty() && parts.back().rfind("option.", 0) == 0 &&
                                 parts.back().find('=') == std::string::npos;
        if (open_option)
            parts.back() += " " + t;
        else
            parts.push_back(t);
    }
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& p : parts) {
        auto eq = p.find('=');
        if (eq == std::string::npos || eq == 0)
            throw ConfigError(
                fmt::format("'{}' in engine description '{}' is not key=value", p, spec));
        out.emplace_back(p.substr(0, eq), p.substr(eq + 1));
    }
    return out;
}

EngineConfig parse_engine_spec(std::string_view spec, const std::string& bin_dir) {
    EngineConfig c;
    for (const auto& [key, value] : engine_spec_pairs(spec)) {
        if (key == "cmd")
            c.command = value;
        else if (key == "name")
            c.name = value;
        else if (key == "arg")
            c.args.push_back(value);
        else if (key == "args") {
            for (auto& a : tokens(value)) c.args.push_back(a);
        } else if (key == "dir")
            c.working_dir = value;
        else if (key == "proto")
            c.protocol = parse_protocol(value);
        else if (key.rfind("option.", 0) == 0)
            c.options.emplace_back(key.substr(7), value);
        else if (key == "startup")
            c.startup_timeout = std::chrono::milliseconds(
                static_cast<long>(parse_number(key, value, 0.001, 3600) * 1000));
        else if (key == "memory")
            c.memory_limit_mb = static_cast<std::size_t>(
                parse_number(key, value, 1, static_cast<double>(kMaxMemoryMb)));
        else if (key == "user")
            c.tcp_user = value;
        else if (key == "password")
            c.tcp_password = value;
        else if (key == "server")
            parse_tcp_server(value, c);
        else if (key == "variant")
            c.variant = value;
        else if (key == "writable")
            c.writable.push_back(writable_path(value));
        else if (key == "keep")
            parse_keep(value, c);
        else if (key == "usi_sente_clock")
            c.usi_sente_clock = parse_usi_sente_clock(value);
        else if (key == "sandbox" || key.rfind("limit.", 0) == 0) {
            try {
                if (key == "sandbox")
                    c.sandbox = parse_sandbox(value);
                else
                    set_limit(c.limits, key.substr(6), value);
            } catch (const std::invalid_argument& e) {
                throw ConfigError(fmt::format("engine description '{}': {}", spec, e.what()));
            }
        } else
            throw ConfigError(fmt::format("unknown key '{}' in engine description '{}' (known: {})",
                                          key, spec, engine_key_names()));
    }
    if (c.command.empty())
        throw ConfigError(fmt::format("engine description '{}' has no cmd=", spec));
    const std::string written = c.command;
    const auto resolved = resolve_engine_command(written, bin_dir);
    c.command = resolved.command;
    c.in_tree = resolved.in_tree;
    if (c.name.empty()) c.name = std::filesystem::path(written).filename().string();
    return c;
}

ResolvedCommand resolve_engine_command(std::string_view text, const std::string& bin_dir) {
    namespace fs = std::filesystem;
    const std::string name(text);
    if (name.find('/') == std::string::npos && !name.empty() && !bin_dir.empty()) {
        // Built on engines/common (so it takes --protocol, --variant, ...): <name>-engine and
        // the broken-<fault> engines. Anything else in bin_dir is run as it is.
        const fs::path engine = fs::path(bin_dir) / (name + "-engine"),
                       plain = fs::path(bin_dir) / name;
        std::error_code ec;
        if (fs::is_regular_file(engine, ec)) return {engine.string(), true};
        if (fs::is_regular_file(plain, ec)) return {plain.string(), name.rfind("broken-", 0) == 0};
    }
    // Debian installs stockfish, fairy-stockfish and other game programs in /usr/games, which
    // is on a user's default PATH but not on root's or a service's: look there too, so the same
    // command works for everyone.
    if (!name.empty() && name.find('/') == std::string::npos && !find_in_path(name)) {
        for (const char* dir : {"/usr/local/games", "/usr/games"}) {
            const fs::path candidate = fs::path(dir) / name;
            std::error_code ec;
            if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate, ec))
                return {candidate.string(), false};
        }
    }
    return {name, false};
}

std::optional<std::string> find_in_path(std::string_view program) {
    namespace fs = std::filesystem;
    if (program.empty() || program.find('/') != std::string_view::npos) return std::nullopt;
    const char* env = std::getenv("PATH");
    for (const std::string& entry : path_entries(env ? env : "/usr/bin:/bin")) {
        // An empty entry means the current directory, as for execvp.
        const fs::path candidate = fs::path(entry.empty() ? "." : entry) / program;
        std::error_code ec;
        if (::access(candidate.c_str(), X_OK) == 0 && !fs::is_directory(candidate, ec))
            return candidate.string();
    }
    return std::nullopt;
}

std::vector<std::string> path_entries(std::string_view path) {
    std::vector<std::string> out;
    for (std::size_t start = 0; start <= path.size();) {
        const auto end = std::min(path.find(':', start), path.size());
        out.emplace_back(path.substr(start, end - start));
        start = end + 1;
    }
    return out;
}

EngineConfig engine_from_text(std::string_view text, const std::string& bin_dir) {
    if (text.find('=') != std::string_view::npos) return parse_engine_spec(text, bin_dir);
    EngineConfig c;
    const auto resolved = resolve_engine_command(text, bin_dir);
    c.command = resolved.command;
    c.in_tree = resolved.in_tree;
    c.name = std::filesystem::path(std::string(text)).filename().string();
    return c;
}

std::string executable_dir() {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) return ".";
    // A build tree keeps the in-tree engines beside the referee; an installed referee keeps
    // them out of PATH, in <prefix>/lib/minichess-referee.
    const fs::path installed = exe.parent_path().parent_path() / "lib" / "minichess-referee";
    if (!fs::exists(exe.parent_path() / "random-engine", ec) && fs::is_directory(installed, ec))
        return installed.string();
    return exe.parent_path().string();
}

const char* usi_sente_clock_name(UsiSenteClock c) {
    return c == UsiSenteClock::Btime ? "btime" : c == UsiSenteClock::Wtime ? "wtime" : "auto";
}

UsiSenteClock parse_usi_sente_clock(std::string_view text) {
    for (auto c : {UsiSenteClock::Auto, UsiSenteClock::Btime, UsiSenteClock::Wtime})
        if (text == usi_sente_clock_name(c)) return c;
    throw ConfigError(fmt::format(
        "usi_sente_clock '{}': say btime (the USI standard: the first player's clock in btime), "
        "wtime (as Fairy-Stockfish before 13 reads it) or auto",
        text));
}

void parse_keep(std::string_view text, EngineConfig& config) {
    bool any = false;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find(',', start);
        if (end == std::string_view::npos) end = text.size();
        const auto word = text.substr(start, end - start);
        if (word == "stderr")
            config.keep_stderr = any = true;
        else if (word == "files")
            config.keep_files = any = true;
        else if (!word.empty())
            throw ConfigError(fmt::format(
                "keep '{}': '{}' is not something the referee keeps (stderr, files)", text, word));
        start = end + 1;
    }
    if (!any) throw ConfigError(fmt::format("keep '{}': say stderr, files or both", text));
}

std::string writable_path(std::string_view path, const std::string& base) {
    namespace fs = std::filesystem;
    if (path.empty()) throw ConfigError("writable: an empty path");
    fs::path p(path);
    if (p.is_relative()) p = base.empty() ? fs::absolute(p) : fs::path(base) / p;
    return p.lexically_normal().string();
}

namespace {

// A value inside an engine description: quoted when it holds a space or a quote.
std::string description_value(const std::string& v) {
    if (!v.empty() && v.find_first_of(" \t\"'") == std::string::npos) return v;
    return v.find('"') == std::string::npos ? "\"" + v + "\"" : "'" + v + "'";
}

}  // namespace

std::string describe_engine(const EngineConfig& c) {
    std::string out = "cmd=" + description_value(c.command);
    auto add = [&out](const std::string& key, const std::string& value) {
        out += " " + description_value(key + "=" + value);
    };
    for (const auto& a : c.args) add("arg", a);
    add("proto", protocol_name(c.protocol));
    if (!c.working_dir.empty()) add("dir", c.working_dir);
    for (const auto& [name, value] : c.options) add("option." + name, value);
    const EngineConfig defaults;
    if (c.startup_timeout != defaults.startup_timeout)
        add("startup", fmt::format("{:g}", c.startup_timeout.count() / 1000.0));
    if (c.memory_limit_mb != 0) add("memory", std::to_string(c.memory_limit_mb));
    if (!c.tcp_user.empty()) add("user", c.tcp_user);
    if (!c.tcp_password.empty()) add("password", c.tcp_password);
    if (c.tcp_server_port != 0)
        add("server", c.tcp_server_name + ":" + std::to_string(c.tcp_server_port));
    if (c.sandbox != defaults.sandbox) add("sandbox", sandbox_name(c.sandbox));
    if (!c.variant.empty()) add("variant", c.variant);
    for (const auto& w : c.writable) add("writable", w);
    if (c.keep_stderr || c.keep_files)
        add("keep", c.keep_stderr && c.keep_files ? "stderr,files"
                    : c.keep_stderr               ? "stderr"
                                                  : "files");
    if (c.usi_sente_clock != defaults.usi_sente_clock)
        add("usi_sente_clock", usi_sente_clock_name(c.usi_sente_clock));
    const ResourceLimits& l = c.limits;
    const ResourceLimits& d = defaults.limits;
    const std::pair<const char*, std::pair<std::size_t, std::size_t>> figures[] = {
        {"data", {l.data_mb, d.data_mb}},
        {"as", {l.address_space_mb, d.address_space_mb}},
        {"cpu", {l.cpu_seconds, d.cpu_seconds}},
        {"files", {l.open_files, d.open_files}},
        {"procs", {l.processes, d.processes}},
        {"core", {l.core_files ? 1u : 0u, d.core_files ? 1u : 0u}},
        {"stdout", {l.stdout_mb, d.stdout_mb}},
        {"stderr", {l.stderr_mb, d.stderr_mb}}};
    for (const auto& [key, values] : figures)
        if (values.first != values.second)
            add(std::string("limit.") + key, std::to_string(values.first));
    add("name", c.name);
    return out;
}

void parse_tcp_server(std::string_view text, EngineConfig& config) {
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos)
        throw ConfigError(
            fmt::format("server '{}': expected NAME:PORT, e.g. "
                        "imcs.svcs.cs.pdx.edu:3589",
                        text));
    const auto name = text.substr(0, colon), port_text = text.substr(colon + 1);
    // Only what a host name may hold: the name goes into a hosts file, one line per name.
    const bool name_ok =
        !name.empty() && name.size() <= 253 && name.front() != '-' &&
        std::all_of(name.begin(), name.end(), [](char ch) {
            return std::isalnum(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-';
        });
    if (!name_ok)
        throw ConfigError(fmt::format(
            "server '{}': '{}' is not a host name (letters, digits, '.' and '-')", text, name));
    // The referee reaches a client with the server built in through the name: its /etc/hosts
    // maps the name to the referee. An address is connected to as it is, whatever the hosts
    // file says, and would only reach a machine the referee is not.
    in_addr address{};
    if (::inet_aton(std::string(name).c_str(), &address) != 0)
        throw ConfigError(fmt::format(
            "server '{}': '{}' is an IP address, not a host name. The referee reaches a client "
            "with its server built in by mapping the server's name to itself in the client's "
            "/etc/hosts; a client built to connect to an address goes there directly, which "
            "no hosts file changes. Give the client the address and port as arguments "
            "({{host}} {{port}}), or rebuild it with a host name",
            text, name));
    int port = 0;
    const auto [end, ec] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), port);
    if (ec != std::errc{} || end != port_text.data() + port_text.size() || port < 1 || port > 65535)
        throw ConfigError(
            fmt::format("server '{}': the port must be a number from 1 to 65535", text));
    config.tcp_server_name = std::string(name);
    config.tcp_server_port = port;
}

void check_engine_command(const EngineConfig& config) {
    namespace fs = std::filesystem;
    const std::string& path = config.command;
    std::error_code ec;
    if (path.find('/') == std::string::npos) {
        if (!find_in_path(path))
            throw ConfigError(
                fmt::format("engine '{}': '{}' is not an in-tree engine and is not found in PATH "
                            "(nor in /usr/local/games or /usr/games)",
                            config.name, config.command));
    } else {
        if (!fs::exists(path, ec))
            throw ConfigError(fmt::format("engine '{}': '{}' does not exist", config.name, path));
        if (fs::is_directory(path, ec))
            throw ConfigError(fmt::format("engine '{}': '{}' is a directory", config.name, path));
        if (::access(path.c_str(), X_OK) != 0)
            throw ConfigError(
                fmt::format("engine '{}': '{}' is not executable", config.name, path));
    }
    if (!config.working_dir.empty() && !fs::is_directory(config.working_dir, ec))
        throw ConfigError(fmt::format("engine '{}': working directory '{}' does not exist",
                                      config.name, config.working_dir));
    if (config.tcp_server_port != 0 && config.protocol != Protocol::ImcsTcp)
        throw ConfigError(
            fmt::format("engine '{}': 'server' is for imcs-tcp clients; this one "
                        "speaks {}",
                        config.name, protocol_name(config.protocol)));
    if (config.tcp_server_port != 0 && config.sandbox == Sandbox::None)
        throw ConfigError(fmt::format(
            "engine '{}': 'server' needs the bwrap sandbox (it maps {} to the referee in the "
            "client's own /etc/hosts), and this engine is set to run without it (sandbox: none "
            "in its config, sandbox=none in its description or --sandbox none)",
            config.name, config.tcp_server_name));
    for (const auto& w : config.writable)
        if (!fs::exists(w, ec))
            throw ConfigError(fmt::format(
                "engine '{}': writable '{}' does not exist (create the folder, or name the "
                "folder the engine writes its file in)",
                config.name, w));
    check_placeholders(config);
}

}  // namespace referee::engine
