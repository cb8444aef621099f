#include "referee/rules/notation/pgn.hpp"

#include <cctype>
#include <istream>

#include <fmt/format.h>

#include "referee/rules/text/words.hpp"

namespace referee::rules {
namespace {

// Only the final comment is kept, so an unclosed brace cannot make memory grow with the file.
constexpr std::size_t kMaxComment = 4096;

bool is_space(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0;
}

bool is_result(std::string_view t) {
    return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*";
}

// Annotation glyphs written apart from the move ("!", "?!") and the +/= evaluation signs.
bool is_glyph(std::string_view t) {
    for (char c : t)
        if (c != '!' && c != '?' && c != '+' && c != '-' && c != '=' && c != '/') return false;
    return true;
}

void note(PgnGame& game, int line, const std::string& what) {
    if (game.problem.empty()) game.problem = fmt::format("line {}: {}", line, what);
}

}  // namespace

const std::string* PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return &v;
    return nullptr;
}

PgnReader::PgnReader(std::istream& in, std::string source) : in_(in), source_(std::move(source)) {}

bool PgnReader::read_line(std::string& out) {
    if (has_pending_) {
        has_pending_ = false;
        out = std::move(pending_);
        return true;
    }
    if (!std::getline(in_, out)) return false;
    ++line_;
    if (line_ == 1 && out.starts_with("\xEF\xBB\xBF")) out.erase(0, 3);  // a byte-order mark
    if (!out.empty() && out.back() == '\r') out.pop_back();
    return true;
}

void PgnReader::parse_tags(std::string_view text, PgnGame& game) {
    while (true) {
        text = trim_spaces(text);
        if (text.empty()) return;
        if (text.front() != '[') {
            note(game, line_, fmt::format("unexpected '{}' after a tag", text));
            return;
        }
        std::size_t i = 1;
        while (i < text.size() && is_space(text[i])) ++i;
        std::size_t name_start = i;
        while (i < text.size() &&
               (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
            ++i;
        std::string name(text.substr(name_start, i - name_start));
        while (i < text.size() && is_space(text[i])) ++i;
        if (name.empty() || i >= text.size() || text[i] != '"') {
            note(game, line_, fmt::format("malformed tag '{}' (expected [Name \"value\"])", text));
            return;
        }
        std::string value;
        bool closed = false;
        for (++i; i < text.size(); ++i) {
            if (text[i] == '\\' && i + 1 < text.size())
                value += text[++i];
            else if (text[i] == '"') {
                closed = true;
                break;
            } else
                value += text[i];
        }
        if (!closed) {
            note(game, line_, fmt::format("tag {} has no closing '\"'", name));
            return;
        }
        ++i;
        while (i < text.size() && is_space(text[i])) ++i;
        if (i >= text.size() || text[i] != ']') {
            note(game, line_, fmt::format("tag {} has no closing ']'", name));
            return;
        }
        game.tags.emplace_back(std::move(name), std::move(value));
        text.remove_prefix(i + 1);
    }
}

bool PgnReader::parse_movetext(std::string_view text, PgnGame& game) {
    std::size_t i = 0;
    auto end_comment = [&] {
        in_comment_ = false;
        if (variation_depth_ == 0) game.final_comment = std::string(trim_spaces(comment_));
        comment_.clear();
    };
    while (i < text.size()) {
        if (in_comment_) {
            const std::size_t close = text.find('}', i);
            const std::string_view part = text.substr(
                i, close == std::string_view::npos ? std::string_view::npos : close - i);
            if (comment_.size() < kMaxComment)
                comment_.append(part.substr(0, kMaxComment - comment_.size()));
            if (close == std::string_view::npos) {
                comment_ += ' ';
                return false;
            }
            end_comment();
            i = close + 1;
            continue;
        }
        const char c = text[i];
        if (is_space(c)) {
            ++i;
        } else if (c == '{') {
            in_comment_ = true;
            comment_.clear();
            ++i;
        } else if (c == ';') {
            comment_ = std::string(text.substr(i + 1, kMaxComment));
            end_comment();
            return false;
        } else if (c == '(') {
            ++variation_depth_;
            ++i;
        } else if (c == ')') {
            if (variation_depth_ == 0)
                note(game, line_, "')' without a '(' before it");
            else
                --variation_depth_;
            ++i;
        } else if (c == '}') {
            note(game, line_, "'}' without a '{' before it");
            ++i;
        } else {
            std::size_t end = i;
            while (end < text.size() && !is_space(text[end]) && text[end] != '{' &&
                   text[end] != '}' && text[end] != '(' && text[end] != ')' && text[end] != ';')
                ++end;
            std::string_view token = text.substr(i, end - i);
            i = end;
            if (token.front() == '$') continue;  // a NAG
            if (variation_depth_ > 0) continue;
            if (is_result(token)) {
                game.result = std::string(token);
                game.result_line = line_;
                const std::string_view rest = trim_spaces(text.substr(i));
                if (!rest.empty()) {
                    pending_ = std::string(rest);
                    has_pending_ = true;
                }
                return true;
            }
            // A move number, alone ("12." "12...") or glued to the move ("12.e4").
            std::size_t digits = 0;
            while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits])))
                ++digits;
            if (digits > 0 && digits < token.size() && token[digits] == '.') {
                token.remove_prefix(digits);
                while (!token.empty() && token.front() == '.') token.remove_prefix(1);
            }
            if (token.empty() || is_glyph(token)) continue;
            // Glyphs glued to the move ("e4!?") are left for parse_san, which drops them.
            game.moves.push_back({std::string(token), line_});
            game.final_comment.clear();
        }
    }
    return false;
}

bool PgnReader::next(PgnGame& game) {
    game = PgnGame{};
    in_comment_ = false;
    variation_depth_ = 0;
    comment_.clear();
    bool started = false, in_movetext = false;
    std::string line;
    while (read_line(line)) {
        const std::string_view t = trim_spaces(line);
        if (!in_comment_ && variation_depth_ == 0) {
            if (t.empty()) continue;
            if (line.front() == '%') continue;  // PGN's escape: a line for other programs
            if (t.front() == '[') {
                if (in_movetext) {
                    // The next game's tags before this game's result: this one was cut short.
                    pending_ = std::move(line);
                    has_pending_ = true;
                    return true;
                }
                if (!started) game.first_line = line_;
                started = true;
                parse_tags(t, game);
                continue;
            }
        }
        if (!started) game.first_line = line_;
        started = in_movetext = true;
        if (parse_movetext(line, game)) return true;
    }
    if (started && in_comment_)
        note(game, line_, "the file ends inside a comment");
    else if (started && variation_depth_ > 0)
        note(game, line_, "the file ends inside a variation");
    return started;
}

Position pgn_start(const Rules& rules, const PgnGame& game) {
    if (const std::string* fen = game.tag("FEN"); fen && !fen->empty()) return rules.from_fen(*fen);
    return rules.start();
}

std::vector<Move> pgn_moves(const Rules& rules, const PgnGame& game) {
    Position pos = pgn_start(rules, game);
    std::vector<Move> out;
    out.reserve(game.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        try {
            out.push_back(pos.parse_san(game.moves[i].text));
        } catch (const MoveError& e) {
            throw MoveError(
                e.kind(), fmt::format("ply {} (line {}): {}", i + 1, game.moves[i].line, e.what()));
        }
        pos.play(out.back());
    }
    return out;
}

}  // namespace referee::rules
