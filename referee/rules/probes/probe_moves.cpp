#include "referee/rules/probes/probe_moves.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"

namespace referee::rules {

namespace {

bool is_white_letter(char c) {
    return std::isupper(static_cast<unsigned char>(c)) != 0;
}

char cased(char letter, Color c) {
    return c == White ? letter
                      : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
}

std::string fen_field(const std::string& fen, int index) {
    std::istringstream in(fen);
    std::string word;
    for (int i = 0; i <= index && in >> word; ++i)
        if (i == index) return word;
    return "-";
}

bool attacked(const Position& pos, Square s, Color by) {
    return pos.visit([&](const auto& b) { return b.attacked(s, by); });
}

}  // namespace

const PieceType* type_at(const Position& pos, Square s) {
    const char c = pos.letter_at(s);
    if (c == '.') return nullptr;
    const int t = pos.rules().variant().type_of(c);
    return t < 0 ? nullptr : &pos.rules().variant().pieces[t];
}

bool moves_royal(const Position& pos, Move m) {
    const PieceType* p = type_at(pos, m.from);
    return p && p->royal;
}

bool captures_enemy_royal(const Position& pos, Move m) {
    const PieceType* p = type_at(pos, m.to);
    return p && p->royal && is_white_letter(pos.letter_at(m.to)) != (pos.side_to_move() == White);
}

bool wraps_as(const PieceType&, const MoveRule& r) {
    // A cylindrical move (o) wraps by right: no flaw to look for there.
    return r.hop == Hop::None && !r.lame && !r.wrap && !r.bent;
}

bool is_side_step(const PieceType& p, const MoveRule& r) {
    if (p.pawn || p.royal || r.range != 1 || !r.can_move || r.can_capture || r.hop != Hop::None)
        return false;
    return std::any_of(p.moves.begin(), p.moves.end(),
                       [](const MoveRule& o) { return o.can_capture; });
}

// Made once per variant and thread: making a Rules finds its magic tables (tens of
// milliseconds on 8x8), and made on each call it made explaining a validate run's few
// thousand flawed moves take minutes. The cache holds the Rules it was made from, so that
// variant's address cannot be taken by another while the entry lives.
const Rules& without_check_rules(const Rules& rules) {
    struct Cache {
        std::optional<Rules> of, loose;
    };
    thread_local Cache cache;
    if (!cache.of || &cache.of->variant() != &rules.variant()) {
        Variant free = rules.variant();
        free.check_rules = false;
        cache.loose.emplace(std::move(free));
        cache.of.emplace(rules);
    }
    return *cache.loose;
}

bool is_side_step_move(const Position& pos, Move m) {
    const PieceType* p = type_at(pos, m.from);
    if (!p || m.kind() != MoveKind::Normal || pos.letter_at(m.to) != '.') return false;
    const Geometry& g = pos.rules().geometry();
    const int dx = g.file_of(m.to) - g.file_of(m.from);
    // Rules are written for White: Black's forward is down the board.
    const int dy = (g.rank_of(m.to) - g.rank_of(m.from)) * (pos.side_to_move() == White ? 1 : -1);
    bool side_step = false;
    for (const auto& r : p->moves) {
        if (r.dx == dx && r.dy == dy && is_side_step(*p, r)) side_step = true;
        // The same square reached by a move of another rule (a rider's first step).
        else if (r.can_move && r.hop == Hop::None && r.dx * dy == r.dy * dx &&
                 r.dx * dx + r.dy * dy > 0 && (r.is_rider() || (r.dx == dx && r.dy == dy)))
            return false;
    }
    return side_step;
}

std::vector<Square> attackers_of(const Position& pos, Square target, Color by) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    PositionFields f = parse_fen(g, pos.fen());
    if (f.placement[target] == '.') {
        // Something of the other side to be captured there: attacks are captures.
        // A piece a position may hold anywhere: not a second royal (refused in a FEN), and
        // not a pawn, which may not stand on its promotion rank.
        char letter = v.pieces.front().letter;
        for (auto it = v.pieces.rbegin(); it != v.pieces.rend(); ++it)
            if (!it->royal && !it->pawn) letter = it->letter;
        f.placement[target] = cased(letter, ~by);
    }
    const Rules& rules = without_check_rules(pos.rules());
    const std::string fen =
        fmt::format("{} {} - - 0 1", placement_to_fen(g, f.placement), by == White ? 'w' : 'b');
    std::vector<Square> out;
    try {
        for (Move m : rules.from_fen(fen).legal_moves())
            if (m.to == target && m.kind() != MoveKind::Castle &&
                std::find(out.begin(), out.end(), m.from) == out.end())
                out.push_back(m.from);
    } catch (const std::exception&) {
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string piece_phrase(const Position& pos, Square s) {
    const PieceType* p = type_at(pos, s);
    return fmt::format("the {} on {}", p ? p->name : std::string("piece"),
                       pos.rules().geometry().name(s));
}

std::string attackers_phrase(const Position& pos, const std::vector<Square>& squares) {
    std::string out;
    for (std::size_t i = 0; i < squares.size(); ++i) {
        if (i) out += i + 1 == squares.size() ? " and " : ", ";
        out += piece_phrase(pos, squares[i]);
    }
    return out.empty() ? std::string("an enemy piece") : out;
}

std::vector<CastlingCheck> castling_checks(const Position& pos) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    std::vector<CastlingCheck> out;
    if (v.castling.empty()) return out;
    const Color us = pos.side_to_move();
    const std::string rights = fen_field(pos.fen(), 2);
    const PositionFields start = parse_fen(g, v.start_fen);
    // Numbered as the tables number them: White's rules, then Black's.
    int index = 0;
    if (us == Black)
        for (const CastlingRule& rule : v.castling) index += rule.applies(White);
    for (const CastlingRule& rule : v.castling) {
        if (!rule.applies(us)) continue;
        const int this_index = index++;
        // A side the start gives no such right, and no drop can (horde's White, whose first
        // rank is pawns), never castles: its pieces there are no king and rook.
        if (!v.drop_rules.castling &&
            start.castling.find(cased(rule.right, us)) == std::string::npos)
            continue;
        auto side = [&](Square s) { return us == White ? s : g.mirror_rank(s); };
        CastlingCheck c;
        c.index = this_index;
        c.right = cased(rule.right, us);
        c.king_from = side(rule.king_from);
        c.king_to = side(rule.king_to);
        c.rook_from = side(rule.rook_from);
        c.rook_to = side(rule.rook_to);
        const PieceType* king = type_at(pos, c.king_from);
        // The rook as the side's own start array has it (horde's White has pawns there).
        const char own = start.placement[c.rook_from];
        const char rook_letter =
            own == '.' ? 'R' : static_cast<char>(std::toupper(static_cast<unsigned char>(own)));
        // The castling king is the piece the array starts there (extinction's king is not
        // royal); where the array leaves the square empty, the royal piece.
        const char king_home = rule.king_piece ? rule.king_piece : start.placement[c.king_from];
        const bool king_there =
            king_home != '.'
                ? pos.letter_at(c.king_from) ==
                      cased(static_cast<char>(std::toupper(static_cast<unsigned char>(king_home))),
                            us)
                : king && king->royal &&
                      is_white_letter(pos.letter_at(c.king_from)) == (us == White);
        c.home = king_there && pos.letter_at(c.rook_from) == cased(rook_letter, us);
        c.has_right = rights.find(c.right) != std::string::npos;
        auto between = [&](Square a, Square b) {
            for (Square s = std::min(a, b); s <= std::max(a, b); ++s)
                if (s != c.king_from && s != c.rook_from && pos.letter_at(s) != '.' &&
                    c.blocker == kNoSquare)
                    c.blocker = s;
        };
        between(c.king_from, c.king_to);
        between(c.rook_from, c.rook_to);
        if (v.check_rules) {
            c.in_check = attacked(pos, c.king_from, ~us);
            const int step = c.king_to > c.king_from ? 1 : -1;
            for (Square s = c.king_from; s != c.king_to;) {
                s += step;
                if (c.attacked == kNoSquare && attacked(pos, s, ~us)) c.attacked = s;
            }
        }
        out.push_back(c);
    }
    return out;
}

std::vector<Move> castles_ignoring(const Position& pos, RuleFeature f) {
    std::vector<Move> out;
    for (const auto& c : castling_checks(pos)) {
        if (!c.home) continue;
        const bool right = c.has_right, path = c.blocker == kNoSquare, calm = !c.in_check,
                   safe = c.attacked == kNoSquare;
        bool flawed = false;
        switch (f) {
            case RuleFeature::CastlingRights:
                flawed = !right && path && calm && safe;
                break;
            case RuleFeature::CastlingPathEmpty:
                flawed = right && !path && calm && safe;
                break;
            case RuleFeature::CastlingOutOfCheck:
                flawed = right && path && !calm && safe;
                break;
            case RuleFeature::CastlingThroughAttack:
                flawed = right && path && calm && !safe;
                break;
            default:
                break;
        }
        if (flawed) out.push_back(c.move());
    }
    return out;
}

std::vector<Move> wrapped_moves(const Position& pos, bool side_steps) {
    const Variant& v = pos.rules().variant();
    const Geometry& g = pos.rules().geometry();
    const Color us = pos.side_to_move();
    std::vector<Move> out;
    for (Square from = 0; from < g.squares(); ++from) {
        const char letter = pos.letter_at(from);
        if (letter == '.' || is_white_letter(letter) != (us == White)) continue;
        const int type = v.type_of(letter);
        const PieceType& p = v.pieces[type];
        for (const auto& r : p.moves) {
            if (r.dx == 0 || !wraps_as(p, r) || is_side_step(p, r) != side_steps) continue;
            const int dy = us == White ? r.dy : -r.dy;
            int x = g.file_of(from), y = g.rank_of(from);
            bool crossed = false;
            for (int k = 1; r.range == 0 || k <= r.range; ++k) {
                x += r.dx;
                y += dy;
                if (y < 0 || y >= g.height || k > g.squares()) break;
                if (x < 0 || x >= g.width) crossed = true;
                x = ((x % g.width) + g.width) % g.width;
                const Square to = g.at(x, y);
                if (to == from) break;
                const char there = pos.letter_at(to);
                const bool empty = there == '.',
                           enemy = !empty && is_white_letter(there) != (us == White);
                if (crossed && ((empty && r.can_move) || (enemy && r.can_capture))) {
                    int promotion = -1;
                    const int zone = p.promotion_rank ? p.promotion_rank : g.height;
                    if (!p.promotes_to.empty() && g.relative_rank(us, to) == zone)
                        promotion = v.type_of(p.promotes_to.front());
                    out.push_back(Move::make(from, to, MoveKind::Normal, promotion));
                }
                if (!empty) break;
            }
        }
    }
    return out;
}

bool leaves_royal_attacked(const Position& pos, Move m) {
    Position copy = pos;
    const Color us = pos.side_to_move();
    return copy.visit([&](auto& b) {
        b.make(m);
        const bool hit = b.royal_attacked(us);
        b.unmake();
        return hit;
    });
}

bool wins_at_once(const Position& pos, Move m) {
    Position after = pos;
    after.play(m);
    const auto end = after.outcome();
    return end && end->result ==
                      (pos.side_to_move() == White ? GameResult::WhiteWins : GameResult::BlackWins);
}

bool wins_by(const Position& pos, Move m, EndReason reason) {
    const GameResult ours =
        pos.side_to_move() == White ? GameResult::WhiteWins : GameResult::BlackWins;
    auto won = [&](const Position& p) {
        const auto end = p.outcome();
        return end && end->reason == reason && end->result == ours;
    };
    Position after = pos;
    after.play(m);
    if (after.outcome()) return won(after);
    // Where the ending waits for the other side's reply (Racing Kings' region, shatranj's bare
    // king), the move wins when every reply ends the game that way.
    const EndRules& end = pos.rules().variant().end;
    const bool waits = (reason == EndReason::Region && end.region && end.region->reply) ||
                       (reason == EndReason::BareKing && end.bare_king_reply);
    if (!waits) return false;
    const auto replies = after.legal_moves();
    return !replies.empty() && std::all_of(replies.begin(), replies.end(), [&](Move r) {
        Position next = after;
        next.play(r);
        return won(next);
    });
}

bool wins_for_sure(const Position& pos, Move m) {
    if (wins_at_once(pos, m)) return true;
    const EndRules& end = pos.rules().variant().end;
    return (end.region && end.region->reply && wins_by(pos, m, EndReason::Region)) ||
           (end.bare_king_reply && wins_by(pos, m, EndReason::BareKing));
}

bool keeps_forced_win(const Position& pos, Move m) {
    if (wins_for_sure(pos, m)) return true;
    const GameResult ours =
        pos.side_to_move() == White ? GameResult::WhiteWins : GameResult::BlackWins;
    Position after = pos;
    after.play(m);
    if (after.outcome()) return false;  // it ended the game, and not by winning
    const auto replies = after.legal_moves();
    return !replies.empty() && std::all_of(replies.begin(), replies.end(), [&](Move r) {
        Position next = after;
        next.play(r);
        if (const auto end = next.outcome()) return end->result == ours;
        const auto ours_next = next.legal_moves();
        return std::any_of(ours_next.begin(), ours_next.end(),
                           [&](Move w) { return wins_for_sure(next, w); });
    });
}

bool attacked_with_captured_pawn_left(const Position& pos, Move m, const Rules& unchecked) {
    const Geometry& g = pos.rules().geometry();
    PositionFields f = parse_fen(g, pos.fen());
    f.placement[m.to] = f.placement[m.from];
    f.placement[m.from] = '.';
    const std::string fen = fmt::format("{} {} - - 0 1", placement_to_fen(g, f.placement),
                                        pos.side_to_move() == White ? 'w' : 'b');
    try {
        return unchecked.from_fen(fen).in_check();
    } catch (const std::exception&) {
        return true;  // not a position the rules read: no flaw to show here
    }
}

}  // namespace referee::rules
