#include "referee/rules/variant/ini/ini_values.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace referee::rules {
namespace {

bool whole_number(const std::string& s, int& out) {
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

std::string capitalised(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
    return s;
}

}  // namespace

bool IniValues::boolean(const IniEntry& e) const {
    if (e.value == "true") return true;
    if (e.value != "false") at.fail(e, fmt::format("'{}' is not true or false", e.value));
    return false;
}

int IniValues::number(const IniEntry& e, int lo, int hi) const {
    int n = 0;
    if (!whole_number(e.value, n) || n < lo || n > hi)
        at.fail(e, fmt::format("'{}' is not a whole number from {} to {}", e.value, lo, hi));
    return n;
}

int IniValues::rank(const IniEntry& e) const {
    return number(e, 1, d.v.geometry.height);
}

int IniValues::file(const IniEntry& e, int width) const {
    int n = 0;
    if (e.value.size() == 1 && std::islower(static_cast<unsigned char>(e.value[0])))
        n = e.value[0] - 'a' + 1;
    else if (!whole_number(e.value, n))
        n = 0;
    if (n < 1 || n > width)
        at.fail(e, fmt::format("'{}' is not a file of a board of {} files (a letter, or a number "
                               "from 1)",
                               e.value, width));
    return n - 1;
}

EndValue IniValues::value(const IniEntry& e) const {
    if (e.value == "win") return EndValue::Win;
    if (e.value == "loss") return EndValue::Loss;
    if (e.value == "draw") return EndValue::Draw;
    at.fail(
        e, fmt::format("'{}' is not a result the referee plays here (win, loss or draw)", e.value));
}

std::vector<std::string> IniValues::types(const IniEntry& e) const {
    std::vector<std::string> out;
    for (char c : e.value) {
        if (std::isspace(static_cast<unsigned char>(c)) || c == '-') continue;
        const int i = d.v.type_of(c);
        if (!std::isalpha(static_cast<unsigned char>(c)) || i < 0)
            at.fail(e, fmt::format("'{}' is not the letter of a piece of this variant", c));
        out.push_back(d.types[static_cast<std::size_t>(i)]);
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> IniValues::type_pairs(const IniEntry& e) const {
    std::vector<std::pair<std::string, std::string>> out;
    for (std::size_t i = 0; i < e.value.size();) {
        if (std::isspace(static_cast<unsigned char>(e.value[i]))) {
            ++i;
            continue;
        }
        if (i + 2 >= e.value.size() || e.value[i + 1] != ':')
            at.fail(e, fmt::format("'{}' is not a list of pairs such as 'p:g s:g'", e.value));
        const IniEntry one{e.key, std::string{e.value[i]}, e.line};
        const IniEntry two{e.key, std::string{e.value[i + 2]}, e.line};
        out.emplace_back(types(one).at(0), types(two).at(0));
        i += 3;
    }
    return out;
}

std::vector<Square> IniValues::squares(const IniEntry& e) const {
    const Geometry& g = d.v.geometry;
    std::vector<Square> out;
    auto bad = [&](const std::string& word) {
        at.fail(e, fmt::format("'{}' is not a square, '*N' (a rank) or 'a*' (a file) of this "
                               "{}x{} board",
                               word, g.width, g.height));
    };
    std::size_t pos = 0;
    while (pos < e.value.size()) {
        while (pos < e.value.size() && std::isspace(static_cast<unsigned char>(e.value[pos])))
            ++pos;
        std::size_t end = pos;
        while (end < e.value.size() && !std::isspace(static_cast<unsigned char>(e.value[end])))
            ++end;
        const std::string word = e.value.substr(pos, end - pos);
        pos = end;
        if (word.empty() || word == "-") continue;
        int n = 0;
        if (word[0] == '*') {
            if (!whole_number(word.substr(1), n) || n < 1 || n > g.height) bad(word);
            for (int f = 0; f < g.width; ++f) out.push_back(g.at(f, n - 1));
        } else if (word.size() == 2 && word[1] == '*' &&
                   std::isalpha(static_cast<unsigned char>(word[0]))) {
            const int f = std::tolower(static_cast<unsigned char>(word[0])) - 'a';
            if (f >= g.width) bad(word);
            for (int r = 0; r < g.height; ++r) out.push_back(g.at(f, r));
        } else {
            const int f = std::tolower(static_cast<unsigned char>(word[0])) - 'a';
            if (!std::isalpha(static_cast<unsigned char>(word[0])) || f >= g.width ||
                !whole_number(word.substr(1), n) || n < 1 || n > g.height)
                bad(word);
            out.push_back(g.at(f, n - 1));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::vector<int> IniValues::rank_set(const IniEntry& e, Color side) const {
    const Geometry& g = d.v.geometry;
    const auto list = squares(e);
    std::vector<int> ranks;
    for (int r = 0; r < g.height; ++r) {
        int on = 0;
        for (int f = 0; f < g.width; ++f)
            on += std::binary_search(list.begin(), list.end(), g.at(f, r));
        if (on != 0 && on != g.width)
            at.fail(e, "only regions of whole ranks (such as '*1 *2') are played here");
        if (on) ranks.push_back(side == White ? r + 1 : g.height - r);
    }
    std::sort(ranks.begin(), ranks.end());
    return ranks;
}

char IniValues::letter_of_type(const IniEntry& e, const std::string& type) const {
    const int i = d.piece_of_type(type);
    if (i < 0)
        at.fail(e, fmt::format("names a rule of the {} type, which this variant lacks", type));
    return d.v.pieces[static_cast<std::size_t>(i)].letter;
}

PositionFields IniValues::start_fields(const IniEntry& e) const {
    try {
        return parse_fen(d.v.geometry, d.v.start_fen);
    } catch (const PositionError& err) {
        at.fail(
            e, fmt::format("the start position '{}' does not read: {}", d.v.start_fen, err.what()));
    }
}

void IniValues::flag_region(std::set<std::string>& used) const {
    Variant& v = d.v;
    const IniEntry* piece = nullptr;
    const IniEntry* white = nullptr;
    const IniEntry* black = nullptr;
    const IniEntry* any = nullptr;
    for (const IniEntry& e : at.section.entries) {
        const std::string& k = e.key;
        if (k == "flagPiece" || k == "flagPieceWhite" || k == "flagPieceBlack") {
            if (piece && piece->value != e.value)
                at.fail(e, "a flag piece of each side is not a rule here: give one flagPiece");
            piece = &e;
        } else if (k == "whiteFlag" || k == "flagRegionWhite") {
            white = &e;
        } else if (k == "blackFlag" || k == "flagRegionBlack") {
            black = &e;
        } else if (k == "flagRegion") {
            white = black = &e;
        } else if (k != "flagMove" && k != "flagPieceCount") {
            continue;
        }
        used.insert(k);
        any = &e;
    }
    if (!any) return;
    RegionRule rule = v.end.region.value_or(RegionRule{});
    if (piece) {
        if (piece->value == "*") {
            rule.piece = 0;  // any piece
        } else {
            const auto types = this->types(*piece);
            if (types.size() != 1) at.fail(*piece, "needs one piece letter, or * for any");
            rule.piece = v.pieces[static_cast<std::size_t>(d.piece_of_type(types[0]))].letter;
        }
    }  // else the parent's, or Fairy-Stockfish's default *: any piece (0)
    if (white) rule.squares[White] = squares(*white);
    if (black) rule.squares[Black] = squares(*black);
    if (const IniEntry* move = at.section.find("flagMove")) rule.reply = boolean(*move);
    if (const IniEntry* count = at.section.find("flagPieceCount"))
        rule.count = number(*count, 1, 64);
    if (rule.squares[White].empty() && rule.squares[Black].empty()) {
        v.end.region.reset();
        return;
    }
    if (rule.squares[White].empty() || rule.squares[Black].empty())
        at.fail(*any, "a flag region for one side only is not a rule here: give both sides one");
    v.end.region = rule;
}

void IniValues::mobility_regions(std::set<std::string>& used) const {
    const Geometry& g = d.v.geometry;
    for (const IniEntry& e : at.section.entries) {
        if (e.key.rfind("mobilityRegion", 0) != 0) continue;
        used.insert(e.key);
        const std::string rest = e.key.substr(14);
        const bool is_white = rest.rfind("White", 0) == 0;
        if (!is_white && rest.rfind("Black", 0) != 0)
            at.fail(e,
                    "not a mobility region key (mobilityRegionWhite<Piece> or "
                    "mobilityRegionBlack<Piece>)");
        std::string type = rest.substr(5);
        if (!type.empty())
            type[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(type[0])));
        const int i = d.piece_of_type(type);
        if (i < 0) at.fail(e, fmt::format("'{}' is not a piece type of this variant", type));
        const std::string other_key =
            "mobilityRegion" + std::string(is_white ? "Black" : "White") + capitalised(type);
        const IniEntry* other = at.section.find(other_key);
        if (!other)
            at.fail(e, fmt::format("a region for one side only is not a rule here: give {} too",
                                   other_key));
        if (!is_white) continue;  // read once, with White's key
        // A rectangle of files and of ranks counted from each side: the referee's region.
        const auto mine = squares(e), theirs = squares(*other);
        if (mine.empty()) at.fail(e, "an empty region");
        PieceRegion region{g.width, -1, g.height + 1, 0};
        for (Square s : mine) {
            region.file_lo = std::min(region.file_lo, g.file_of(s));
            region.file_hi = std::max(region.file_hi, g.file_of(s));
            region.rank_lo = std::min(region.rank_lo, g.rank_of(s) + 1);
            region.rank_hi = std::max(region.rank_hi, g.rank_of(s) + 1);
        }
        std::vector<Square> rect, mirrored;
        for (Square s = 0; s < g.width * g.height; ++s) {
            if (region.contains(g, White, s)) rect.push_back(s);
            if (region.contains(g, Black, s)) mirrored.push_back(s);
        }
        if (rect != mine || mirrored != theirs)
            at.fail(e,
                    "only regions that are a rectangle of files and ranks, the same for both "
                    "sides seen from their own side, are played here");
        PieceType& p = d.v.pieces[static_cast<std::size_t>(i)];
        for (const MoveRule& m : p.moves)
            if (m.is_rider() || m.hop != Hop::None)
                at.fail(e,
                        fmt::format("the {} rides or hops; a region confines leaping pieces only "
                                    "here",
                                    p.name));
        p.confined = region;
    }
}

}  // namespace referee::rules
