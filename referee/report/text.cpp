#include "referee/report/text.hpp"

#include <cctype>
#include <cmath>

#include <fmt/format.h>

namespace referee::report {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// Length of the valid UTF-8 sequence at s[i] and its code point; 0 when invalid.
std::size_t decode(std::string_view s, std::size_t i, char32_t& cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char b0 = byte(i);
    std::size_t len;
    char32_t min;
    if (b0 < 0x80) return cp = b0, 1;
    if ((b0 & 0xE0) == 0xC0)
        len = 2, cp = b0 & 0x1F, min = 0x80;
    else if ((b0 & 0xF0) == 0xE0)
        len = 3, cp = b0 & 0x0F, min = 0x800;
    else if ((b0 & 0xF8) == 0xF0)
        len = 4, cp = b0 & 0x07, min = 0x10000;
    else
        return 0;
    if (i + len > s.size()) return 0;
    for (std::size_t k = 1; k < len; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    // Overlong forms, UTF-16 surrogates and values past Unicode are not text.
    if (cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return 0;
    return len;
}

// Control characters, and the bidirectional overrides that can make text display in an
// order other than the one it is stored in.
bool unprintable(char32_t cp) {
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) ||
           (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string clean_text(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size();) {
        char32_t cp = 0;
        const std::size_t len = decode(s, i, cp);
        if (len == 0) {
            out += kReplacement;
            ++i;
        } else {
            if (unprintable(cp))
                out += ' ';
            else
                out.append(s.substr(i, len));
            i += len;
        }
    }
    return out;
}

std::size_t display_width(std::string_view utf8) {
    std::size_t n = 0;
    for (char c : utf8)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++n;
    return n;
}

std::string html_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char c : clean_text(s)) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string markdown_escape(std::string_view s) {
    const std::string text = clean_text(s);
    const auto alnum = [&](std::size_t k) {
        return k < text.size() && (std::isalnum(static_cast<unsigned char>(text[k])) != 0);
    };
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // An underscore inside a word (snake_case) is never emphasis; elsewhere it may be.
        if (c == '_' && i > 0 && alnum(i - 1) && alnum(i + 1)) {
            out += c;
            continue;
        }
        if (std::string_view("\\`*_[]<>|#!~&").find(c) != std::string_view::npos) out += '\\';
        out += c;
    }
    return out;
}

std::string json_for_script(std::string_view json) {
    std::string out;
    out.reserve(json.size());
    for (char c : json) {
        switch (c) {
            case '<':
                out += "\\u003c";
                break;
            case '>':
                out += "\\u003e";
                break;
            case '&':
                out += "\\u0026";
                break;
            default:
                out += c;
        }
    }
    return out;
}

std::string points_text(double points) {
    // Points are whole or half: 3 or 3.5, never 3.50.
    const double twice = std::round(points * 2);
    if (std::fmod(twice, 2.0) == 0) return fmt::format("{}", static_cast<long long>(twice / 2));
    return fmt::format("{:.1f}", twice / 2);
}

std::string percent_text(double fraction) {
    return fmt::format("{:.1f}%", fraction * 100);
}

std::string elo_text(double elo) {
    const long long rounded = std::llround(elo);
    return rounded > 0 ? fmt::format("+{}", rounded) : fmt::format("{}", rounded);
}

std::string elo_with_interval(double elo, double minus, double plus) {
    const long long down = std::llround(minus), up = std::llround(plus);
    if (down == up) return fmt::format("{} ± {}", elo_text(elo), up);
    return fmt::format("{} +{}/-{}", elo_text(elo), up, down);
}

}  // namespace referee::report
