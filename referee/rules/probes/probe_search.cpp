// Finding probe positions: candidates from seeded random games and seeded sparse set-ups,
// kept where the flawed and the true move sets differ the way the feature needs, then
// improved by a seeded local search (remove, add or move a piece) that lowers the flawed
// engine's chance of picking a legal move by luck.
#include <algorithm>
#include <array>
#include <cctype>
#include <random>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/probe_board_rules.hpp"
#include "referee/rules/probes/probe_candidate.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probes.hpp"

namespace referee::rules {

namespace {

using probe_search::Rng;

// How many candidates per wanted position may be improved when few of them catch the flaw.
constexpr std::size_t kExtraTries = 40;

using probe_search::Candidate;
using probe_search::distance_to_win;
using probe_search::fen_of;
using probe_search::missing_kind;
using probe_search::pick;
using probe_search::Scored;

class Searcher {
  public:
    Searcher(const Rules& rules, RuleFeature f, const ProbeSearch& s)
        : rules_(rules),
          v_(rules.variant()),
          g_(rules.geometry()),
          f_(f),
          flawed_(rules, f),
          search_(s),
          rng_(s.seed) {
        start_ = parse_fen(g_, v_.start_fen);
        free_.emplace(without_check_rules(rules));  // shared with the other searches
        for (std::size_t t = 0; t < v_.pieces.size(); ++t)
            (v_.pieces[t].royal ? royal_types_ : other_types_).push_back(static_cast<int>(t));
        // A side without a royal piece at the start (horde's White) gets none in set-ups.
        for (char c : start_.placement)
            if (const int t = c == '.' ? -1 : v_.type_of(c); t >= 0 && v_.pieces[t].royal)
                starts_royal_[std::isupper(static_cast<unsigned char>(c)) ? White : Black] = true;
    }

    std::vector<ProbePosition> run() {
        std::vector<Scored> pool;
        auto consider = [&](const Candidate& c) {
            Scored s = score(c);
            if (s.ok) pool.push_back(std::move(s));
        };
        from_games(consider);
        for (int i = 0; i < search_.set_ups; ++i)
            if (auto c = set_up()) consider(*c);
        std::stable_sort(pool.begin(), pool.end(),
                         [](const Scored& a, const Scored& b) { return a.better_than(b); });
        // Improve a spread of the best candidates, then keep the best distinct ones. Where
        // few improved candidates catch the flaw (a missing move is caught only when nothing
        // else is legal: "only a king capture" needs a king walled in by its own blocked
        // pieces), more candidates are improved, up to a bound, until enough do.
        std::vector<Scored> kept;
        std::set<std::string> seen;
        const auto wanted = static_cast<std::size_t>(search_.positions);
        const std::size_t spread = std::min(pool.size(), wanted * 3);
        const std::size_t bound = std::min(pool.size(), wanted * kExtraTries);
        std::size_t catching = 0;
        for (std::size_t i = 0; i < bound && (i < spread || catching < wanted); ++i) {
            Scored best = improve(pool[i]);
            const std::string key = best.probe.fen + " " +
                                    (best.probe.opening.empty() ? "" : best.probe.opening.front());
            if (!seen.insert(key).second) continue;
            catching += best.catches ? 1 : 0;
            kept.push_back(std::move(best));
        }
        std::stable_sort(kept.begin(), kept.end(),
                         [](const Scored& a, const Scored& b) { return a.better_than(b); });
        std::vector<ProbePosition> out;
        for (auto& k : kept) {
            if (static_cast<int>(out.size()) == search_.positions) break;
            if (!k.catches) continue;
            out.push_back(std::move(k.probe));
        }
        return out;
    }

  private:
    // The position asked, or nullopt when the candidate is not a usable position.
    std::optional<Position> asked(const Candidate& c, std::string* opening) const {
        try {
            Position pos = rules_.from_fen(fen_of(g_, c.fields));
            if (c.lead) {
                if (!pos.is_legal(*c.lead)) return std::nullopt;
                *opening = pos.move_name(*c.lead, MoveStyle::Uci);
                pos.play(*c.lead);
            }
            if (pos.outcome()) return std::nullopt;
            return pos;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }

    // Whether the check in pos is discovered: the royal piece is still attacked with the
    // piece that just moved (on `to`) taken off the board.
    bool discovered(const Position& pos, Square to) const {
        PositionFields f = parse_fen(g_, pos.fen());
        f.placement[to] = '.';
        f.en_passant = "-";
        f.castling = "-";
        try {
            const Position without = free_->from_fen(fen_of(g_, f));
            return without.in_check();
        } catch (const std::exception&) {
            return false;
        }
    }

    Scored score(const Candidate& c) const {
        Scored s;
        std::string opening;
        auto pos = asked(c, &opening);
        if (!pos) return s;
        // Under check rules no game reaches a position where the enemy king can be taken
        // (engines rightly refuse one, even where the variant would let it be taken).
        if (v_.check_rules &&
            pos->visit([&](const auto& b) { return b.royal_attacked(~pos->side_to_move()); }))
            return s;
        // A set-up no game reaches (a general outside its palace, two pawns on a file where
        // nifu forbids it) is no question to ask an engine.
        if (!board_rules_reachable(*pos)) return s;
        // Nor one whose en-passant square names a double step no game made (the side that
        // made it was giving check before it, or could not make it).
        if (!en_passant_origin_legal(rules_, c.fields)) return s;
        const bool check = pos->in_check();
        if ((f_ == RuleFeature::CheckEvasion || f_ == RuleFeature::DiscoveredCheck) && !check)
            return s;
        if (f_ == RuleFeature::Pins && check) return s;
        if (f_ == RuleFeature::DiscoveredCheck && (!c.lead || !discovered(*pos, c.lead->to)))
            return s;
        const auto legal = pos->legal_moves();
        if (legal.empty()) return s;
        if (f_ == RuleFeature::Uchifuzume) return score_drop_mate(c, *pos, legal);
        const auto flawed = flawed_.moves(*pos);
        auto in = [](const std::vector<Move>& set, Move m) {
            return std::find(set.begin(), set.end(), m) != set.end();
        };
        ProbePosition& p = s.probe;
        for (Move m : flawed) {
            if (in(legal, m)) {
                ++p.flawed_legal;
                s.lucky.push_back(m);
            } else {
                p.flawed_only.push_back(m);
            }
        }
        for (Move m : legal)
            if (!in(flawed, m)) p.missed.push_back(m);
        if (missing_kind(f_) ? p.missed.empty() : p.flawed_only.empty()) return s;
        // An ending's winning move is asked where other legal moves exist: an engine that
        // does not know the ending plays one of those, it does not resign.
        if (winning_ending(f_) && p.flawed_legal == 0) return s;
        p.fen = fen_of(g_, c.fields);
        if (c.lead) p.opening = {opening};
        p.legal = legal;
        // A board dump implies every castling right whose king and rook are home, and no en
        // passant.
        p.needs_fen = c.fields.en_passant != "-" || c.fields.castling != implied_rights(c.fields);
        // The share of the moves in play (the flawed engine's and the ones it misses) that a
        // flawed engine could pick and still pass: what the search drives towards zero.
        const std::size_t moves_in_play = flawed.size() + p.missed.size();
        // For a missing move only the count matters (it must reach zero), and counting leaves
        // the search room to wander between positions with as many.
        s.luck = missing_kind(f_)
                     ? p.flawed_legal
                     : static_cast<double>(p.flawed_legal) / static_cast<double>(moves_in_play);
        // A missing move is caught only when the flawed engine has nothing legal to play.
        s.catches = !missing_kind(f_) || p.flawed_legal == 0;
        if (wins_at_once_feature(f_)) {
            // The feature's move must win at once, and no other move may: the flawed engine's
            // winning moves are its luck, and the feature's distance from a win comes first.
            int flawed_winning = 0;
            for (Move m : s.lucky) flawed_winning += wins_at_once(*pos, m) ? 1 : 0;
            // An ending's winning moves are the ones the flawed engine misses, by definition.
            if (winning_ending(f_)) p.winning = p.missed;
            const double distance =
                winning_ending(f_) ? 0 : distance_to_win(*pos, p.missed, p.winning);
            s.luck = distance * 100 + flawed_winning;
            s.catches = distance == 0 && flawed_winning == 0;
            if (f_ == RuleFeature::CastlingMove) {
                // Where no castling can win at once (in losers a mate loses), castling is
                // asked where it is the only legal move: an engine that does not know it has
                // no move. Elsewhere the search still prefers a castling that mates.
                s.luck = std::min(s.luck, 1000.0 + p.flawed_legal);
                s.catches = s.catches || p.flawed_legal == 0;
            }
        }
        s.size = legal.size();
        s.ok = true;
        return s;
    }

    // Uchifuzume: the search drives down the replies to a check by a pawn drop until the drop
    // mates (and so loses), while some other move stays legal for a correct engine.
    Scored score_drop_mate(const Candidate& c, const Position& pos,
                           const std::vector<Move>& legal) const {
        Scored s;
        const int replies = replies_to_forbidden_drop_checks(pos);
        if (replies < 0) return s;
        ProbePosition& p = s.probe;
        p.losing = forbidden_drop_mates(pos);
        if (legal.size() <= p.losing.size()) return s;
        p.fen = fen_of(g_, c.fields);
        p.legal = legal;
        p.flawed_legal = static_cast<int>(legal.size() - p.losing.size());
        s.luck = replies;
        s.catches = !p.losing.empty();
        s.size = legal.size();
        s.ok = true;
        return s;
    }

    std::string implied_rights(const PositionFields& f) const {
        std::string out;
        for (const char c : possible_rights(f)) out += c;
        return out.empty() ? "-" : out;
    }

    // What stands at the start on the side's own square for White's square s, upper case:
    // the two sides' arrays differ in horde (White's e1 holds a pawn, Black's e8 its king).
    char home_letter(Color c, Square s) const {
        const char letter = start_.placement[c == White ? s : g_.mirror_rank(s)];
        return static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
    }

    std::vector<char> possible_rights(const PositionFields& f) const {
        std::vector<char> out;
        for (Color c : {White, Black})
            for (const auto& rule : v_.castling) {
                if (!rule.applies(c)) continue;
                auto side = [&](Square s) { return c == White ? s : g_.mirror_rank(s); };
                const char king = f.placement[side(rule.king_from)],
                           rook = f.placement[side(rule.rook_from)];
                const char rook_letter = home_letter(c, rule.rook_from);
                // The piece the side's array starts there (extinction's king is not royal).
                const char king_letter = home_letter(c, rule.king_from);
                const bool king_ok =
                    king != '.' &&
                    (std::isupper(static_cast<unsigned char>(king)) != 0) == (c == White) &&
                    (king_letter != '.'
                         ? std::toupper(static_cast<unsigned char>(king)) == king_letter
                         : v_.type_of(king) >= 0 && v_.pieces[v_.type_of(king)].royal);
                if (king_ok && rook_letter != '.' &&
                    rook == (c == White ? rook_letter : std::tolower(rook_letter)))
                    out.push_back(c == White ? rule.right
                                             : static_cast<char>(std::tolower(rule.right)));
            }
        return out;
    }

    // Keeps only the castling rights still possible; clears an en-passant square that no
    // longer fits (the position is re-read, so a wrong one would make it unusable).
    void tidy(PositionFields& f) const {
        const auto possible = possible_rights(f);
        std::string rights;
        for (char c : f.castling)
            if (std::find(possible.begin(), possible.end(), c) != possible.end()) rights += c;
        f.castling = rights.empty() ? "-" : rights;
        if (f.en_passant != "-") {
            try {
                rules_.from_fen(fen_of(g_, f));
            } catch (const std::exception&) {
                f.en_passant = "-";
            }
        }
    }

    template <class F>
    void from_games(F&& consider) {
        for (int game = 0; game < search_.games; ++game) {
            Position pos = rules_.start();
            for (int ply = 0; ply < 160; ++ply) {
                if (pos.outcome()) break;
                const auto moves = pos.legal_moves();
                if (moves.empty()) break;
                if (f_ == RuleFeature::DiscoveredCheck) {
                    // Only the moves that uncover a check are candidates; finding them is cheap.
                    for (Move m : moves) {
                        pos.play(m);
                        const bool uncovers = pos.in_check() && discovered(pos, m.to);
                        pos.undo();
                        if (uncovers) consider(Candidate{parse_fen(g_, pos.fen()), m});
                    }
                } else {
                    consider(Candidate{parse_fen(g_, pos.fen()), std::nullopt});
                }
                pos.play(
                    moves[static_cast<std::size_t>(pick(rng_, static_cast<int>(moves.size())))]);
            }
        }
    }

    bool pawn_square_ok(int type, Color c, Square s) const {
        const PieceType& p = v_.pieces[type];
        if (!p.pawn && p.promotes_to.empty()) return true;
        const int rel = g_.relative_rank(c, s);
        const int zone = p.promotion_rank ? p.promotion_rank : g_.height;
        return rel > 1 && rel < zone;
    }

    void place_random(PositionFields& f, int type, Color c, int tries = 20) {
        for (int i = 0; i < tries; ++i) {
            const Square s = pick(rng_, g_.squares());
            if (f.placement[s] != '.' || !pawn_square_ok(type, c, s)) continue;
            f.placement[s] = c == White ? v_.pieces[type].letter
                                        : static_cast<char>(std::tolower(
                                              static_cast<unsigned char>(v_.pieces[type].letter)));
            return;
        }
    }

    // A sparse random position, often with the feature's pieces where it needs them: kings
    // and rooks at home with their rights, a double step just made beside an enemy pawn.
    std::optional<Candidate> set_up() {
        PositionFields f;
        f.placement.assign(static_cast<std::size_t>(g_.squares()), '.');
        f.castling_given = true;
        f.side_to_move = pick(rng_, 2) ? White : Black;
        const bool castle_home = !v_.castling.empty() && pick(rng_, 3) != 0;
        if (castle_home) {
            for (Color c : {White, Black})
                for (const auto& rule : v_.castling) {
                    if (!rule.applies(c)) continue;
                    auto side = [&](Square s) { return c == White ? s : g_.mirror_rank(s); };
                    for (Square s : {rule.king_from, rule.rook_from}) {
                        const char letter = home_letter(c, s);
                        if (letter != '.' && pick(rng_, 4) != 0)
                            f.placement[side(s)] = c == White
                                                       ? static_cast<char>(std::toupper(letter))
                                                       : static_cast<char>(std::tolower(letter));
                    }
                }
        }
        for (Color c : {White, Black})
            for (int t : royal_types_) {
                if (!starts_royal_[c]) break;
                bool present = false;
                for (char x : f.placement)
                    present |=
                        x == (c == White ? v_.pieces[t].letter : std::tolower(v_.pieces[t].letter));
                if (!present) place_random(f, t, c);
            }
        const int extra = 1 + pick(rng_, std::max(2, g_.squares() / 8));
        for (int i = 0; i < extra && !other_types_.empty(); ++i)
            place_random(f,
                         other_types_[static_cast<std::size_t>(
                             pick(rng_, static_cast<int>(other_types_.size())))],
                         pick(rng_, 2) ? White : Black);
        every_listed_kind(f);
        if (f_ == RuleFeature::CastlingMove && pick(rng_, 4) != 0) castling_check_set_up(f);
        std::string rights;
        for (char c : possible_rights(f))
            if (pick(rng_, 4) != 0) rights += c;
        f.castling = rights.empty() ? "-" : rights;
        if (pick(rng_, 2)) en_passant_set_up(f);
        if (v_.end.check_count > 0) {
            // Checks still to give, as the FEN counts them: the side to move often one short.
            const int n = v_.end.check_count;
            std::array<int, 2> remaining{1 + pick(rng_, n), 1 + pick(rng_, n)};
            if (f_ == RuleFeature::CheckCountWin || pick(rng_, 2)) remaining[f.side_to_move] = 1;
            f.checks_remaining = remaining;
        }
        if (f_ == RuleFeature::ExtinctionWin || f_ == RuleFeature::BareKingWin)
            last_of_a_kind_set_up(f);
        if (f_ == RuleFeature::Uchifuzume) {
            // A pawn (of the kind whose drop may not mate) in the mover's hand.
            const char kind = v_.drop_rules.no_mate;
            f.hand =
                f.side_to_move == White
                    ? std::string(1, kind)
                    : std::string(
                          1, static_cast<char>(std::tolower(static_cast<unsigned char>(kind))));
            f.hand_given = true;
        }
        std::optional<Move> lead;
        if (f_ == RuleFeature::DiscoveredCheck) {
            // The opponent moves first: choose one of its moves that uncovers a check.
            f.side_to_move = ~f.side_to_move;
            try {
                Position pos = rules_.from_fen(fen_of(g_, f));
                auto moves = pos.legal_moves();
                std::shuffle(moves.begin(), moves.end(), rng_);
                for (Move m : moves) {
                    Position after = pos;
                    after.play(m);
                    if (after.in_check() && discovered(after, m.to)) {
                        lead = m;
                        break;
                    }
                }
            } catch (const std::exception&) {
            }
            if (!lead) return std::nullopt;
        }
        return Candidate{f, lead};
    }

    // A castling that checks: the mover's king and a rook at home, nothing between them, and
    // the enemy royal piece at the far end of the file the rook lands on, nothing between
    // either. The search then walls that royal piece in.
    void castling_check_set_up(PositionFields& f) {
        const Color us = f.side_to_move;
        const auto& rule =
            v_.castling[static_cast<std::size_t>(pick(rng_, static_cast<int>(v_.castling.size())))];
        if (!rule.applies(us)) return;
        const char king = home_letter(us, rule.king_from), rook = home_letter(us, rule.rook_from);
        if (king == '.' || rook == '.') return;
        auto as = [](char letter, Color c) {
            const auto l = static_cast<unsigned char>(letter);
            return static_cast<char>(c == White ? std::toupper(l) : std::tolower(l));
        };
        auto side = [&](Square s) { return us == White ? s : g_.mirror_rank(s); };
        for (auto& c : f.placement)
            if (c == as(king, White) || c == as(king, Black)) c = '.';
        const int home = g_.rank_of(side(rule.king_from));
        const int lo = std::min(g_.file_of(rule.king_from), g_.file_of(rule.rook_from)),
                  hi = std::max(g_.file_of(rule.king_from), g_.file_of(rule.rook_from));
        for (int file = lo; file <= hi; ++file) f.placement[g_.at(file, home)] = '.';
        f.placement[side(rule.king_from)] = as(king, us);
        f.placement[side(rule.rook_from)] = as(rook, us);
        const int file = g_.file_of(rule.rook_to), far = us == White ? g_.height - 1 : 0;
        for (int rank = std::min(home, far) + 1; rank < std::max(home, far); ++rank)
            f.placement[g_.at(file, rank)] = '.';
        f.placement[g_.at(file, far)] = as(king, ~us);
    }

    // Where losing every piece of a listed kind ends the game (extinction chess lists them
    // all), each side keeps one of each kind it starts with: else the set-up is a game over.
    void every_listed_kind(PositionFields& f) {
        if (!v_.end.extinction) return;
        for (const char kind : v_.end.extinction_pieces)
            for (Color c : {White, Black}) {
                const char letter =
                    c == White ? kind
                               : static_cast<char>(std::tolower(static_cast<unsigned char>(kind)));
                const bool starts = std::find(start_.placement.begin(), start_.placement.end(),
                                              letter) != start_.placement.end();
                const bool present =
                    std::find(f.placement.begin(), f.placement.end(), letter) != f.placement.end();
                if (starts && !present) place_random(f, v_.type_of(kind), c);
            }
    }

    // The side not to move down to its last piece of a kind it may not lose (of any kind but
    // royal, when the variant lists none or the ending is the bare king), so that taking it
    // can end the game.
    void last_of_a_kind_set_up(PositionFields& f) {
        const Color them = ~f.side_to_move;
        static const std::vector<char> none;
        const auto& kinds = f_ == RuleFeature::ExtinctionWin ? v_.end.extinction_pieces : none;
        const char kind =
            kinds.empty()
                ? 0
                : kinds[static_cast<std::size_t>(pick(rng_, static_cast<int>(kinds.size())))];
        std::vector<Square> theirs;
        for (Square s = 0; s < g_.squares(); ++s) {
            const char c = f.placement[s];
            if (c == '.' || (std::isupper(static_cast<unsigned char>(c)) != 0) != (them == White))
                continue;
            const int t = v_.type_of(c);
            if (kind == 0 ? t >= 0 && !v_.pieces[t].royal
                          : std::toupper(static_cast<unsigned char>(c)) == kind)
                theirs.push_back(s);
        }
        if (theirs.size() < 2) return;
        const std::size_t keep =
            static_cast<std::size_t>(pick(rng_, static_cast<int>(theirs.size())));
        for (std::size_t i = 0; i < theirs.size(); ++i)
            if (i != keep) f.placement[theirs[i]] = '.';
    }

    // A pawn of the side not to move that has just double-stepped, an enemy pawn beside it.
    void en_passant_set_up(PositionFields& f) {
        const Color them = ~f.side_to_move;
        for (std::size_t t = 0; t < v_.pieces.size(); ++t) {
            const PieceType& p = v_.pieces[t];
            if (!p.en_passant || p.double_step_ranks.empty()) continue;
            const int rel = p.double_step_ranks.front();
            const int from_rank = them == White ? rel - 1 : g_.height - rel;
            const int dir = them == White ? 1 : -1;
            const int file = pick(rng_, g_.width);
            const Square from = g_.at(file, from_rank), over = g_.at(file, from_rank + dir),
                         to = g_.at(file, from_rank + 2 * dir);
            if (!g_.on_board(file, from_rank + 2 * dir) || f.placement[from] != '.' ||
                f.placement[over] != '.' || f.placement[to] != '.')
                return;
            auto letter = [&](Color c) {
                return c == White
                           ? p.letter
                           : static_cast<char>(std::tolower(static_cast<unsigned char>(p.letter)));
            };
            f.placement[to] = letter(them);
            const int side = file + (pick(rng_, 2) ? 1 : -1);
            const int rank = from_rank + 2 * dir;
            if (g_.on_board(side, rank) && f.placement[g_.at(side, rank)] == '.')
                f.placement[g_.at(side, rank)] = letter(f.side_to_move);
            f.en_passant = g_.name(over);
            if (f_ == RuleFeature::EnPassantExposesKing && g_.on_board(side, rank))
                line_up_on_rank(f, rank, std::min(file, side), std::max(file, side));
            return;
        }
    }

    // The perft trap: the mover's royal piece on one side of the two pawns (files lo and hi of
    // `rank`), an enemy piece that rides along the rank on the other.
    void line_up_on_rank(PositionFields& f, int rank, int lo, int hi) {
        const Color us = f.side_to_move;
        int royal = -1, rider = -1;
        for (int t : royal_types_) royal = t;
        for (int t : other_types_)
            for (const auto& r : v_.pieces[t].moves)
                if (r.dy == 0 && r.dx != 0 && r.is_rider() && r.can_capture && r.hop == Hop::None)
                    rider = t;
        if (royal < 0 || rider < 0 || lo == 0 || hi + 1 >= g_.width) return;
        auto letter = [&](int t, Color c) {
            const char l = v_.pieces[t].letter;
            return c == White ? l : static_cast<char>(std::tolower(static_cast<unsigned char>(l)));
        };
        for (auto& c : f.placement)
            if (c == letter(royal, us)) c = '.';
        const bool royal_left = pick(rng_, 2) == 0;
        const int royal_file = royal_left ? pick(rng_, lo) : hi + 1 + pick(rng_, g_.width - hi - 1);
        const int rider_file = royal_left ? hi + 1 + pick(rng_, g_.width - hi - 1) : pick(rng_, lo);
        const int from = std::min(royal_file, rider_file), to = std::max(royal_file, rider_file);
        for (int file = from; file <= to; ++file)
            if (f.placement[g_.at(file, rank)] == letter(royal, ~us)) return;
        for (int file = from; file <= to; ++file)
            if (file < lo || file > hi) f.placement[g_.at(file, rank)] = '.';
        f.placement[g_.at(royal_file, rank)] = letter(royal, us);
        f.placement[g_.at(rider_file, rank)] = letter(rider, ~us);
    }

    // One random edit of the candidate's position (the fields before the lead move).
    Candidate mutate(const Candidate& c, const std::vector<Move>& lucky) {
        Candidate out = c;
        PositionFields& f = out.fields;
        // Half the time, aim at one of the lucky moves: take away the piece that makes it,
        // or put something on its target square.
        if (!lucky.empty() && pick(rng_, 2) == 0) {
            const Move m =
                lucky[static_cast<std::size_t>(pick(rng_, static_cast<int>(lucky.size())))];
            const int mover = v_.type_of(f.placement[m.from]);
            if (mover >= 0 && !v_.pieces[mover].royal && pick(rng_, 2) == 0 && !out.lead) {
                f.placement[m.from] = '.';
            } else if (f.placement[m.to] == '.' && !other_types_.empty()) {
                const int t = other_types_[static_cast<std::size_t>(
                    pick(rng_, static_cast<int>(other_types_.size())))];
                const Color col = pick(rng_, 2) ? White : Black;
                if (pawn_square_ok(t, col, m.to))
                    f.placement[m.to] = col == White
                                            ? v_.pieces[t].letter
                                            : static_cast<char>(std::tolower(
                                                  static_cast<unsigned char>(v_.pieces[t].letter)));
            }
            tidy(f);
            return out;
        }
        std::vector<Square> pieces, others;
        for (Square s = 0; s < g_.squares(); ++s) {
            if (f.placement[s] == '.') continue;
            pieces.push_back(s);
            const int t = v_.type_of(f.placement[s]);
            if (t >= 0 && !v_.pieces[t].royal) others.push_back(s);
        }
        const int op = pick(rng_, 4);
        if (op == 0 && !others.empty()) {
            f.placement[others[static_cast<std::size_t>(
                pick(rng_, static_cast<int>(others.size())))]] = '.';
        } else if (op == 1 && !other_types_.empty()) {
            place_random(f,
                         other_types_[static_cast<std::size_t>(
                             pick(rng_, static_cast<int>(other_types_.size())))],
                         pick(rng_, 2) ? White : Black, 1);
        } else if (!pieces.empty()) {
            const Square s =
                pieces[static_cast<std::size_t>(pick(rng_, static_cast<int>(pieces.size())))];
            const Square to = pick(rng_, g_.squares());
            const char letter = f.placement[s];
            const int t = v_.type_of(letter);
            const Color c = std::isupper(static_cast<unsigned char>(letter)) ? White : Black;
            if (f.placement[to] == '.' && t >= 0 && pawn_square_ok(t, c, to)) {
                f.placement[s] = '.';
                f.placement[to] = letter;
            }
        }
        if (out.lead && (f.placement[out.lead->from] == '.')) out.lead.reset();
        tidy(f);
        return out;
    }

    Scored improve(Scored best) {
        Candidate current{parse_fen(g_, best.probe.fen), std::nullopt};
        if (!best.probe.opening.empty()) {
            const Position pos = rules_.from_fen(best.probe.fen);
            current.lead = pos.parse_move(best.probe.opening.front());
        }
        const int steps = search_.improve_steps * (missing_kind(f_) ? 4 : 1);
        for (int step = 0; step < steps && best.luck > 0; ++step) {
            Candidate next = mutate(current, best.lucky);
            if (current.lead && !next.lead) continue;
            Scored s = score(next);
            if (s.as_good_as(best)) {
                best = std::move(s);
                current = std::move(next);
            }
        }
        return best;
    }

    const Rules& rules_;
    const Variant& v_;
    const Geometry& g_;
    RuleFeature f_;
    FlawedMoves flawed_;
    ProbeSearch search_;
    Rng rng_;
    PositionFields start_;
    std::optional<Rules> free_;  // the variant without check rules: who attacks what
    std::vector<int> royal_types_, other_types_;
    bool starts_royal_[2] = {false, false};  // [White], [Black]
};

}  // namespace

std::vector<ProbePosition> find_probe_positions(const Rules& rules, RuleFeature f,
                                                const ProbeSearch& search) {
    if (!variant_has_feature(rules.variant(), f)) return {};
    return Searcher(rules, f, search).run();
}

Position probe_position(const Rules& rules, const ProbePosition& p) {
    Position pos = rules.from_fen(p.fen);
    for (const auto& m : p.opening) pos.play(pos.parse_move(m));
    return pos;
}

}  // namespace referee::rules
