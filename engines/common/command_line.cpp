#include "engines/common/command_line.hpp"

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
        if (arg.rfind("--", 0) != 0 || arg.size() == 2)
            throw std::invalid_argument(fmt::format(
                "Unexpected argument '{}': every argument is a --flag (see --help).", arg));
        std::string flag = arg.substr(2);
        std::optional<std::string> value;
        if (auto eq = flag.find('='); eq != std::string::npos) {
            value = flag.substr(eq + 1);
            flag.resize(eq);
        }
        const Parameter* param = nullptr;
        for (const auto& p : parameters)
            if (p.flag == flag) param = &p;
        const bool known = flag == "protocol" || flag == "variant" || flag == "seed" || param;
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
            else if (*value == "imcs")
                out.dialect = Dialect::Imcs;
            else
                throw std::invalid_argument(
                    fmt::format("{} '{}' is neither uci nor imcs.", where, *value));
        } else if (flag == "variant") {
            if (value->empty())
                throw std::invalid_argument(
                    "The value of --variant is empty; give a variant name or a .yaml path.");
            out.variant = *value;
        } else if (flag == "seed") {
            out.seed = std::stoull(checked_value(seed_parameter(), *value, where));
        } else {
            out.parameters.emplace_back(flag, checked_value(*param, *value, where));
        }
    }
    return out;
}

std::string usage(const EngineIdentity& id, const std::vector<Parameter>& parameters) {
    std::string out = fmt::format("{}: {}\n\nusage: {} [flags]\n\n", id.name, id.summary, id.name);
    auto row = [&](const std::string& left, const std::string& help) {
        out += fmt::format("  {:<28} {}\n", left, help);
    };
    row("--protocol uci|imcs", "the dialect spoken on stdin/stdout (default uci)");
    row("--variant NAME_OR_PATH", "a shipped variant name or a .yaml file (default minitchess)");
    row("--seed N", seed_parameter().help);
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
