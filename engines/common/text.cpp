#include "engines/common/text.hpp"

#include <cctype>
#include <charconv>

namespace engines {

std::string_view trim(std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
        text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
        text.remove_suffix(1);
    return text;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::string lower_case(std::string_view text) {
    std::string out(text);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::optional<long long> parse_integer(std::string_view text) {
    long long value = 0;
    const char* end = text.data() + text.size();
    auto [stop, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || stop != end) return std::nullopt;
    return value;
}

namespace {

// Seconds with an optional fraction, as milliseconds (extra digits beyond three truncated).
std::optional<long long> parse_seconds_ms(std::string_view text) {
    const std::size_t dot = text.find('.');
    auto whole = parse_integer(text.substr(0, dot));
    if (!whole || *whole < 0) return std::nullopt;
    long long ms = *whole * 1000;
    if (dot != std::string_view::npos) {
        std::string_view fraction = text.substr(dot + 1);
        if (fraction.empty()) return std::nullopt;
        long long scale = 100;
        for (char c : fraction) {
            if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
            ms += (c - '0') * scale;
            scale /= 10;
        }
    }
    return ms;
}

}  // namespace

std::optional<Milliseconds> parse_clock(std::string_view text) {
    text = trim(text);
    bool negative = false;
    if (!text.empty() && text.front() == '-') negative = true, text.remove_prefix(1);
    if (text.empty() || text.size() > 32) return std::nullopt;
    long long total = 0;
    std::size_t colon;
    int parts = 0;
    while ((colon = text.find(':')) != std::string_view::npos) {
        auto unit = parse_integer(text.substr(0, colon));
        if (!unit || *unit < 0 || ++parts > 2) return std::nullopt;
        total = (total + *unit) * 60;
        text.remove_prefix(colon + 1);
    }
    auto seconds = parse_seconds_ms(text);
    if (!seconds) return std::nullopt;
    if (negative) return Milliseconds(0);
    return Milliseconds(total * 1000 + *seconds);
}

}  // namespace engines
