#include "referee/rules/text/printable.hpp"

#include <fmt/format.h>

namespace referee::rules {
namespace {

// Length of the well-formed UTF-8 sequence starting at s[i] (RFC 3629: no overlongs, no
// surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_length(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char c = b(i);
    std::size_t n;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF)
        n = 2;
    else if (c >= 0xE0 && c <= 0xEF)
        n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
    else if (c >= 0xF0 && c <= 0xF4)
        n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
    else
        return 0;
    if (i + n > s.size()) return 0;
    if (b(i + 1) < lo || b(i + 1) > hi) return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
    return n;
}

}  // namespace

std::string printable_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F)
                out += fmt::format("\\x{:02X}", c);
            else
                out += static_cast<char>(c);
            ++i;
            continue;
        }
        if (std::size_t n = utf8_length(text, i)) {
            out.append(text.substr(i, n));
            i += n;
        } else {
            out += fmt::format("\\x{:02X}", c);
            ++i;
        }
    }
    return out;
}

std::string printable_excerpt(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return printable_text(text);
    std::size_t cut = max_bytes;
    // Back to the start of a character: never end inside a UTF-8 sequence.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return fmt::format("{}... ({} bytes)", printable_text(text.substr(0, cut)), text.size());
}

}  // namespace referee::rules
