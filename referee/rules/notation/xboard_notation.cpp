#include "referee/rules/notation/xboard_notation.hpp"

#include <algorithm>
#include <cctype>

#include "referee/rules/variant/yaml/xboard_letters.hpp"

namespace referee::rules {
namespace {

bool ranks_from_zero(const Variant& v) {
    return v.geometry.height == 10;
}

// The piece letters of a move by `mover`: upper case anywhere (SAN's pieces, a drop's
// "A@e4") and any after the last digit (a promotion or gating letter, "e7e8a").
std::string move_letters(const Variant& v, std::string text, Color mover, bool to_engine) {
    if (v.xboard_letters.empty()) return text;
    const std::size_t last_digit = text.find_last_of("0123456789");
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (std::isupper(c) ||
            (std::isalpha(c) && last_digit != std::string::npos && i > last_digit))
            text[i] =
                to_engine ? xboard_letter(v, text[i], mover) : referee_letter(v, text[i], mover);
    }
    return text;
}

// A FEN's placement: the case of each letter is its side.
std::string placement_letters(const Variant& v, std::string_view fen, bool to_engine) {
    std::string out(fen);
    for (std::size_t i = 0; i < out.size() && out[i] != ' '; ++i) {
        const Color side = std::islower(static_cast<unsigned char>(out[i])) ? Black : White;
        out[i] = to_engine ? xboard_letter(v, out[i], side) : referee_letter(v, out[i], side);
    }
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

std::string to_xboard_move(const Variant& v, std::string_view referee_text, Color mover) {
    return move_letters(
        v, ranks_from_zero(v) ? shift_ranks(referee_text, -1) : std::string(referee_text), mover,
        true);
}

std::string from_xboard_move(const Variant& v, std::string_view xboard_text, Color mover) {
    return move_letters(
        v, ranks_from_zero(v) ? shift_ranks(xboard_text, +1) : std::string(xboard_text), mover,
        false);
}

std::string from_xboard_line(const Variant& v, std::string_view xboard_text, Color first) {
    std::string out;
    Color mover = first;
    std::size_t i = 0;
    while (i < xboard_text.size()) {
        const std::size_t end = std::min(xboard_text.find(' ', i), xboard_text.size());
        const std::string_view word = xboard_text.substr(i, end - i);
        out += from_xboard_move(v, word, mover);
        // A move has a square (a letter, then a digit); "12." and "..." are not moves.
        for (std::size_t k = 0; k + 1 < word.size(); ++k)
            if (std::islower(static_cast<unsigned char>(word[k])) &&
                std::isdigit(static_cast<unsigned char>(word[k + 1]))) {
                mover = ~mover;
                break;
            }
        if (end < xboard_text.size()) out += ' ';
        i = end + 1;
    }
    return out;
}

std::string to_xboard_fen(const Variant& v, std::string_view fen) {
    return placement_letters(v, fen, true);
}

std::string from_xboard_fen(const Variant& v, std::string_view fen) {
    return placement_letters(v, fen, false);
}

}  // namespace referee::rules
