// Fairy-Stockfish's settings written into the pieces once every section of a chain is read:
// the pawn's promotion and double step, the promoted types (each a piece of its own here,
// written "+P"), pawn drops, castling from where the start position puts the king and rooks.
#include <algorithm>
#include <cctype>
#include <utility>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/ini/ini_draft.hpp"

namespace referee::rules {
namespace {

// The first rank (relative) from which the piece can make no move at all on an empty board:
// where Fairy-Stockfish's immobilityIllegal makes it promote. -1: none.
int immobile_from(const PieceType& p, const Geometry& g) {
    for (int rank = 1; rank <= g.height; ++rank) {
        bool moves = false;
        for (const MoveRule& m : p.moves)
            for (int file = 0; file < g.width && !moves; ++file)
                moves = file + m.dx >= 0 && file + m.dx < g.width && rank + m.dy >= 1 &&
                        rank + m.dy <= g.height;
        if (!moves) return rank;
    }
    return -1;
}

// Refused at the first of `keys` the section gives (the one to change), else at the section.
[[noreturn]] void fail_at_key(const IniPlace& at, std::initializer_list<const char*> keys,
                              const std::string& why) {
    for (const char* key : keys)
        if (const IniEntry* e = at.section.find(key)) at.fail(*e, why);
    at.fail_section(why);
}

// Both sides' ranks (absolute, as the draft keeps them) as each side counts them, those on
// the board; refused where the two differ, which the referee's pieces cannot play (one rule
// for both sides, seen from each side's own end).
std::vector<int> mirrored_ranks(const IniPlace& at, const Geometry& g,
                                const std::vector<int> (&absolute)[2], const char* what,
                                const char* white_key, const char* black_key,
                                std::initializer_list<const char*> keys) {
    std::vector<int> seen[2];
    for (const Color side : {White, Black}) {
        for (int rank : absolute[side])
            if (rank >= 1 && rank <= g.height)
                seen[side].push_back(side == White ? rank : g.height + 1 - rank);
        std::sort(seen[side].begin(), seen[side].end());
    }
    if (seen[White] != seen[Black]) {
        auto list = [](const std::vector<int>& ranks) {
            std::string t;
            for (int r : ranks) t += (t.empty() ? "" : " ") + std::to_string(r);
            return t.empty() ? std::string("none") : t;
        };
        fail_at_key(
            at, keys,
            fmt::format("on this board of {} ranks the {} of the two sides are not mirror images: "
                        "White's ranks {}, Black's {} counted from its own side; the referee "
                        "plays one rule for both sides: give {} and {} that mirror each other "
                        "(Fairy-Stockfish keeps each side's region as absolute ranks, so its "
                        "default or a parent's region stays where it was when maxRank changes)",
                        g.height, what, list(seen[White]), list(seen[Black]), white_key,
                        black_key));
    }
    return seen[White];
}

// The promotion zone's first rank (relative), 0 where it is off the board.
int promotion_zone(const IniPlace& at, const IniDraft& d) {
    const Geometry& g = d.v.geometry;
    const auto zone = mirrored_ranks(
        at, g, d.promotion_ranks, "promotion zones", "promotionRegionWhite", "promotionRegionBlack",
        {"promotionRegionWhite", "promotionRegionBlack", "promotionRank", "maxRank"});
    if (zone.empty()) return 0;
    if (zone.back() != g.height || static_cast<int>(zone.size()) != g.height - zone.front() + 1)
        fail_at_key(at, {"promotionRegionWhite", "promotionRegionBlack", "promotionRank"},
                    "only a promotion region of whole ranks from one rank to the far end is "
                    "played here");
    return zone.front();
}

void resolve_promotion(const IniPlace& at, IniDraft& d) {
    Variant& v = d.v;
    const Geometry& g = v.geometry;
    // The zone matters where something promotes: a pawn with types to become, or a piece with
    // a promoted type.
    bool promotes = false;
    for (std::size_t i = 0; i < v.pieces.size(); ++i)
        if (d.types[i] == "pawn")
            for (const std::string& t : d.promotion_types) promotes |= d.piece_of_type(t) >= 0;
    for (const auto& [from, to] : d.promoted_types)
        promotes |= d.piece_of_type(from) >= 0 && d.piece_of_type(to) >= 0;
    const int zone = promotes ? promotion_zone(at, d) : 0;
    const bool on_board = zone > 0;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        if (d.types[i] != "pawn") continue;
        PieceType& p = v.pieces[i];
        p.promotes_to.clear();
        for (const std::string& t : d.promotion_types)
            if (const int j = d.piece_of_type(t); j >= 0 && on_board)
                p.promotes_to.push_back(v.pieces[static_cast<std::size_t>(j)].letter);
        p.promotion_rank = zone;
        p.promotion_optional = !d.mandatory_pawn_promotion;
        p.forced_promotion_rank = p.promotion_optional ? -1 : 0;
        p.promotion_leaving = p.promotion_on_capture = false;
    }
    // Other pieces: each promoted type becomes a piece of its own, the promoted form of the
    // piece ("+S"), moving as the type it promotes to.
    for (std::size_t i = 0; i < v.pieces.size(); ++i)
        if (d.types[i] != "pawn") {
            v.pieces[i].promotes_to.clear();
            v.pieces[i].promotion_every_move = v.pieces[i].promotion_on_capture = false;
        }
    for (const auto& [from, to] : d.promoted_types) {
        const int f = d.piece_of_type(from), t = d.piece_of_type(to);
        if (f < 0 || t < 0) continue;
        if (from == "pawn" && !d.promotion_types.empty())
            at.fail_section(
                "the pawn both promotes (promotionPieceTypes) and has a promoted type "
                "(promotedPieceType); give it one of them");
        const char base = v.pieces[static_cast<std::size_t>(f)].letter;
        int form = v.promoted_form(base);
        if (form < 0) {
            PieceType p = v.pieces[static_cast<std::size_t>(t)];
            p.royal = p.pawn = false;
            p.promotes_to.clear();
            p.double_step_ranks.clear();
            p.en_passant = false;
            p.kif.clear();
            p.name = "promoted " + v.pieces[static_cast<std::size_t>(f)].name;
            p.promoted_form_of = base;
            p.letter = free_letter(v, p.letter);
            if (!p.letter)
                fail_at_key(at, {"promotedPieceType"},
                            "no letter is left for a promoted piece of its own: the referee "
                            "gives each promoted form a letter (Fairy-Stockfish writes it "
                            "'+' and the piece's), and this variant's pieces and promoted "
                            "forms need more than 26");
            v.pieces.push_back(std::move(p));
            d.types.push_back(fmt::format("#+{}", base));
            form = static_cast<int>(v.pieces.size()) - 1;
        }
        PieceType& p = v.pieces[static_cast<std::size_t>(f)];
        PieceType& promoted = v.pieces[static_cast<std::size_t>(form)];
        p.promotes_to = {promoted.letter};
        if (d.piece_demotion) promoted.promotes_to = {base};
        p.promotion_on_capture = d.piece_promotion_on_capture;
        promoted.promotion_on_capture = d.piece_promotion_on_capture && d.piece_demotion;
        // Kyoto shogi: the zone is the whole board, promotion compulsory, and the promoted
        // side turns back with its next move: each move of either side turns it over.
        const bool every_move = d.piece_demotion && !d.piece_promotion_on_capture &&
                                d.mandatory_piece_promotion && zone == 1;
        if (d.piece_demotion && !d.piece_promotion_on_capture && !every_move) {
            const std::string why =
                "pieceDemotion is played here with piecePromotionOnCapture (micro shogi), or "
                "with mandatoryPiecePromotion over the whole board (kyoto shogi: promotionRank "
                "= 1)";
            if (const IniEntry* e = at.section.find("pieceDemotion")) at.fail(*e, why);
            at.fail_section(why);
        }
        p.promotion_every_move = promoted.promotion_every_move = every_move;
        if (p.promotion_on_capture || every_move) {
            p.promotion_rank = 0;
            p.promotion_optional = p.promotion_leaving = false;
            p.forced_promotion_rank = 0;
            continue;
        }
        if (!on_board) {
            p.promotes_to.clear();
            continue;
        }
        p.promotion_rank = zone;
        p.promotion_leaving = true;  // a move from the zone promotes too
        p.promotion_optional = !d.mandatory_piece_promotion;
        const int stuck = d.immobility_illegal ? immobile_from(p, g) : -1;
        p.forced_promotion_rank = !p.promotion_optional ? 0 : stuck < 0 ? -1 : stuck;
        if (p.forced_promotion_rank > 0 && p.forced_promotion_rank < p.promotion_rank)
            p.forced_promotion_rank = p.promotion_rank;
    }
}

void resolve_double_step(const IniPlace& at, IniDraft& d) {
    for (std::size_t i = 0; i < d.v.pieces.size(); ++i) {
        if (d.types[i] != "pawn") continue;
        PieceType& p = d.v.pieces[i];
        p.double_step_ranks.clear();
        if (d.double_step) {
            p.double_step_ranks = mirrored_ranks(
                at, d.v.geometry, d.double_step_ranks, "double-step ranks", "doubleStepRegionWhite",
                "doubleStepRegionBlack",
                {"doubleStepRegionWhite", "doubleStepRegionBlack", "doubleStepRank", "maxRank"});
            if (d.first_rank_double_steps && !p.double_step_ranks.empty() &&
                p.double_step_ranks.front() != 1)
                p.double_step_ranks.insert(p.double_step_ranks.begin(), 1);
        }
        p.en_passant = !p.double_step_ranks.empty();
    }
}

// Fairy-Stockfish's pawn drops: not on the dropping side's first rank (firstRankPawnDrops),
// nor in its promotion zone (promotionZonePawnDrops).
void resolve_drops(const IniPlace& at, IniDraft& d) {
    Variant& v = d.v;
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        if (d.types[i] != "pawn") continue;
        const char letter = v.pieces[i].letter;
        auto& f = v.drop_rules.forbidden_ranks;
        std::erase_if(f, [&](const auto& entry) { return entry.first == letter; });
        if (!v.drops) continue;
        std::vector<int> ranks;
        if (!d.first_rank_pawn_drops) ranks.push_back(1);
        if (!d.promotion_zone_pawn_drops) {
            if (const int zone = promotion_zone(at, d))
                for (int rank = zone; rank <= v.geometry.height; ++rank)
                    if (std::find(ranks.begin(), ranks.end(), rank) == ranks.end())
                        ranks.push_back(rank);
        } else if (!v.pieces[i].promotes_to.empty() && !v.pieces[i].promotion_optional) {
            fail_at_key(at, {"promotionZonePawnDrops"},
                        "it leaves unpromoted pawns where pawns must promote; the referee "
                        "does not play that");
        }
        f.emplace_back(letter, std::move(ranks));
    }
}

void resolve_castling(IniDraft& d) {
    Variant& v = d.v;
    const Geometry& g = v.geometry;
    v.castling.clear();
    // Without castling, Fairy-Stockfish reads no castling rights from the start position.
    if (!d.castling && !v.gating && !v.has_first_moves()) {
        std::vector<std::string> fields;
        for (std::size_t at = 0; at <= v.start_fen.size();) {
            auto end = v.start_fen.find(' ', at);
            if (end == std::string::npos) end = v.start_fen.size();
            if (end > at) fields.push_back(v.start_fen.substr(at, end - at));
            at = end + 1;
        }
        if (fields.size() > 2) {
            fields[2] = "-";
            v.start_fen.clear();
            for (const auto& f : fields) v.start_fen += (v.start_fen.empty() ? "" : " ") + f;
        }
    }
    const int king = d.piece_of_type(d.castling_king);
    if (!d.castling || king < 0 || d.castling_rank > g.height) return;
    PositionFields f;
    try {
        f = parse_fen(g, v.start_fen);
    } catch (const PositionError&) {
        return;  // the start position's own check says what is wrong with it
    }
    // Each right read on the side that has it: White's where White has it, else Black's
    // (Fairy-Stockfish's shinobi: only Black keeps its rooks), its squares written as White's,
    // the rule being one for both sides.
    const char king_letter = v.pieces[static_cast<std::size_t>(king)].letter;
    for (const bool kingside : {true, false}) {
        const char right = kingside ? 'K' : 'Q';
        const bool white = f.castling.find(right) != std::string::npos;
        if (!white && f.castling.find(static_cast<char>(std::tolower(right))) == std::string::npos)
            continue;
        const int rank = white ? d.castling_rank - 1 : g.height - d.castling_rank;
        auto ours = [&](int file, char upper) {
            const char c = f.placement[g.at(file, rank)];
            return c != '.' && std::toupper(static_cast<unsigned char>(c)) == upper &&
                   (std::isupper(static_cast<unsigned char>(c)) != 0) == white;
        };
        int king_file = -1;
        for (int file = 0; file < g.width && king_file < 0; ++file)
            if (ours(file, king_letter)) king_file = file;
        if (king_file < 0) continue;
        auto is_rook = [&](int file) {
            const char c = f.placement[g.at(file, rank)];
            return c != '.' && ours(file, static_cast<char>(std::toupper(c))) &&
                   d.castling_rooks.count(d.type_of_letter(c));
        };
        int rook_file = -1;
        for (int file = kingside ? g.width - 1 : 0; file >= 0 && file < g.width && rook_file < 0;
             file += kingside ? -1 : 1)
            if (is_rook(file)) rook_file = file;
        if (rook_file < 0 || (rook_file > king_file) != kingside) continue;
        const int to = kingside ? d.kingside_file : d.queenside_file;
        const int first = d.castling_rank - 1;  // White's rank
        CastlingRule c;
        c.right = right;
        c.king_from = g.at(king_file, first);
        c.rook_from = g.at(rook_file, first);
        c.king_to = g.at(to, first);
        c.rook_to = g.at(to + (kingside ? -1 : 1), first);
        if (!white) {
            // White's squares may hold other pieces or none: the pieces are named.
            c.king_piece = king_letter;
            c.rook_piece = static_cast<char>(
                std::toupper(static_cast<unsigned char>(f.placement[g.at(rook_file, rank)])));
        }
        v.castling.push_back(c);
    }
}

void resolve_soldier(IniDraft& d) {
    for (std::size_t i = 0; i < d.v.pieces.size(); ++i) {
        if (d.types[i] != "soldier") continue;
        PieceType& p = d.v.pieces[i];
        p.extra_moves.reset();
        if (d.soldier_promotion_rank <= 1) {
            p.betza = "fsW";
        } else {
            p.betza = "fW";
            RegionMoves extra;
            extra.betza = "sW";
            extra.moves = parse_betza("sW");
            extra.region.rank_lo = d.soldier_promotion_rank;
            p.extra_moves = extra;
        }
        p.moves = parse_betza(p.betza);
    }
}

// The moves that follow from a piece's Fairy-Stockfish type, not its letter: the king's,
// those of its kingType; the palace moves along diagonalLines, which Fairy-Stockfish gives
// by the type a piece moves as (Position::attacks_from: a wazir's F, a soldier's fF, a
// rook's B, a janggi cannon's pB; no other type, custom pieces included, has any); and the
// janggi cannon's limits, which go with the piece's own type: it hops over no janggi cannon
// and takes none. A piece of a shipped parent whose type is not known keeps its own.
void resolve_types(const IniPlace& at, IniDraft& d) {
    Variant& v = d.v;
    std::vector<char> cannons;
    for (std::size_t i = 0; i < v.pieces.size(); ++i)
        if (d.types[i] == "janggiCannon") cannons.push_back(v.pieces[i].letter);
    for (std::size_t i = 0; i < v.pieces.size(); ++i) {
        const std::string& type = d.types[i];
        if (type.empty() || type[0] == '#') continue;
        PieceType& p = v.pieces[i];
        std::string moves_as = type;
        if (type == "king" && !d.king_type.empty()) {
            moves_as = d.king_type;
            std::string betza = fairy_piece_betza(d.king_type);
            if (const int j = d.piece_of_type(d.king_type); j >= 0 && d.king_type != "king")
                betza = v.pieces[static_cast<std::size_t>(j)].betza;
            if (betza.empty()) {
                const std::string why = fmt::format(
                    "the king moves as Fairy-Stockfish's {} (kingType), which this variant no "
                    "longer has: its moves are not known here",
                    d.king_type);
                if (const IniEntry* e = at.section.find("kingType")) at.fail(*e, why);
                at.fail_section(why);
            }
            const auto moves = parse_betza(betza);
            if (!std::is_permutation(moves.begin(), moves.end(), p.moves.begin(), p.moves.end())) {
                p.betza = betza;
                p.moves = moves;
            }
        }
        const char* palace = v.palace_lines.empty()       ? ""
                             : moves_as == "wazir"        ? "F"
                             : moves_as == "soldier"      ? "fF"
                             : moves_as == "rook"         ? "B"
                             : moves_as == "janggiCannon" ? "pB"
                                                          : "";
        p.palace_betza = palace;
        p.palace_moves = *palace ? parse_betza(palace) : std::vector<MoveRule>{};
        p.screens_not.clear();
        p.captures_not.clear();
        if (type == "janggiCannon") p.screens_not = p.captures_not = cannons;
    }
}

// A promoted piece is of its promoted type in Fairy-Stockfish (a queen promoted to an amazon
// is an amazon); here it is a piece of its own ("+Q"), so a flag or extinction rule naming
// that type would not see it: refused rather than played otherwise (alapo's flag amazon).
void refuse_goals_reached_by_promotion(const IniPlace& at, const IniDraft& d) {
    const Variant& v = d.v;
    for (const auto& [from, to] : d.promoted_types) {
        const int f = d.piece_of_type(from), t = d.piece_of_type(to);
        if (f < 0 || t < 0 || v.pieces[static_cast<std::size_t>(f)].promotes_to.empty()) continue;
        const PieceType& target = v.pieces[static_cast<std::size_t>(t)];
        const std::string why = fmt::format(
            "Fairy-Stockfish counts a promoted {} as its promoted type ({}); here it is a "
            "piece of its own, which this rule would not count",
            v.pieces[static_cast<std::size_t>(f)].name, target.name);
        if (v.end.region && v.end.region->piece == target.letter)
            fail_at_key(at, {"flagPiece", "flagPieceWhite", "flagPieceBlack", "promotedPieceType"},
                        why);
        const auto& extinct = v.end.extinction_pieces;
        if (v.end.extinction &&
            std::find(extinct.begin(), extinct.end(), target.letter) != extinct.end())
            fail_at_key(at, {"extinctionPieceTypes", "promotedPieceType"}, why);
    }
}

}  // namespace

char free_letter(const Variant& v, char wish) {
    if (v.type_of(wish) < 0) return wish;
    for (char c = 'A'; c <= 'Z'; ++c)
        if (v.type_of(c) < 0) return c;
    return 0;
}

std::optional<EndRules::MaterialCount> fairy_material_count(const IniDraft& d,
                                                            const std::string& rule) {
    if (rule != "janggi" && rule != "unweighted") return std::nullopt;
    EndRules::MaterialCount count;
    if (rule == "janggi") {
        // JANGGI_MATERIAL: White wins when its points are more than Black's plus one, so Black
        // has 1.5 more and there is no tie.
        const std::pair<const char*, int> kPoints[] = {{"rook", 13}, {"janggiCannon", 7},
                                                       {"horse", 5}, {"janggiElephant", 3},
                                                       {"wazir", 3}, {"soldier", 2}};
        for (const auto& [type, points] : kPoints)
            if (const int i = d.piece_of_type(type); i >= 0)
                count.points.emplace_back(d.v.pieces[static_cast<std::size_t>(i)].letter, points);
        count.black_bonus = 1.5;
    } else {
        // UNWEIGHTED_MATERIAL: the pieces on the board, each one; a tie is a draw.
        for (const PieceType& p : d.v.pieces) count.points.emplace_back(p.letter, 1);
    }
    // None of its types here: every piece counts nothing (Black then wins every count).
    if (count.points.empty() && !d.v.pieces.empty())
        count.points.emplace_back(d.v.pieces[0].letter, 0);
    return count;
}

Variant resolve_draft(const IniPlace& at, IniDraft d) {
    if (d.touched_types) resolve_types(at, d);
    if (d.touched_promotion) resolve_promotion(at, d);
    if (d.touched_double_step || d.touched_promotion) resolve_double_step(at, d);
    if (d.touched_drops || d.touched_promotion) resolve_drops(at, d);
    if (d.touched_castling) resolve_castling(d);
    if (d.touched_soldier) resolve_soldier(d);
    Variant& v = d.v;
    if (d.no_doubled_count == 0 && v.drop_rules.no_doubled) {
        const char letter = std::exchange(v.drop_rules.no_doubled, 0);
        std::vector<int> every;
        for (int rank = 1; rank <= v.geometry.height; ++rank) every.push_back(rank);
        auto& f = v.drop_rules.forbidden_ranks;
        std::erase_if(f, [&](const auto& entry) { return entry.first == letter; });
        f.emplace_back(letter, every);
    }
    if (d.material_counting) v.end.material_count = fairy_material_count(d, *d.material_counting);
    if (d.shatar_mate_rule == false) v.end.mate_checks.reset();
    if (d.shatar_mate_rule == true) {
        MateChecks rule;
        for (const char* type : {"knight", "rook", "bers"})
            if (const int i = d.piece_of_type(type); i >= 0)
                rule.series_by.push_back(v.pieces[static_cast<std::size_t>(i)].letter);
        if (const int i = d.piece_of_type("knight"); i >= 0)
            rule.alone_loses.push_back(v.pieces[static_cast<std::size_t>(i)].letter);
        v.end.mate_checks = rule;
    }
    const bool royal =
        std::any_of(v.pieces.begin(), v.pieces.end(), [](const PieceType& p) { return p.royal; });
    // Fairy-Stockfish judges checks wherever the variant has a king; without one, not.
    if (d.touched_promotion && !royal) v.check_rules = false;
    if (d.touched_promotion && royal && !v.end.royal_capture) v.check_rules = true;
    refuse_goals_reached_by_promotion(at, d);
    return std::move(d.v);
}

}  // namespace referee::rules
