// Finding probe positions: candidates from seeded random games and seeded sparse set-ups,
// kept where the flawed and the true move sets differ the way the feature needs, then
// improved by a seeded local search (remove, add or move a piece) that lowers the flawed
// engine's chance of picking a legal move by luck.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdlib>
#include <random>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/probes/probe_board_rules.hpp"
#include "referee/rules/probes/probe_candidate.hpp"
#include "referee/rules/probes/probe_moves.hpp"
#include "referee/rules/probes/probe_set_ups.hpp"
#include "referee/rules/probes/probes.hpp"
#include "referee/rules/variant/armies.hpp"

namespace referee::rules {

namespace {

using probe_search::Rng;

// How many candidates per wanted position may be improved when few of them catch the flaw.
constexpr std::size_t kExtraTries = 40;

using probe_search::asked_fields;
using probe_search::Candidate;
using probe_search::distance_to_win;
using probe_search::fen_of;
using probe_search::judge_moves;
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
          rng_(s.seed),
          set_ups_(rules.variant(), rng_) {
        start_ = parse_fen(g_, v_.start_fen);
        free_.emplace(without_check_rules(rules));  // shared with the other searches
        for (std::size_t t = 0; t < v_.pieces.size(); ++t)
            (v_.pieces[t].royal ? royal_types_ : other_types_).push_back(static_cast<int>(t));
        army_ = armies(v_);  // a set-up gives each side only its own army's kinds
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
            Position pos = rules_.from_fields(asked_fields(c.fields));
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

    // The features asked right after the opponent's move (the lead): the move that uncovers
    // a check, or a promotion before the last rank, which an engine that promotes only on the
    // last rank cannot read.
    bool leads() const {
        return f_ == RuleFeature::DiscoveredCheck || f_ == RuleFeature::PromotionZone;
    }

    bool good_lead(Position& before, Move m) const {
        if (f_ == RuleFeature::PromotionZone) return m.promotion != 0 && !flawed_.reads(before, m);
        before.play(m);
        const bool uncovers = before.in_check() && discovered(before, m.to);
        before.undo();
        return uncovers;
    }

    // What the promotion that leads to pos did, for the card of an engine that misread it.
    std::string promotion_note(const Position& pos, Move lead) const {
        Position before = pos;
        before.undo();
        const Color mover = before.side_to_move();
        return fmt::format(
            "after {}, a promotion on {}'s rank {}, where {}'s promotion zone begins (an engine "
            "that promotes only on the last rank cannot read that move)",
            before.move_name(lead, MoveStyle::Uci), color_name(mover),
            g_.relative_rank(mover, lead.to), v_.name);
    }

    // Whether the check in pos is discovered: the royal piece is still attacked with the
    // piece that just moved (on `to`) taken off the board.
    bool discovered(const Position& pos, Square to) const {
        PositionFields f = pos.fields();
        f.placement[to] = '.';
        f.en_passant = "-";
        f.castling = "-";
        try {
            const Position without = free_->from_fields(asked_fields(f));
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
        if (f_ == RuleFeature::PromotionZone && !c.lead) return s;
        const auto legal = pos->legal_moves();
        if (legal.empty()) return s;
        if (f_ == RuleFeature::Uchifuzume) return score_drop_mate(c, *pos, legal);
        std::vector<Move> flawed;
        if (f_ == RuleFeature::PromotionZone) {
            // The engine plays from where it stopped reading: before the promotion.
            const Move lead[] = {*c.lead};
            const auto believed = flawed_.misread_position(*pos, lead);
            if (!believed) return s;
            flawed = flawed_.moves(*believed);
        } else {
            flawed = flawed_.moves(*pos);
        }
        if (!judge_moves(f_, *pos, legal, flawed, s)) return s;
        ProbePosition& p = s.probe;
        p.fen = fen_of(g_, c.fields);
        if (c.lead) p.opening = {opening};
        if (f_ == RuleFeature::PromotionZone) p.note = promotion_note(*pos, *c.lead);
        p.legal = legal;
        // A board dump implies every castling right whose king and rook are home, and no en
        // passant.
        p.needs_fen = c.fields.en_passant != "-" || c.fields.castling != implied_rights(c.fields);
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

    char home_letter(Color c, Square s) const { return set_ups_.home_letter(c, s); }

    std::vector<char> possible_rights(const PositionFields& f) const {
        std::vector<char> out;
        for (Color c : {White, Black})
            for (const auto& rule : v_.castling) {
                if (!rule.applies(c)) continue;
                const char right =
                    c == White ? rule.right : static_cast<char>(std::tolower(rule.right));
                // A right no game has: the start gives the side none (horde's White, whose
                // first rank is pawns), and no drop makes one (placement's do).
                if (!v_.drop_rules.castling && start_.castling.find(right) == std::string::npos)
                    continue;
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
                    out.push_back(right);
            }
        return out;
    }

    // Keeps only the castling rights still possible; clears an en-passant square that no
    // longer fits (the position is re-read, so a wrong one would make it unusable).
    void tidy(PositionFields& f) const {
        auto possible = possible_rights(f);
        for (char c : set_ups_.more_rights(f_, f)) possible.push_back(c);
        std::string rights;
        for (char c : f.castling)
            if (std::find(possible.begin(), possible.end(), c) != possible.end()) rights += c;
        f.castling = rights.empty() ? "-" : rights;
        if (f.en_passant != "-") {
            try {
                rules_.from_fields(asked_fields(f));
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
                if (leads()) {
                    // Only the moves that make a good lead are candidates; finding them is
                    // cheap.
                    for (Move m : moves)
                        if (good_lead(pos, m)) consider(Candidate{as_read_back(pos.fields()), m});
                } else {
                    consider(Candidate{as_read_back(pos.fields()), std::nullopt});
                }
                pos.play(
                    moves[static_cast<std::size_t>(pick(rng_, static_cast<int>(moves.size())))]);
            }
        }
    }

    bool in_army(int type, Color c) const { return army_[c][static_cast<std::size_t>(type)]; }

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
            if (!in_army(type, c)) return;
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
        if (f_ == RuleFeature::CastlingMove && pick(rng_, 4) != 0) set_ups_.castling_check(f);
        if (f_ == RuleFeature::CastlingOnlyMove && v_.chess960 && pick(rng_, 4) != 0)
            set_ups_.castling_in_place(f);
        if (f_ == RuleFeature::DropMove || f_ == RuleFeature::GatingMove) set_ups_.hand(f);
        if (f_ == RuleFeature::FirstMove) set_ups_.first_movers_home(f);
        std::string rights;
        auto possible = possible_rights(f);
        for (char c : set_ups_.more_rights(f_, f)) possible.push_back(c);
        for (char c : possible)
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
        if (leads()) {
            // The opponent moves first: choose one of its moves that makes a good lead.
            f.side_to_move = ~f.side_to_move;
            try {
                Position pos = rules_.from_fields(asked_fields(f));
                auto moves = pos.legal_moves();
                std::shuffle(moves.begin(), moves.end(), rng_);
                for (Move m : moves)
                    if (good_lead(pos, m)) {
                        lead = m;
                        break;
                    }
            } catch (const std::exception&) {
            }
            if (!lead) return std::nullopt;
        }
        return Candidate{f, lead};
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
            for (const auto& r : in_army(t, ~us) ? v_.pieces[t].moves : std::vector<MoveRule>{})
                if (r.dy == 0 && std::abs(r.dx) == 1 && r.is_rider() && r.can_capture &&
                    r.hop == Hop::None && !r.bent)
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
                if (in_army(t, col) && pawn_square_ok(t, col, m.to))
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
    probe_search::SetUps set_ups_;  // set-ups of the features that need pieces in place
    PositionFields start_;
    std::optional<Rules> free_;  // the variant without check rules: who attacks what
    std::vector<int> royal_types_, other_types_;
    std::array<std::vector<bool>, 2> army_;  // by colour: the kinds a side may have
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
