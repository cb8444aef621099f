#include "engines/common/command_line.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "engines/common/text.hpp"

namespace engines {

const Parameter& seed_parameter() {
    static const Parameter seed{"seed",
                                "Seed",
                                Parameter::Kind::Spin,
                                "0",
                                0,
                                2147483647,
                                "seed of the engine's random choices (0 to 2147483647, default 0)"};
    return seed;
}

std::string checked_value(const Parameter& p, std::string_view value, std::string_view where) {
    switch (p.kind) {
        case Parameter::Kind::Spin: {
            auto n = parse_integer(trim(value));
            if (!n || *n < p.min || *n > p.max)
                throw std::invalid_argument(
                    fmt::format("{} '{}' for {} is not a whole number from {} to {}.", where, value,
                                p.option, p.min, p.max));
            return std::to_string(*n);
        }
        case Parameter::Kind::Check:
            if (equals_ignoring_case(trim(value), "true")) return "true";
            if (equals_ignoring_case(trim(value), "false")) return "false";
            throw std::invalid_argument(
                fmt::format("{} '{}' for {} is neither true nor false.", where, value, p.option));
        case Parameter::Kind::String:
            return std::string(trim(value));
    }
    return std::string(value);
}

CommandLine parse_command_line(std::span<const std::string> args,
                               const std::vector<Parameter>& parameters) {
    CommandLine out;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            out.help = true;
            continue;
        }
        if (arg == "--own-board") {
            out.own_board = true;
            continue;
        }
        // The colour as course engines take it: -c W, -c B.
        std::string flag_arg = arg;
        if (arg == "-c") flag_arg = "--color";
        if (flag_arg.rfind("--", 0) != 0 || flag_arg.size() == 2)
            throw std::invalid_argument(fmt::format(
                "Unexpected argument '{}': every argument is a --flag (see --help).", arg));
        std::string flag = flag_arg.substr(2);
        std::optional<std::string> value;
        if (auto eq = flag.find('='); eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag.resize(eq);
        }
        const Parameter* param = nullptr;
        for (const auto& p : parameters)
            if (p.flag == flag) param = &p;
        static const std::vector<std::string> common = {"protocol", "variant", "seed",  "color",
                                                        "clock",    "host",    "port",  "user",
                                                        "password", "offer",   "accept"};
        const bool known = std::find(common.begin(), common.end(), flag) != common.end() || param;
        if (!known)
            throw std::invalid_argument(fmt::format("Unknown flag '--{}' (see --help).", flag));
        if (!value) {
            if (param && param->kind == Parameter::Kind::Check) {
                value = "true";
            } else {
                if (i + 1 >= args.size())
                    throw std::invalid_argument(
                        fmt::format("The flag '--{}' needs a value after it.", flag));
                value = args[++i];
            }
        }
        const std::string where = fmt::format("The value of --{}", flag);
        if (flag == "protocol") {
            if (*value == "uci")
                out.dialect = Dialect::Uci;
            else if (*value == "usi")
                out.dialect = Dialect::Usi;
            else if (*value == "imcs")
                out.dialect = Dialect::Imcs;
            else if (*value == "plain")
                out.dialect = Dialect::Plain;
            else if (*value == "imcs-tcp")
                out.dialect = Dialect::ImcsTcp;
            else if (*value == "xboard")
                out.dialect = Dialect::Xboard;
            else
                throw std::invalid_argument(fmt::format(
                    "{} '{}' is none of uci, usi, xboard, imcs, plain, imcs-tcp.", where, *value));
        } else if (flag == "variant") {
            if (value->empty())
                throw std::invalid_argument(
                    "The value of --variant is empty; give a variant name or a .yaml path.");
            out.variant = *value;
        } else if (flag == "seed") {
            out.seed = std::stoull(checked_value(seed_parameter(), *value, where));
        } else if (flag == "color") {
            if (*value != "W" && *value != "B")
                throw std::invalid_argument(
                    fmt::format("{} '{}' is neither W nor B.", where, *value));
            out.color = (*value)[0];
        } else if (flag == "clock") {
            auto n = parse_integer(*value);
            if (!n || *n < 1)
                throw std::invalid_argument(
                    fmt::format("{} '{}' is not a number of seconds.", where, *value));
            out.clock_seconds = *n;
        } else if (flag == "port") {
            auto n = parse_integer(*value);
            if (!n || *n < 1 || *n > 65535)
                throw std::invalid_argument(
                    fmt::format("{} '{}' is not a port number.", where, *value));
            out.port = static_cast<int>(*n);
        } else if (flag == "host") {
            out.host = *value;
        } else if (flag == "user") {
            out.user = *value;
        } else if (flag == "password") {
            out.password = *value;
        } else if (flag == "offer") {
            if (*value != "W" && *value != "B" && *value != "?")
                throw std::invalid_argument(
                    fmt::format("{} '{}' is none of W, B, ?.", where, *value));
            out.offer = *value;
        } else if (flag == "accept") {
            if (*value != "any" && !parse_integer(*value))
                throw std::invalid_argument(
                    fmt::format("{} '{}' is neither a game id nor any.", where, *value));
            out.accept = *value;
        } else {
            out.parameters.emplace_back(flag, checked_value(*param, *value, where));
        }
    }
    if (out.help) return out;
    if (out.dialect == Dialect::Plain && !out.color)
        throw std::invalid_argument(
            "The plain dialect needs our colour: --color W or --color B (or -c W).");
    if (out.dialect == Dialect::ImcsTcp) {
        if (out.user.empty() || out.password.empty())
            throw std::invalid_argument(
                "imcs-tcp needs --user NAME and --password PASSWORD to log in.");
        if (!out.offer.empty() && !out.accept.empty())
            throw std::invalid_argument("Give --offer or --accept, not both.");
        if (out.offer.empty() && out.accept.empty()) out.offer = "?";
    }
    return out;
}

std::string usage(const EngineIdentity& id, const std::vector<Parameter>& parameters) {
    std::string out = fmt::format("{}: {}\n\nusage: {} [flags]\n\n", id.name, id.summary, id.name);
    auto row = [&](const std::string& left, const std::string& help) {
        out += fmt::format("  {:<28} {}\n", left, help);
    };
    row("--protocol uci|usi|xboard|imcs|plain|imcs-tcp",
        "the dialect: on stdin/stdout, or imcs-tcp as a client of an IMCS server (default uci)");
    row("--variant NAME_OR_PATH", "a shipped variant name or a .yaml file (default minitchess)");
    row("--seed N", seed_parameter().help);
    row("--color W|B, -c W|B", "plain: the side we play (required)");
    row("--clock SECONDS", "plain: our own clock, as nobody sends one (default 300)");
    row("--host H --port N", "imcs-tcp: the server (default 127.0.0.1 3589)");
    row("--user U --password P", "imcs-tcp: our login (registered when the name is new)");
    row("--offer W|B|?", "imcs-tcp: offer a game with this colour (the default, with ?)");
    row("--accept ID|any", "imcs-tcp: accept this game, or the first one `list` shows");
    row("--own-board", "imcs, imcs-tcp: ignore the boards sent and follow the game from the start");
    for (const auto& p : parameters) {
        std::string left = "--" + p.flag;
        if (p.kind == Parameter::Kind::Spin)
            left += " N";
        else if (p.kind == Parameter::Kind::String)
            left += " TEXT";
        row(left, p.help);
    }
    row("--help", "print this and exit");
    out += "\nIn UCI the same settings are options: UCI_Variant, VariantFile, Seed";
    for (const auto& p : parameters) out += ", " + p.option;
    out += ".\n";
    return out;
}

}  // namespace engines
