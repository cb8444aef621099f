// The KIF writer (kif.hpp). Squares: KIF numbers files from the first player's right (the
// rules' file a is KIF's highest file) and ranks from the second player's side (the rules'
// last rank is 一), so the rules' a1 on a 9x9 board is ９九.
#include "referee/rules/notation/kif.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "referee/rules/notation/kif_numerals.hpp"

namespace referee::rules {
namespace {

constexpr int kMaxSide = 9;
using kif::kFullWidthDigits;
using kif::kKanjiNumbers;
constexpr const char* kFullWidthSpace = "　";

int kif_file(const Geometry& g, Square s) {
    return g.width - g.file_of(s);
}
int kif_rank(const Geometry& g, Square s) {
    return g.height - g.rank_of(s);
}

// "７六": the square as the move's destination.
std::string square_text(const Geometry& g, Square s) {
    return std::string(kFullWidthDigits[kif_file(g, s)]) +
           std::string(kKanjiNumbers[kif_rank(g, s)]);
}

// Up to 18 (a side's pawns): 二 ... 十八, as hands count.
std::string kanji_count(int n) {
    if (n <= 10) return std::string(kKanjiNumbers[n]);
    return std::string(kKanjiNumbers[10]) + std::string(n % 10 ? kKanjiNumbers[n % 10] : "");
}

// The one character a board diagram gives a piece: the move name's, or for the promoted
// minor pieces written with two (成銀), the single kanji KIF diagrams use for them.
std::string diagram_name(const std::string& name) {
    if (name == "成銀") return "全";
    if (name == "成桂") return "圭";
    if (name == "成香") return "杏";
    return name;
}

// Columns a monospaced font gives the text: two for each character outside ASCII (KIF's
// kanji and full-width digits), one for the others.
int display_width(const std::string& text) {
    int width = 0;
    for (unsigned char c : text)
        if (c < 0x80)
            ++width;
        else if (c >= 0xC0)
            width += 2;
    return width;
}

std::string clock_text(std::int64_t move_ms, std::int64_t total_ms) {
    const std::int64_t m = move_ms / 1000, t = total_ms / 1000;
    return fmt::format("({:>2}:{:02}/{:02}:{:02}:{:02})", m / 60, m % 60, t / 3600, t / 60 % 60,
                       t % 60);
}

std::string hand_text(const Position& pos, Color side) {
    const Variant& v = pos.rules().variant();
    std::string text;
    for (std::size_t type = 0; type < v.pieces.size(); ++type) {
        const int n = pos.in_hand(side, static_cast<int>(type));
        if (n <= 0) continue;
        if (!text.empty()) text += kFullWidthSpace;
        text += v.pieces[type].kif + (n > 1 ? kanji_count(n) : "");
    }
    return text.empty() ? "なし" : text;
}

// The start as KIF's board diagram: the second player's hand, the board from the first
// player's side (the second player's pieces marked v), the first player's hand.
std::string diagram(const Position& pos) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    std::string out = "後手の持駒：" + hand_text(pos, Black) + "\n ";
    for (int f = g.width; f >= 1; --f) out += " " + std::string(kFullWidthDigits[f]);
    const std::string border =
        "+" + std::string(3 * static_cast<std::size_t>(g.width), '-') + "+\n";
    out += "\n" + border;
    for (int rank = g.height - 1; rank >= 0; --rank) {
        out += "|";
        for (int file = 0; file < g.width; ++file) {
            const auto p = pos.piece_at(g.at(file, rank));
            if (!p)
                out += " ・";
            else
                out += (p->color == White ? " " : "v") + diagram_name(v.pieces[p->type].kif);
        }
        out += "|" + std::string(kKanjiNumbers[g.height - rank]) + "\n";
    }
    out += border + "先手の持駒：" + hand_text(pos, White) + "\n";
    if (pos.side_to_move() == Black) out += "後手番\n";
    return out;
}

// One move as KIF writes it, in the position before it: ７六歩(77), 同　銀(31), ２二角成(88),
// ２三歩不成(24), ５五角打.
std::string move_text(const Position& pos, Move m, std::optional<Square> last_to) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    std::string text =
        last_to && *last_to == m.to ? std::string("同") + kFullWidthSpace : square_text(g, m.to);
    if (m.is_drop()) return text + v.pieces[m.drop_type()].kif + "打";
    text += v.pieces[pos.piece_at(m.from)->type].kif;
    if (m.kind() == MoveKind::Promotion) {
        text += "成";
    } else {
        // A move that might have promoted and did not says so.
        const auto moves = pos.legal_moves();
        if (std::any_of(moves.begin(), moves.end(), [&](Move o) {
                return o.from == m.from && o.to == m.to && o.kind() == MoveKind::Promotion;
            }))
            text += "不成";
    }
    return text + fmt::format("({}{})", kif_file(g, m.from), kif_rank(g, m.from));
}

const char* ending_word(KifEnding e) {
    switch (e) {
        case KifEnding::Checkmate:
            return "詰み";
        case KifEnding::Resignation:
            return "投了";
        case KifEnding::Repetition:
            return "千日手";
        case KifEnding::TimeForfeit:
            return "切れ負け";
        case KifEnding::Foul:
            return "反則負け";
        case KifEnding::Interrupted:
            return "中断";
        case KifEnding::None:
            break;
    }
    return "";
}

std::string result_line(const KifGame& game, std::size_t plies) {
    std::string how;
    if (!game.finished)
        how = "中断";
    else if (game.winner)
        how = *game.winner == White ? "先手の勝ち" : "後手の勝ち";
    else if (game.ending == KifEnding::Repetition)
        how = "千日手";
    else
        how = "引き分け";
    return fmt::format("まで{}手で{}\n", plies, how);
}

}  // namespace

std::string kif_refusal(const Variant& v) {
    if (v.geometry.width > kMaxSide || v.geometry.height > kMaxSide)
        return fmt::format(
            "variant {} cannot be written as KIF: its board is {}x{}, KIF's at most "
            "{}x{}",
            v.name, v.geometry.width, v.geometry.height, kMaxSide, kMaxSide);
    for (const PieceType& p : v.pieces)
        if (p.kif.empty())
            return fmt::format(
                "variant {} cannot be written as KIF: its piece '{}' ({}) has no "
                "kif name (add `kif:` to every piece, e.g. kif: 歩)",
                v.name, p.name, p.letter);
    return {};
}

bool can_write_kif(const Variant& v) {
    return kif_refusal(v).empty();
}

bool wants_kif(const Variant& v) {
    return std::any_of(v.pieces.begin(), v.pieces.end(),
                       [](const PieceType& p) { return !p.kif.empty(); });
}

std::string write_kif(const Rules& rules, const KifGame& game) {
    if (const std::string why = kif_refusal(rules.variant()); !why.empty())
        throw std::invalid_argument(why);
    Position pos = game.start_fen.empty() ? rules.start() : rules.from_fen(game.start_fen);
    std::string out = "# ---- minichess-referee KIF (UTF-8), variant " + rules.name() + " ----\n";
    if (game.date.size() == 10) {
        std::string date = game.date;
        std::replace(date.begin(), date.end(), '.', '/');
        if (date.find('?') == std::string::npos) out += "開始日時：" + date + "\n";
    }
    if (!game.event.empty()) out += "棋戦：" + game.event + "\n";
    out += "先手：" + game.sente + "\n";
    out += "後手：" + game.gote + "\n";
    out += diagram(pos);
    out += "手数----指手---------消費時間--\n";
    std::optional<Square> last_to;
    std::int64_t totals[2] = {0, 0};
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const Move m = pos.parse_move(game.moves[i]);
        std::string text = move_text(pos, m, last_to);
        std::string line = fmt::format("{:>4} {}", i + 1, text);
        if (i < game.move_ms.size()) {
            const std::int64_t ms = std::max<std::int64_t>(0, game.move_ms[i]);
            totals[pos.side_to_move()] += ms;
            // The time column starts where Kifu for Windows puts it.
            line +=
                std::string(static_cast<std::size_t>(std::max(1, 13 - display_width(text))), ' ');
            line += clock_text(ms, totals[pos.side_to_move()]);
        }
        out += line + "\n";
        last_to = m.to;
        pos.play(m);
    }
    if (const char* word = ending_word(game.finished ? game.ending : KifEnding::Interrupted); *word)
        out += fmt::format("{:>4} {}\n", game.moves.size() + 1, word);
    if (!game.comment.empty()) {
        // A comment is one line: a reason that spans several is joined.
        std::string comment = game.comment;
        std::replace(comment.begin(), comment.end(), '\n', ' ');
        out += "*" + comment + "\n";
    }
    out += result_line(game, game.moves.size());
    return out;
}

}  // namespace referee::rules
