// PGN files: the rules layer's reader, and what the tags say about how each game ended.
#include <algorithm>
#include <string_view>

#include <fmt/format.h>

#include "referee/check/game_source.hpp"
#include "referee/rules/notation/pgn.hpp"

namespace referee::check {
namespace {

std::optional<rules::Color> loser(rules::GameResult r) {
    if (r == rules::GameResult::WhiteWins) return rules::Black;
    if (r == rules::GameResult::BlackWins) return rules::White;
    return std::nullopt;
}

// PGN's Termination tag has a fixed vocabulary; each value says whether the rules ended the
// game or something else did, and for the latter whose doing it was.
void read_termination(const std::string* tag, RecordedGame& g) {
    const std::string value = tag ? *tag : "";
    g.reason_key = value;
    if (value.empty() || value == "normal") {
        g.ending = Ending::Unspecified;
        return;
    }
    g.ending = Ending::Stopped;
    if (value == "time forfeit")
        g.reason_key = "time-forfeit";
    else if (value == "rules infraction")
        g.reason_key = "illegal-move";
    else if (value == "adjudication")
        g.reason_key = "adjudication";
    else if (value == "unterminated")
        g.reason_key = "unterminated";
    else if (value == "abandoned" || value == "death" || value == "emergency")
        g.reason_key = value;
    else {
        g.ending = Ending::Unspecified;
        return;
    }
    // A lost game stopped for a fault was the loser's fault; adjudications and interruptions blame
    // nobody.
    if (g.reason_key == "time-forfeit" || g.reason_key == "illegal-move" ||
        g.reason_key == "abandoned")
        g.at_fault = loser(*g.result);
}

// Whether a word of a move's comment is one of the annotations tools put there: an
// evaluation ("+0.35/12", "-M3/9"), a time ("0.102s"), a node count ("n=4711"), "book".
bool move_annotation(std::string_view word) {
    while (!word.empty() && (word.back() == ',' || word.back() == ';')) word.remove_suffix(1);
    auto digits = [](std::string_view w) {
        return !w.empty() && w.find_first_not_of("0123456789.") == std::string_view::npos;
    };
    if (word == "book") return true;
    if (word.starts_with("n=")) return digits(word.substr(2));
    if (word.ends_with('s')) return digits(word.substr(0, word.size() - 1));
    const auto slash = word.find('/');
    if (slash == std::string_view::npos || !digits(word.substr(slash + 1))) return false;
    auto score = word.substr(0, slash);
    if (!score.empty() && (score.front() == '+' || score.front() == '-')) score.remove_prefix(1);
    if (!score.empty() && score.front() == 'M') score.remove_prefix(1);
    return digits(score);
}

// The reason a game ended, from the comment after its last move: what is left of it without
// the embedded commands ("[%clk 0:01:23]", "[%eval ...]") and the move's own annotations
// before it (the referee writes "[%clk ...] 0.200s n=123; White crashed: ...", cutechess
// "+0.35/12 0.1s, White loses on time"). Empty when nothing else is there.
std::string reason_in_comment(std::string_view comment) {
    std::string text;
    for (std::size_t i = 0; i < comment.size();) {
        if (comment.compare(i, 2, "[%") == 0) {
            const auto close = comment.find(']', i);
            i = close == std::string_view::npos ? comment.size() : close + 1;
            continue;
        }
        text += comment[i++];
    }
    std::string_view rest = text;
    for (;;) {
        const auto start = rest.find_first_not_of(" \t,;");
        if (start == std::string_view::npos) return {};
        rest.remove_prefix(start);
        const auto end = std::min(rest.find_first_of(" \t"), rest.size());
        if (!move_annotation(rest.substr(0, end))) break;
        rest.remove_prefix(end);
    }
    while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
    return std::string(rest);
}

class PgnSource : public GameSource {
  public:
    PgnSource(std::istream& in, const std::string& source) : reader_(in, source), source_(source) {}
    Format format() const override { return Format::Pgn; }

    bool next(RecordedGame& g) override {
        if (!reader_.next(pgn_)) return false;
        ++count_;
        g = RecordedGame{};
        g.source = source_;
        g.line = pgn_.first_line;
        g.label = fmt::format("game {}", count_);
        const std::string* white = pgn_.tag("White");
        const std::string* black = pgn_.tag("Black");
        if (white || black)
            g.players = fmt::format("{} - {}", white ? *white : "?", black ? *black : "?");
        if (const std::string* variant = pgn_.tag("Variant")) g.variant = *variant;
        if (const std::string* fen = pgn_.tag("FEN")) g.start_fen = *fen;
        g.moves.reserve(pgn_.moves.size());
        for (auto& m : pgn_.moves) g.moves.push_back({std::move(m.text), m.line, {}});
        g.problem = pgn_.problem;
        g.reason = reason_in_comment(pgn_.final_comment);
        const std::string& r = pgn_.result;
        if (r.empty()) {
            g.ending = Ending::Missing;
        } else if (r == "*") {
            g.ending = Ending::Unfinished;
        } else {
            g.result = r == "1-0"   ? rules::GameResult::WhiteWins
                       : r == "0-1" ? rules::GameResult::BlackWins
                                    : rules::GameResult::Draw;
            read_termination(pgn_.tag("Termination"), g);
            // The Result tag and the movetext's result must agree.
            if (const std::string* tag = pgn_.tag("Result"); tag && *tag != r && g.problem.empty())
                g.problem =
                    fmt::format("line {}: the Result tag says {}, the movetext ends with {}",
                                pgn_.result_line, *tag, r);
        }
        return true;
    }

  private:
    rules::PgnReader reader_;
    std::string source_;
    rules::PgnGame pgn_;
    int count_ = 0;
};

}  // namespace

std::unique_ptr<GameSource> pgn_games(std::istream& in, const std::string& source) {
    return std::make_unique<PgnSource>(in, source);
}

}  // namespace referee::check
