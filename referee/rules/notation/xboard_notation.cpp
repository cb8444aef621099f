#include "referee/rules/notation/xboard_notation.hpp"

#include <cctype>

#include "referee/rules/variant/yaml/xboard_letters.hpp"

namespace referee::rules {
namespace {

bool ranks_from_zero(const Variant& v) {
    return v.geometry.height == 10;
}

// The piece letters of a move: upper case anywhere (SAN's pieces, a drop's "A@e4") and any
// after the last digit (a promotion or gating letter, "e7e8a").
std::string move_letters(const Variant& v, std::string text, bool to_engine) {
    if (v.xboard_letters.empty()) return text;
    const std::size_t last_digit = text.find_last_of("0123456789");
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (std::isupper(c) ||
            (std::isalpha(c) && last_digit != std::string::npos && i > last_digit))
            text[i] = to_engine ? xboard_letter(v, text[i]) : referee_letter(v, text[i]);
    }
    return text;
}

std::string placement_letters(const Variant& v, std::string_view fen, bool to_engine) {
    std::string out(fen);
    for (std::size_t i = 0; i < out.size() && out[i] != ' '; ++i)
        out[i] = to_engine ? xboard_letter(v, out[i]) : referee_letter(v, out[i]);
    return out;
}

}  // namespace

std::string shift_ranks(std::string_view text, int delta) {
    std::string out;
    out.reserve(text.size() + 4);
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    for (std::size_t i = 0; i < text.size();) {
        const char c = text[i];
        if (c < 'a' || c > 'z' || i + 1 >= text.size() || !digit(text[i + 1])) {
            out += c;
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        int rank = 0;
        bool fits = true;
        for (; end < text.size() && digit(text[end]); ++end) {
            fits = fits && rank < 100000;
            rank = rank * 10 + (text[end] - '0');
        }
        out += c;
        if (fits && rank + delta >= 0)
            out += std::to_string(rank + delta);
        else
            out.append(text.substr(i + 1, end - i - 1));
        i = end;
    }
    return out;
}

std::string to_xboard_square(const Variant& v, std::string_view referee_square) {
    return ranks_from_zero(v) ? shift_ranks(referee_square, -1) : std::string(referee_square);
}

std::string to_xboard_move(const Variant& v, std::string_view referee_text) {
    return move_letters(
        v, ranks_from_zero(v) ? shift_ranks(referee_text, -1) : std::string(referee_text), true);
}

std::string from_xboard_move(const Variant& v, std::string_view xboard_text) {
    return move_letters(
        v, ranks_from_zero(v) ? shift_ranks(xboard_text, +1) : std::string(xboard_text), false);
}

std::string to_xboard_fen(const Variant& v, std::string_view fen) {
    return placement_letters(v, fen, true);
}

std::string from_xboard_fen(const Variant& v, std::string_view fen) {
    return placement_letters(v, fen, false);
}

}  // namespace referee::rules
