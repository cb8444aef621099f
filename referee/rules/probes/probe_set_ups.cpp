#include "referee/rules/probes/probe_set_ups.hpp"

#include <algorithm>
#include <cctype>

namespace referee::rules::probe_search {

namespace {

char cased(char letter, Color c) {
    const auto l = static_cast<unsigned char>(letter);
    return static_cast<char>(c == White ? std::toupper(l) : std::tolower(l));
}

}  // namespace

SetUps::SetUps(const Variant& v, Rng& rng)
    : v_(v), g_(v.geometry), start_(parse_fen(v.geometry, v.start_fen)), rng_(rng) {}

char SetUps::home_letter(Color c, Square s) const {
    const char letter = start_.placement[c == White ? s : g_.mirror_rank(s)];
    return static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
}

void SetUps::castling_check(PositionFields& f) {
    const Color us = f.side_to_move;
    const auto& rule =
        v_.castling[static_cast<std::size_t>(pick(rng_, static_cast<int>(v_.castling.size())))];
    if (!rule.applies(us)) return;
    const char king = home_letter(us, rule.king_from), rook = home_letter(us, rule.rook_from);
    if (king == '.' || rook == '.') return;
    auto as = cased;
    auto side = [&](Square s) { return us == White ? s : g_.mirror_rank(s); };
    for (auto& c : f.placement)
        if (c == as(king, White) || c == as(king, Black)) c = '.';
    const int home = g_.rank_of(side(rule.king_from));
    const int lo = std::min(g_.file_of(rule.king_from), g_.file_of(rule.rook_from)),
              hi = std::max(g_.file_of(rule.king_from), g_.file_of(rule.rook_from));
    for (int file = lo; file <= hi; ++file) f.placement[g_.at(file, home)] = '.';
    f.placement[side(rule.king_from)] = as(king, us);
    f.placement[side(rule.rook_from)] = as(rook, us);
    // The other side's king, where its array has one (horde's White has none).
    if (std::find(start_.placement.begin(), start_.placement.end(), as(king, ~us)) ==
        start_.placement.end())
        return;
    const int file = g_.file_of(rule.rook_to), far = us == White ? g_.height - 1 : 0;
    for (int rank = std::min(home, far) + 1; rank < std::max(home, far); ++rank)
        f.placement[g_.at(file, rank)] = '.';
    f.placement[g_.at(file, far)] = as(king, ~us);
}

void SetUps::castling_in_place(PositionFields& f) {
    const Color us = f.side_to_move;
    const auto royal_type = std::find_if(v_.pieces.begin(), v_.pieces.end(),
                                         [](const PieceType& p) { return p.royal; });
    if (royal_type == v_.pieces.end()) return;
    const auto& rule =
        v_.castling[static_cast<std::size_t>(pick(rng_, static_cast<int>(v_.castling.size())))];
    if (!rule.applies(us)) return;
    const int rank = us == White ? 0 : g_.height - 1;
    const int king = g_.file_of(rule.king_to), rook_to = g_.file_of(rule.rook_to);
    const int rook = king + (g_.file_of(rule.rook_from) > g_.file_of(rule.king_from) ? 1 : -1);
    const char rook_letter = home_letter(us, rule.rook_from);
    if (rook < 0 || rook >= g_.width || rook_letter == '.') return;
    auto as = [&](char letter) { return cased(letter, us); };
    const char royal = as(royal_type->letter);
    for (auto& c : f.placement)
        if (c == royal) c = '.';
    f.placement[g_.at(rook_to, rank)] = '.';
    f.placement[g_.at(king, rank)] = royal;
    f.placement[g_.at(rook, rank)] = as(rook_letter);
}

void SetUps::hand(PositionFields& f) {
    std::vector<char> kinds;
    for (char c : start_.hand)
        if (const int t = v_.type_of(c);
            std::isupper(static_cast<unsigned char>(c)) && t >= 0 && !v_.pieces[t].royal)
            kinds.push_back(c);
    if (kinds.empty())
        for (const auto& p : v_.pieces)
            if (!p.royal && p.promoted_form_of == 0) kinds.push_back(p.letter);
    if (kinds.empty()) return;
    std::string hand;
    for (int i = 1 + pick(rng_, 2); i > 0; --i) {
        const char c = kinds[static_cast<std::size_t>(pick(rng_, static_cast<int>(kinds.size())))];
        hand += cased(c, f.side_to_move);
    }
    f.hand = hand;
    f.hand_given = true;
}

void SetUps::first_movers_home(PositionFields& f) {
    const Color us = f.side_to_move;
    for (Square s = 0; s < g_.squares(); ++s) {
        const char c = start_.placement[s];
        const int t = c == '.' ? -1 : v_.type_of(c);
        if (t < 0 || v_.pieces[t].first_moves.empty() || cased(c, us) != c || pick(rng_, 4) == 0)
            continue;
        // Pieces whose first moves are made from a rank (berolina's pawns): a few of them, so
        // that the search can make a first move the only move (with most pawns home, some
        // other pawn always has a move).
        if (!v_.pieces[t].first_move_ranks.empty() && pick(rng_, 4) != 0) continue;
        // One royal piece a side: the one elsewhere goes.
        if (v_.pieces[t].royal)
            for (auto& x : f.placement)
                if (x == c) x = '.';
        f.placement[s] = c;
    }
}

std::vector<char> SetUps::more_rights(RuleFeature feature, const PositionFields& f) const {
    std::vector<char> out;
    auto ours = [&](Square s, Color c) {
        const char x = f.placement[s];
        return x != '.' && (std::isupper(static_cast<unsigned char>(x)) != 0) == (c == White);
    };
    for (Color c : {White, Black}) {
        const int rank = c == White ? 0 : g_.height - 1;
        // Only a piece of the start array still on its start square can have the right (a
        // piece that came there later has moved), and for first moves one that has a leap.
        if (feature == RuleFeature::GatingMove || feature == RuleFeature::FirstMove)
            for (int file = 0; file < g_.width; ++file) {
                const Square s = g_.at(file, rank);
                const int t = v_.type_of(f.placement[s]);
                if (ours(s, c) && f.placement[s] == start_.placement[s] &&
                    (feature == RuleFeature::GatingMove || !v_.pieces[t].first_moves.empty()))
                    out.push_back(cased(static_cast<char>('a' + file), c));
            }
        if (feature != RuleFeature::CastlingOnlyMove || !v_.chess960) continue;
        int king = -1;
        for (int file = 0; file < g_.width; ++file)
            if (const int t = v_.type_of(f.placement[g_.at(file, rank)]);
                ours(g_.at(file, rank), c) && t >= 0 && v_.pieces[t].royal)
                king = file;
        if (king < 0) continue;
        for (const auto& rule : v_.castling) {
            if (!rule.applies(c)) continue;
            const int dir = g_.file_of(rule.rook_from) > g_.file_of(rule.king_from) ? 1 : -1;
            const char rook = cased(home_letter(c, rule.rook_from), c);
            for (int file = king + dir; file >= 0 && file < g_.width; file += dir)
                if (f.placement[g_.at(file, rank)] == rook) {
                    out.push_back(cased(rule.right, c));
                    break;
                }
        }
    }
    return out;
}

}  // namespace referee::rules::probe_search
