// KIF records (Kakinoki's format: `referee play` writes them, as do Kifu for Windows,
// ShogiGUI and 81Dojo): the header lines, the start diagram, one move a line under
// 手数----指手---------消費時間--, the ending word (投了, 詰み, 切れ負け, 中断...) and the
// result line (まで64手で先手の勝ち). One game a file; variations (変化：) are not read.
#include <array>
#include <charconv>
#include <istream>
#include <optional>
#include <regex>
#include <string_view>

#include <fmt/format.h>

#include "referee/check/game_source.hpp"
#include "referee/check/line_regex.hpp"
#include "referee/rules/core/position.hpp"
#include "referee/rules/notation/kif_read.hpp"
#include "referee/rules/text/printable.hpp"
#include "referee/rules/text/words.hpp"

namespace referee::check {
namespace {

// The side to move once `plies_played` moves are played (the second player's, 後手番, first).
rules::Color mover_at(std::size_t plies_played, bool gote_first) {
    return (plies_played % 2 == 0) != gote_first ? rules::White : rules::Black;
}

rules::Color other(rules::Color c) {
    return c == rules::White ? rules::Black : rules::White;
}

// A move line, "   1 ７六歩(77)   ( 0:01/00:00:01)": its number, its first word (the move or
// an ending word) and the second ("歩(23)" after "同" with an ASCII space), as views into
// the line. Read without a regex, as the line may be of any length (line_regex.hpp).
struct MoveLine {
    std::string_view number, word, next_word;
};

std::optional<MoveLine> read_move_line(std::string_view line) {
    std::array<std::string_view, 3> words;
    if (rules::leading_words(line, words) < 2 ||
        words[0].find_first_not_of("0123456789") != std::string_view::npos)
        return std::nullopt;
    return MoveLine{words[0], words[1], words[2]};
}

// What the ending word says: how the game ended and who won, from the side that was to move.
struct EndingWord {
    const char* word;
    Ending ending;
    const char* reason_key;
    int winner;  // 1: the side to move wins, -1: it loses, 0: a draw
    bool mover_at_fault;
};
constexpr EndingWord kEndings[] = {
    {"投了", Ending::Stopped, "resignation", -1, true},
    {"詰み", Ending::Rules, "checkmate", -1, false},
    {"切れ負け", Ending::Stopped, "time-forfeit", -1, true},
    {"反則負け", Ending::Stopped, "illegal-move", -1, true},
    {"反則勝ち", Ending::Stopped, "illegal-move", 1, false},
    {"千日手", Ending::Rules, "repetition", 0, false},
    {"持将棋", Ending::Stopped, "adjudication", 0, false},
    {"入玉勝ち", Ending::Stopped, "adjudication", 1, false},
    {"宣言勝ち", Ending::Stopped, "adjudication", 1, false},
};

class KifSource : public GameSource {
  public:
    KifSource(std::istream& in, const std::string& source) : in_(in), source_(source) {}
    Format format() const override { return Format::Kif; }

    bool next(RecordedGame& g) override {
        if (done_) return false;
        done_ = true;
        g = RecordedGame{};
        g.source = source_;
        g.line = 1;
        g.label = "game 1";
        g.kif_moves = true;
        g.implied_variant = "shogi";  // KIF's own game, where the record names no other
        read(g);
        return true;
    }

  private:
    void fail(RecordedGame& g, int line, const std::string& what) {
        if (g.problem.empty()) g.problem = fmt::format("line {}: {}", line, what);
    }

    void read(RecordedGame& g) {
        static const std::regex result_line(R"(^まで(\d+)手で(.*)$)");
        rules::KifDiagram diagram;
        std::string sente, gote, line;
        bool in_moves = false, ended = false;
        std::optional<rules::GameResult> result_said;
        int number = 0, diagram_line = 0, handicap_line = 0;
        std::string handicap;  // 手合割 other than 平手 (even): a start this reader needs drawn
        while (std::getline(in_, line)) {
            ++number;
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (number == 1 && line.starts_with("\xEF\xBB\xBF")) line.erase(0, 3);
            std::smatch m;
            if (line.starts_with("変化：")) break;  // the main line is over
            if (line.starts_with("#")) {
                // This referee's first line names the variant.
                static const std::regex ours(
                    R"(^# ---- minichess-referee KIF .*variant (\S+) ----)");
                if (search_line(line, m, ours)) g.variant = m[1];
                continue;
            }
            if (line.starts_with("*") || line.starts_with("&") || line.empty()) {
                if (line.starts_with("*") && ended) g.reason = line.substr(1);
                continue;
            }
            if (match_line(line, m, result_line)) {
                const std::string how = m[2];
                if (how.starts_with("先手") || how.starts_with("下手"))
                    result_said = rules::GameResult::WhiteWins;
                else if (how.starts_with("後手") || how.starts_with("上手"))
                    result_said = rules::GameResult::BlackWins;
                else if (how.starts_with("引き分け") || how.starts_with("千日手") ||
                         how.starts_with("持将棋"))
                    result_said = rules::GameResult::Draw;
                continue;
            }
            if (!in_moves) {
                if (line.starts_with("手数----指手")) {
                    in_moves = true;
                } else if (line.starts_with("|")) {
                    if (diagram.rows.empty()) diagram_line = number;
                    diagram.rows.push_back(line);
                } else if (line.starts_with("先手の持駒：") || line.starts_with("下手の持駒：")) {
                    diagram.sente_hand = line.substr(line.find("：") + std::string("：").size());
                } else if (line.starts_with("後手の持駒：") || line.starts_with("上手の持駒：")) {
                    diagram.gote_hand = line.substr(line.find("：") + std::string("：").size());
                } else if (line.starts_with("後手番") || line.starts_with("上手番")) {
                    diagram.gote_to_move = true;
                } else if (line.starts_with("先手：") || line.starts_with("下手：")) {
                    sente = line.substr(line.find("：") + std::string("：").size());
                } else if (line.starts_with("後手：") || line.starts_with("上手：")) {
                    gote = line.substr(line.find("：") + std::string("：").size());
                } else if (line.starts_with("手合割：") && line.find("平手") == std::string::npos) {
                    handicap = line;
                    handicap_line = number;
                }
                continue;
            }
            if (ended) {
                fail(g, number,
                     fmt::format("'{}' after the game's ending line",
                                 rules::printable_excerpt(line)));
                continue;
            }
            const std::optional<MoveLine> move = read_move_line(line);
            if (!move) {
                fail(g, number,
                     fmt::format("'{}' is neither a move line (as '   1 ７六歩(77)') "
                                 "nor an ending",
                                 rules::printable_excerpt(line)));
                continue;
            }
            std::string text(move->word);
            // "同 歩(23)" with an ASCII space: the piece is the next word.
            if (text == "同") text += move->next_word;
            std::size_t said_number = 0;
            const auto [end_of_number, error] = std::from_chars(
                move->number.data(), move->number.data() + move->number.size(), said_number);
            if (error != std::errc() || said_number != g.moves.size() + 1)
                fail(g, number,
                     fmt::format("move number {} where {} was due",
                                 rules::printable_excerpt(move->number), g.moves.size() + 1));
            if (const EndingWord* e = ending_word(text)) {
                ended = true;
                end(g, *e, diagram.gote_to_move);
                continue;
            }
            if (text == "中断") {
                ended = true;
                g.ending = Ending::Unfinished;
                continue;
            }
            g.moves.push_back({text, number, {}});
        }
        if (in_.bad()) fail(g, number, "the file could not be read to its end");
        if (!in_moves && g.problem.empty())
            fail(g, number,
                 "no move list (the line 手数----指手---------消費時間--) in the record");
        if (!sente.empty() || !gote.empty())
            g.players =
                fmt::format("{} - {}", sente.empty() ? "?" : sente, gote.empty() ? "?" : gote);
        if (!ended && result_said) {
            g.result = result_said;
            g.ending = Ending::Unspecified;
        } else if (ended && result_said && g.result && *result_said != *g.result) {
            fail(g, number,
                 fmt::format("the result line says {}, the ending line {}",
                             rules::result_string(*result_said), rules::result_string(*g.result)));
        }
        if (!handicap.empty() && diagram.rows.empty())
            fail(g, handicap_line,
                 fmt::format("'{}': a handicap start is read only from a board "
                             "diagram, and the record has none",
                             rules::printable_excerpt(handicap)));
        start_position(g, diagram, diagram_line);
    }

    static const EndingWord* ending_word(const std::string& text) {
        for (const EndingWord& e : kEndings)
            if (text == e.word) return &e;
        return nullptr;
    }

    static void end(RecordedGame& g, const EndingWord& e, bool gote_first) {
        const rules::Color mover = mover_at(g.moves.size(), gote_first);
        g.ending = e.ending;
        g.reason_key = e.reason_key;
        if (e.winner == 0)
            g.result = rules::GameResult::Draw;
        else {
            const rules::Color winner = e.winner > 0 ? mover : other(mover);
            g.result = winner == rules::White ? rules::GameResult::WhiteWins
                                              : rules::GameResult::BlackWins;
        }
        if (e.mover_at_fault) g.at_fault = mover;
        if (e.winner > 0 && e.ending == Ending::Stopped && g.reason_key == "illegal-move")
            g.at_fault = other(mover);
    }

    // The diagram, where the record has one and it is not the variant's start, gives the
    // start position. The variant is the record's own (this referee names it) or shogi.
    void start_position(RecordedGame& g, const rules::KifDiagram& diagram, int line) {
        if (diagram.rows.empty()) return;
        try {
            const rules::Rules rules =
                rules::Rules::load(g.variant.empty() ? g.implied_variant : g.variant);
            const std::string fen = rules::kif_diagram_fen(rules, diagram);
            const rules::Position start = rules.from_fen(fen);
            if (start.fen() != rules.start().fen()) g.start_fen = fen;
        } catch (const std::exception& e) {
            fail(g, line, fmt::format("the start diagram: {}", e.what()));
        }
    }

    std::istream& in_;
    std::string source_;
    bool done_ = false;
};

}  // namespace

std::unique_ptr<GameSource> kif_games(std::istream& in, const std::string& source) {
    return std::make_unique<KifSource>(in, source);
}

}  // namespace referee::check
