// The KIF move reader (kif_read.hpp): the text is taken apart (destination, piece, 成/不成/打,
// source), then matched against the legal moves, so every rule the variant has applies.
#include "referee/rules/notation/kif_read.hpp"

#include "referee/rules/base/fen.hpp"
#include "referee/rules/notation/kif_numerals.hpp"
#include "referee/rules/text/printable.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <vector>

namespace referee::rules {
namespace {

using kif::kFullWidthDigits;
using kif::kKanjiNumbers;

// Other programs' names for a piece, turned into the one the variant files use.
std::string normal_name(std::string_view name) {
    static constexpr std::pair<std::string_view, std::string_view> kAliases[] = {
        {"王", "玉"}, {"竜", "龍"}, {"全", "成銀"}, {"圭", "成桂"}, {"杏", "成香"}};
    for (const auto& [other, ours] : kAliases)
        if (name == other) return std::string(ours);
    return std::string(name);
}

// 1-9 from a full-width or ASCII digit (files) or a kanji number (ranks) at the front of
// `text`, which it then drops; 0 when there is none.
template <std::size_t N>
int take_number(std::string_view& text, const std::array<std::string_view, N>& forms) {
    if (!text.empty() && text[0] >= '1' && text[0] <= '9') {
        const int n = text[0] - '0';
        text.remove_prefix(1);
        return n;
    }
    for (std::size_t n = 1; n <= 9; ++n)
        if (text.starts_with(forms[n])) {
            text.remove_prefix(forms[n].size());
            return static_cast<int>(n);
        }
    return 0;
}

bool take_suffix(std::string_view& text, std::string_view suffix) {
    if (text.size() <= suffix.size() || !text.ends_with(suffix)) return false;
    text.remove_suffix(suffix.size());
    return true;
}

// KIF's square (file from the first player's right, rank from the far side) in the rules'.
std::optional<Square> rules_square(const Geometry& g, int kif_file, int kif_rank) {
    if (kif_file < 1 || kif_file > g.width || kif_rank < 1 || kif_rank > g.height)
        return std::nullopt;
    return g.at(g.width - kif_file, g.height - kif_rank);
}

std::string kif_square(const Geometry& g, Square s) {
    return fmt::format("{}{}", kFullWidthDigits[static_cast<std::size_t>(g.width - g.file_of(s))],
                       kKanjiNumbers[static_cast<std::size_t>(g.height - g.rank_of(s))]);
}

// The variant's piece KIF calls `name` (or its other names); -1 when none.
int kif_piece_type(const Variant& v, std::string_view name) {
    const std::string wanted = normal_name(name);
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (normal_name(v.pieces[t].kif) == wanted) return static_cast<int>(t);
    return -1;
}

// The piece as the FEN writes it: "P", "+P" for a promoted form; lower case for Black.
std::string fen_piece(const PieceType& p, bool black) {
    std::string text =
        p.promoted_form_of ? std::string("+") + p.promoted_form_of : std::string(1, p.letter);
    if (black)
        for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

// The length of the UTF-8 character starting text (1 for ASCII and for a stray byte).
std::size_t char_length(std::string_view text) {
    const auto c = static_cast<unsigned char>(text[0]);
    const std::size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
    return std::min(n, text.size());
}

// A hand, "金　歩二" (or なし), as FEN letters.
std::string hand_letters(const Variant& v, std::string_view hand, bool black) {
    std::string out;
    std::string_view rest = hand;
    while (!rest.empty()) {
        if (rest.starts_with("　") || rest.starts_with(" ")) {
            rest.remove_prefix(char_length(rest));
            continue;
        }
        if (rest.starts_with("なし")) break;
        const std::size_t len = char_length(rest);
        const int type = kif_piece_type(v, rest.substr(0, len));
        if (type < 0)
            throw PositionError(fmt::format("the hand '{}' names a piece {} does not have: {}",
                                            printable_excerpt(hand), v.name,
                                            printable_excerpt(rest.substr(0, len))));
        rest.remove_prefix(len);
        // A count in kanji: 二 ... 九, 十, 十一 ... 十八.
        int count = 0;
        if (rest.starts_with("十")) {
            rest.remove_prefix(std::string_view("十").size());
            count = 10;
        }
        for (std::size_t n = 1; n <= 9; ++n)
            if (rest.starts_with(kKanjiNumbers[n])) {
                rest.remove_prefix(kKanjiNumbers[n].size());
                count += static_cast<int>(n);
                break;
            }
        for (int k = 0; k < std::max(1, count); ++k)
            out += fen_piece(v.pieces[static_cast<std::size_t>(type)], black);
    }
    return out;
}

}  // namespace

std::string kif_diagram_fen(const Rules& rules, const KifDiagram& d) {
    const Variant& v = rules.variant();
    const Geometry& g = rules.geometry();
    if (static_cast<int>(d.rows.size()) != g.height)
        throw PositionError(fmt::format("the diagram has {} rows, {}'s board {} ranks",
                                        d.rows.size(), v.name, g.height));
    std::string placement;
    for (const std::string& row : d.rows) {
        std::string_view rest(row);
        if (!rest.starts_with("|")) throw PositionError("a diagram row should start with |");
        rest.remove_prefix(1);
        int empty = 0, cells = 0;
        std::string rank;
        while (cells < g.width && !rest.empty()) {
            // A cell: ' ' or 'v' (the second player's), then the piece or ・.
            const bool gote = rest[0] == 'v';
            if (rest[0] != ' ' && rest[0] != 'v')
                throw PositionError(
                    fmt::format("the diagram row '{}' has a cell that starts with "
                                "neither a space nor v",
                                printable_excerpt(row)));
            rest.remove_prefix(1);
            if (rest.empty()) break;
            const std::size_t len = char_length(rest);
            const std::string_view name = rest.substr(0, len);
            rest.remove_prefix(len);
            ++cells;
            if (name == "・") {
                ++empty;
                continue;
            }
            const int type = kif_piece_type(v, name);
            if (type < 0)
                throw PositionError(
                    fmt::format("the diagram row '{}' has a piece {} does not "
                                "have: {}",
                                printable_excerpt(row), v.name, printable_excerpt(name)));
            if (empty) rank += std::to_string(empty);
            empty = 0;
            rank += fen_piece(v.pieces[static_cast<std::size_t>(type)], gote);
        }
        if (cells != g.width || !rest.starts_with("|"))
            throw PositionError(fmt::format("the diagram row '{}' does not have {} squares",
                                            printable_excerpt(row), g.width));
        if (empty) rank += std::to_string(empty);
        placement += (placement.empty() ? "" : "/") + rank;
    }
    return fmt::format("{}[{}{}] {} - - 0 1", placement, hand_letters(v, d.sente_hand, false),
                       hand_letters(v, d.gote_hand, true), d.gote_to_move ? "b" : "w");
}

Move parse_kif_move(const Position& pos, std::string_view text, std::optional<Square> last_to) {
    const Geometry& g = pos.rules().geometry();
    const Variant& v = pos.rules().variant();
    const std::string whole = printable_excerpt(text);  // as an error message quotes it
    auto unparsable = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Unparsable,
                         fmt::format("'{}' is not a KIF move: {}", whole, why));
    };
    auto illegal = [&](const std::string& why) {
        return MoveError(MoveError::Kind::Illegal, fmt::format("{} is not legal: {}", whole, why));
    };

    std::optional<Square> to;
    if (text.starts_with("同")) {
        text.remove_prefix(std::string_view("同").size());
        if (text.starts_with("　")) text.remove_prefix(std::string_view("　").size());
        while (text.starts_with(" ")) text.remove_prefix(1);
        if (!last_to) throw unparsable("同 (the last move's square) with no move before it");
        to = last_to;
    } else {
        const int file = take_number(text, kFullWidthDigits);
        const int rank = take_number(text, kKanjiNumbers);
        if (file == 0 || rank == 0)
            throw unparsable("it should start with the destination, as ７六, or 同");
        to = rules_square(g, file, rank);
        if (!to) throw unparsable(fmt::format("the board has no square {}{}", file, rank));
    }

    // The source in parentheses, two digits: file then rank.
    std::optional<Square> from;
    if (const auto open = text.find('('); open != std::string_view::npos) {
        const std::string_view src = text.substr(open);
        if (src.size() != 4 || src[3] != ')' || src[1] < '1' || src[1] > '9' || src[2] < '1' ||
            src[2] > '9')
            throw unparsable("the source should be two digits in parentheses, as (77)");
        from = rules_square(g, src[1] - '0', src[2] - '0');
        if (!from) throw unparsable(fmt::format("the board has no square {}", src));
        text = text.substr(0, open);
    }
    bool drop = false, promote = false;
    if (take_suffix(text, "打"))
        drop = true;
    else if (take_suffix(text, "不成") || take_suffix(text, "生"))
        promote = false;
    else if (take_suffix(text, "成"))
        promote = true;
    if (text.empty()) throw unparsable("it names no piece");
    const std::string piece = normal_name(text);
    if (drop && from) throw unparsable("a drop (打) has no source square");

    auto name_of = [&](int type) {
        return normal_name(v.pieces[static_cast<std::size_t>(type)].kif);
    };
    std::vector<Move> matches;
    for (const Move m : pos.legal_moves()) {
        if (m.to != *to) continue;
        if (m.is_drop()) {
            if (!from && name_of(m.drop_type()) == piece) matches.push_back(m);
            continue;
        }
        if (drop || (from && m.from != *from)) continue;
        if (name_of(pos.piece_at(m.from)->type) != piece) continue;
        if ((m.kind() == MoveKind::Promotion) == promote) matches.push_back(m);
    }
    if (matches.size() == 1) return matches.front();
    if (matches.size() > 1)
        throw illegal(fmt::format("{} moves of a {} reach {}: write the source, as (77)",
                                  matches.size(), piece, kif_square(g, *to)));
    // Why nothing matched, in the record's own terms.
    const Color us = pos.side_to_move();
    if (from) {
        const auto p = pos.piece_at(*from);
        const std::string src = kif_square(g, *from);
        if (!p) throw illegal(fmt::format("there is no piece on {}", src));
        if (p->color != us) throw illegal(fmt::format("the piece on {} is the opponent's", src));
        if (name_of(p->type) != piece)
            throw illegal(
                fmt::format("the piece on {} is a {}, not a {}", src, name_of(p->type), piece));
        // Where the move is legal the other way, say which way it must be.
        const auto moves = pos.legal_moves();
        const bool other_way = std::any_of(moves.begin(), moves.end(), [&](Move m) {
            return m.from == *from && m.to == *to && (m.kind() == MoveKind::Promotion) != promote;
        });
        throw illegal(fmt::format("the {} on {} cannot move to {}{}", piece, src,
                                  kif_square(g, *to),
                                  !other_way ? ""
                                  : promote  ? " promoting (write it without 成)"
                                             : " without promoting (write 成)"));
    }
    int type = -1;
    for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (name_of(static_cast<int>(t)) == piece) type = static_cast<int>(t);
    if (type < 0) throw unparsable(fmt::format("{} names no piece of {}", piece, v.name));
    if (pos.in_hand(us, type) <= 0)
        throw illegal(fmt::format("there is no {} in hand to drop", piece));
    throw illegal(fmt::format("a {} may not be dropped on {}", piece, kif_square(g, *to)));
}

}  // namespace referee::rules
