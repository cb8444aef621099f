#include "referee/engine/dialects/imcs_wire.hpp"

#include <array>
#include <cctype>
#include <vector>

#include <fmt/format.h>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::engine::imcs {
namespace {

// One square in the server's spelling: a lower-case file of the board, then its rank in
// decimal without a leading zero. Returns the characters used, 0 when it is not one.
std::size_t square_prefix(std::string_view s, const rules::Geometry& g) {
    if (s.empty() || s[0] < 'a' || s[0] >= 'a' + g.width) return 0;
    std::size_t i = 1;
    int rank = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])) && rank <= g.height) {
        if (i == 1 && s[i] == '0') return 0;
        rank = rank * 10 + (s[i] - '0');
        ++i;
    }
    return (i > 1 && rank >= 1 && rank <= g.height) ? i : 0;
}

bool is_move_word(std::string_view w, const rules::Geometry& g, bool promotion_letter) {
    if (promotion_letter && w.size() > 1 && std::isalpha(static_cast<unsigned char>(w.back())) &&
        std::isdigit(static_cast<unsigned char>(w[w.size() - 2])))
        w.remove_suffix(1);
    const std::size_t a = square_prefix(w, g);
    if (a == 0 || a >= w.size() || w[a] != '-') return false;
    const std::size_t b = square_prefix(w.substr(a + 1), g);
    return b != 0 && a + 1 + b == w.size();
}

}  // namespace

std::string line(std::string_view text) {
    return fmt::format("{}\r\n", text);
}

std::string clock(std::int64_t ms) {
    return imcs_clock(ms);
}

std::string minutes_seconds(std::int64_t ms) {
    if (ms < 0) ms = 0;
    return fmt::format("{}:{:02}", ms / 60000, (ms / 1000) % 60);
}

std::optional<std::int64_t> parse_offer_time(std::string_view text) {
    auto number = [](std::string_view s) -> std::optional<std::int64_t> {
        if (s.empty() || s.size() > 6) return std::nullopt;
        std::int64_t v = 0;
        for (char c : s) {
            if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
            v = v * 10 + (c - '0');
        }
        return v;
    };
    const std::size_t colon = text.find(':');
    if (colon == std::string_view::npos) {
        auto s = number(text);
        return s ? std::optional<std::int64_t>(*s * 1000) : std::nullopt;
    }
    auto m = number(text.substr(0, colon)), s = number(text.substr(colon + 1));
    if (!m || !s) return std::nullopt;
    return (*m * 60 + *s) * 1000;
}

std::string board_lines(std::string_view board_dump) {
    std::string out(board_dump);
    if (!out.empty() && out.back() != '\n') out += '\n';
    return out;
}

std::string turn(std::string_view board_dump, std::int64_t own_ms, std::int64_t opponent_ms) {
    return fmt::format("\r\n{}\r\n? {} {}\r\n", board_lines(board_dump), clock(own_ms),
                       clock(opponent_ms));
}

std::string game_start(bool white, std::int64_t own_ms, std::int64_t opponent_ms) {
    return fmt::format("{} {} {} {} game starts", white ? 105 : 106, white ? 'W' : 'B',
                       minutes_seconds(own_ms), minutes_seconds(opponent_ms));
}

MoveLine read_move_line(std::string_view text, const rules::Geometry& geometry,
                        bool promotion_letter) {
    while (!text.empty() && (text.back() == '\r' || text.back() == '\n')) text.remove_suffix(1);
    MoveLine out;
    // Up to three words: one or two make a move line, three or more do not.
    std::array<std::string_view, 3> w;
    const std::size_t n = rules::leading_words(text, w);
    if (n == 1 && w[0] == "resign") {
        out.kind = MoveLine::Kind::Resign;
        return out;
    }
    std::string_view candidate;
    if (n == 1)
        candidate = w[0];
    else if (n == 2 && w[0] == "!")
        candidate = w[1];
    if (!candidate.empty() && is_move_word(candidate, geometry, promotion_letter)) {
        out.kind = MoveLine::Kind::Move;
        out.move = std::string(candidate);
        return out;
    }
    out.kind = MoveLine::Kind::Invalid;
    out.text = std::string(rules::trim_spaces(text));
    return out;
}

bool has_promotion_choice(const rules::Variant& variant) {
    for (const auto& piece : variant.pieces)
        if (piece.promotes_to.size() > 1) return true;
    return false;
}

std::string invalid_move(std::string_view text) {
    return fmt::format("- invalid move {}", text);
}
std::string illegal_move(std::string_view move) {
    return fmt::format("- illegal move {}", move);
}
std::string opponent_move(std::string_view move) {
    return fmt::format("! {}", move);
}

std::string result_text(const Result& r) {
    std::string s = r.winner ? fmt::format("= {} wins", r.winner) : std::string("= draw");
    if (!r.cause.empty()) s += " on " + r.cause;
    return s;
}

std::string result_lines(const Result& r) {
    const std::string text = result_text(r);
    const int code = r.winner == 'W' ? 231 : r.winner == 'B' ? 232 : 230;
    return fmt::format("{}\r\n{} {}\r\n", text, code, std::string_view(text).substr(2));
}

Result result_for(std::string_view result, std::string_view key) {
    Result r;
    r.winner = result == "1-0" ? 'W' : result == "0-1" ? 'B' : 0;
    if (key == "king-capture" || key == "move-limit" || key.empty()) return r;
    if (key == "resignation")
        r.cause = "opponent resignation";
    else if (key == "time-forfeit")
        r.cause = "opponent time";
    else if (key == "crash")
        r.cause = "opponent disconnect";
    else if (key == "no-legal-moves")
        r.cause = r.winner ? "opponent having no legal move" : "no legal move";
    else {
        // An ending the server has no words for keeps the referee's own, spelled as words.
        std::string words(key);
        for (char& c : words)
            if (c == '-') c = ' ';
        r.cause = r.winner ? "opponent " + words : words;
    }
    return r;
}

}  // namespace referee::engine::imcs
