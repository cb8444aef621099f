#include "referee/engine/launch.hpp"

#include <cctype>
#include <filesystem>

#include <fmt/format.h>

namespace referee::engine {
namespace {

// The values a placeholder may take; `tcp` is null outside imcs-tcp (and when only checking).
struct Values {
    const Seat* seat = nullptr;
    const rules::Variant* variant = nullptr;
    const TcpLogin* tcp = nullptr;
};

bool is_tcp_name(std::string_view name) {
    return name == "host" || name == "port" || name == "user" || name == "password" ||
           name == "game" || name == "opponent";
}

// One placeholder's text: what is inside the braces. Throws a bare sentence; the caller adds
// the engine and the argument.
std::string fill(std::string_view inside, const Values& v, Protocol protocol) {
    const auto colon = inside.find(':');
    const std::string_view name = inside.substr(0, colon);
    if (name == "color") {
        const bool white = !v.seat || v.seat->color != 'B';
        if (colon == std::string_view::npos) return white ? "W" : "B";
        const std::string_view forms = inside.substr(colon + 1);
        const auto bar = forms.find('|');
        if (bar == std::string_view::npos || forms.find('|', bar + 1) != std::string_view::npos)
            throw ConfigError(fmt::format(
                "'{{{}}}' needs two spellings, White's and Black's, as in {{color:white|black}}",
                inside));
        return std::string(white ? forms.substr(0, bar) : forms.substr(bar + 1));
    }
    if (colon != std::string_view::npos)
        throw ConfigError(
            fmt::format("only {{color:...}} takes spellings after a colon, not '{{{}}}'", inside));
    if (name == "variant") return v.variant ? v.variant->name : "";
    if (name == "variant_file")
        return v.variant && !v.variant->source.empty()
                   ? std::filesystem::absolute(v.variant->source).lexically_normal().string()
                   : "";
    if (name == "seed") return v.seat ? std::to_string(v.seat->seed) : "0";
    if (is_tcp_name(name)) {
        if (protocol != Protocol::ImcsTcp)
            throw ConfigError(
                fmt::format("{{{}}} is only filled in for imcs-tcp engines, and this one speaks {}",
                            name, protocol_name(protocol)));
        if (!v.tcp) return "";
        if (name == "host") return v.tcp->host;
        if (name == "port") return std::to_string(v.tcp->port);
        if (name == "user") return v.tcp->user;
        // A client that accepts needs the game's id and the offerer's name, as `list` shows
        // them: the private listener holds one game, number 1.
        if (name == "game") return std::to_string(kImcsTcpGameId);
        if (name == "opponent") return v.seat ? imcs_opponent_name(*v.seat, *v.tcp) : "";
        return v.tcp->password;
    }
    throw ConfigError(fmt::format(
        "'{{{}}}' is not a placeholder (known: {{color}}, {{color:WHITE|BLACK}}, {{variant}}, "
        "{{variant_file}}, {{seed}}, {{host}}, {{port}}, {{user}}, {{password}}, {{game}}, "
        "{{opponent}}; '{{{{' and "
        "'}}}}' are literal braces)",
        inside));
}

std::string expand(const std::string& arg, const Values& v, const EngineConfig& config) {
    std::string out;
    try {
        for (std::size_t i = 0; i < arg.size(); ++i) {
            const char c = arg[i];
            if ((c == '{' || c == '}') && i + 1 < arg.size() && arg[i + 1] == c) {
                out += c;
                ++i;
            } else if (c == '{') {
                const auto close = arg.find('}', i);
                if (close == std::string::npos)
                    throw ConfigError("a '{' without its '}' (write '{{' for a brace)");
                out += fill(std::string_view(arg).substr(i + 1, close - i - 1), v, config.protocol);
                i = close;
            } else if (c == '}') {
                throw ConfigError("a '}' without its '{' (write '}}' for a brace)");
            } else {
                out += c;
            }
        }
    } catch (const ConfigError& e) {
        throw ConfigError(
            fmt::format("engine '{}': argument '{}': {}", config.name, arg, e.what()));
    }
    return out;
}

bool has_flag(const std::vector<std::string>& args, std::string_view flag) {
    for (const auto& a : args)
        if (a == flag || (a.size() > flag.size() && a.rfind(flag, 0) == 0 && a[flag.size()] == '='))
            return true;
    return false;
}

// What an in-tree engine is told when its arguments do not say it already.
void add_in_tree_flags(std::vector<std::string>& args, const EngineConfig& config,
                       const Values& v) {
    auto add = [&](std::string_view flag, std::string value) {
        if (!has_flag(args, flag)) args.insert(args.end(), {std::string(flag), std::move(value)});
    };
    add("--protocol", protocol_name(config.protocol));
    // UCI names the variant in its handshake; the other dialects cannot.
    if (config.protocol != Protocol::Uci && v.variant && !v.variant->source.empty())
        add("--variant", fill("variant_file", v, config.protocol));
    if (config.protocol == Protocol::Plain && !has_flag(args, "-c"))
        add("--color", fill("color", v, config.protocol));
    if (config.protocol == Protocol::ImcsTcp) {
        for (const char* name : {"host", "port", "user", "password"})
            add(std::string("--") + name, fill(name, v, config.protocol));
        if (!has_flag(args, "--accept")) add("--offer", fill("color", v, config.protocol));
    }
}

}  // namespace

std::vector<std::string> launch_args(const EngineConfig& config, const rules::Variant& variant,
                                     const Seat& seat, const TcpLogin* login) {
    const Values v{&seat, &variant, login};
    std::vector<std::string> out;
    out.reserve(config.args.size() + 12);
    for (const auto& a : config.args) out.push_back(expand(a, v, config));
    if (config.in_tree) add_in_tree_flags(out, config, v);
    return out;
}

void check_placeholders(const EngineConfig& config) {
    for (const auto& a : config.args) expand(a, Values{}, config);
}

bool launch_args_match(const EngineConfig& config, const rules::Variant& variant, const Seat& a,
                       const Seat& b) {
    if (config.keep_stderr || config.keep_files) return false;
    const TcpLogin none;
    return launch_args(config, variant, a, &none) == launch_args(config, variant, b, &none);
}

std::string imcs_opponent_name(const Seat& seat, const TcpLogin& login) {
    std::string name = imcs_user_name(seat.opponent);
    if (name == login.user) name += "_2";  // two engines of one name: the lobby tells them apart
    return name;
}

std::string imcs_user_name(std::string_view engine_name) {
    std::string out;
    for (char c : engine_name)
        out += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? c : '_';
    return out.empty() ? std::string("engine") : out;
}

}  // namespace referee::engine
