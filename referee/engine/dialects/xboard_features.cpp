#include "referee/engine/dialects/xboard_features.hpp"

#include <cctype>
#include <charconv>

#include "referee/rules/text/words.hpp"

namespace referee::engine::xboard {
namespace {

bool space(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view next_word(std::string_view& s) {
    s = rules::trim_spaces(s);
    std::size_t n = 0;
    while (n < s.size() && !space(s[n])) ++n;
    const std::string_view w = s.substr(0, n);
    s.remove_prefix(n);
    return w;
}

template <class T>
std::optional<T> number(std::string_view w) {
    if (!w.empty() && w.front() == '+') w.remove_prefix(1);
    T v{};
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), v);
    if (ec != std::errc() || end != w.data() + w.size()) return std::nullopt;
    return v;
}

bool starts_with(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

}  // namespace

std::vector<Feature> read_features(std::string_view rest) {
    std::vector<Feature> out;
    for (;;) {
        rest = rules::trim_spaces(rest);
        if (rest.empty()) return out;
        const std::size_t eq = rest.find('=');
        if (eq == std::string_view::npos) return out;
        const std::string_view key = rules::trim_spaces(rest.substr(0, eq));
        if (key.empty() || key.find(' ') != std::string_view::npos) return out;
        rest.remove_prefix(eq + 1);
        std::string value;
        if (!rest.empty() && rest.front() == '"') {
            const std::size_t close = rest.find('"', 1);
            if (close == std::string_view::npos) return out;
            value.assign(rest.substr(1, close - 1));
            rest.remove_prefix(close + 1);
        } else {
            value.assign(next_word(rest));
        }
        out.push_back({std::string(key), std::move(value)});
    }
}

std::string option_name(std::string_view v) {
    const std::size_t dash = v.find(" -");
    return std::string(rules::trim_spaces(v.substr(0, dash)));
}

std::optional<MoveLine> move_in(std::string_view line) {
    line = rules::trim_spaces(line);
    if (starts_with(line, "move ")) {
        line.remove_prefix(5);
        const auto w = next_word(line);
        if (!w.empty()) return MoveLine{w, MoveForm::Move};
        return std::nullopt;
    }
    for (std::string_view prefix : {"My move is : ", "My move is: "})
        if (starts_with(line, prefix)) {
            line.remove_prefix(prefix.size());
            const auto w = next_word(line);
            if (!w.empty()) return MoveLine{w, MoveForm::MyMoveIs};
            return std::nullopt;
        }
    // "12. ... e7e5": a move number, three dots, the move.
    std::string_view rest = line;
    const auto first = next_word(rest);
    if (first.size() < 2 || first.back() != '.' || !number<int>(first.substr(0, first.size() - 1)))
        return std::nullopt;
    if (next_word(rest) != "...") return std::nullopt;
    const auto w = next_word(rest);
    if (w.empty() || !rules::trim_spaces(rest).empty()) return std::nullopt;
    return MoveLine{w, MoveForm::Numbered};
}

std::optional<Thinking> read_thinking(std::string_view line) {
    std::string_view rest = line;
    const auto depth = number<int>(next_word(rest));
    const auto score = number<int>(next_word(rest));
    const auto time = number<long long>(next_word(rest));
    const auto nodes = number<long long>(next_word(rest));
    if (!depth || !score || !time || !nodes) return std::nullopt;
    Thinking t;
    t.depth = *depth;
    t.nodes = *nodes;
    t.score = *score;
    t.pv = rules::trim_spaces(rest);
    constexpr int kMate = 100000;
    if (*score >= kMate || *score <= -kMate) {
        t.mate = true;
        t.score = *score > 0 ? *score - kMate : *score + kMate;
    }
    return t;
}

std::optional<std::pair<std::string_view, std::string_view>> read_result(std::string_view line) {
    line = rules::trim_spaces(line);
    std::string_view rest = line;
    const auto word = next_word(rest);
    if (word != "1-0" && word != "0-1" && word != "1/2-1/2") return std::nullopt;
    rest = rules::trim_spaces(rest);
    if (!rest.empty() && rest.front() == '{') {
        rest.remove_prefix(1);
        const std::size_t close = rest.rfind('}');
        if (close != std::string_view::npos) rest = rest.substr(0, close);
    }
    return std::make_pair(word, rules::trim_spaces(rest));
}

std::optional<Complaint> read_complaint(std::string_view line) {
    line = rules::trim_spaces(line);
    Complaint c;
    if (starts_with(line, "Illegal move")) {
        c.illegal_move = true;
        line.remove_prefix(12);
    } else if (starts_with(line, "Error")) {
        line.remove_prefix(5);
    } else {
        return std::nullopt;
    }
    line = rules::trim_spaces(line);
    if (!line.empty() && line.front() == '(') {
        const std::size_t close = line.find(')');
        if (close == std::string_view::npos) return std::nullopt;
        c.reason = line.substr(1, close - 1);
        line.remove_prefix(close + 1);
    }
    if (line.empty() || line.front() != ':') return std::nullopt;
    c.subject = rules::trim_spaces(line.substr(1));
    return c;
}

}  // namespace referee::engine::xboard
