// The rule keys of a variants.ini section (everything but the pieces): each one the referee
// can play is written into the draft, each one it cannot is refused naming the key and why.
// Keys that only tell a GUI how to draw the game are accepted and change no rule.
#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <functional>
#include <map>
#include <sstream>

#include <fmt/format.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/ini/ini_draft.hpp"
#include "referee/rules/variant/ini/ini_values.hpp"

namespace referee::rules {
namespace {

// Keys Fairy-Stockfish reads for its GUI and its search, not for the rules.
const char* const kDisplayKeys[] = {"variantTemplate", "pieceToCharTable", "pocketSize",
                                    "pieceValueMg", "pieceValueEg"};

// Rules the referee does not have: accepted only switched off ("false", "none", "0"), which
// is what they are unless a section turns them on.
const std::map<std::string, std::string> kRulesNotPlayed = {
    {"twoBoards", "pieces in hand from a second board (bughouse) need two boards"},
    {"sittuyinPromotion", "sittuyin's promotion moves come only with the shipped sittuyin"},
    {"sittuyinRookDrop", "sittuyin's rook drops come only with the shipped sittuyin"},
    {"cambodianMoves", "the king's and met's first leaps come only with the shipped cambodian"},
    {"passOnStalemate", "passing only where no other move is left is not a rule here"},
    {"kingPassOnStalemate", "passing only where no other move is left is not a rule here"},
    {"blastOnCapture", "exploding captures (atomic) are not a rule here"},
    {"petrifyOnCapture", "petrified pieces are not a rule here"},
    {"dropOnTop", "drops on top of pieces (connect four) are not a rule here"},
    {"connectN", "a line of N pieces winning is not a rule here"},
    {"extinctionClaim", "an extinction only the side to move may claim is not a rule here"},
    {"extinctionPseudoRoyal", "a last piece treated as royal is not a rule here"},
    {"dupleCheck", "duple check is not a rule here"},
    {"nFoldValueAbsolute", "a repetition's result for White alone is not a rule here"},
    {"moveRepetitionIllegal", "forbidden move repetition is not a rule here"},
    {"castlingDroppedPiece", "castling with dropped pieces comes only with the shipped placement"},
    {"arrowGating", "walls (amazons) are not pieces here"},
    {"duckGating", "the duck is not a piece here"},
    {"staticGating", "walls are not pieces here"},
    {"pastGating", "walls are not pieces here"},
    {"wallingRule", "walls are not pieces here"},
    {"tripleStepRegionWhite", "triple steps are not a move here"},
    {"tripleStepRegionBlack", "triple steps are not a move here"},
    {"enclosingDrop", "enclosing drops (reversi, ataxx) are not a rule here"},
    {"flipEnclosedPieces", "flipping enclosed pieces is not a rule here"},
    {"chasingRule", "xiangqi's chasing rules are not a rule here"},
    {"promotionLimit", "a limit of promoted pieces is not a rule here"},
};

// whiteDropRegion and blackDropRegion: one rule for both sides here, so the two must mirror
// each other; one alone only where the other side can never drop (nothing in its hand at the
// start, and captures not taken into hands), since Fairy-Stockfish lets it drop anywhere.
void drop_regions(const IniPlace& at, const IniValues& r, IniDraft& d,
                  std::set<std::string>& used) {
    const IniEntry* region[2] = {at.section.find("whiteDropRegion"),
                                 at.section.find("blackDropRegion")};
    if (!region[White] && !region[Black]) return;
    std::vector<int> ranks[2];
    for (const Color side : {White, Black})
        if (region[side]) {
            used.insert(region[side]->key);
            ranks[side] = r.rank_set(*region[side], side);
        }
    d.touched_drops = true;
    if (region[White] && region[Black]) {
        if (ranks[White] != ranks[Black])
            at.fail(*region[Black],
                    "the two sides' drop regions are not mirror images of each "
                    "other, which the referee does not play");
    } else {
        const Color other = region[White] ? Black : White;
        const IniEntry& given = *region[other == White ? Black : White];
        const PositionFields start = r.start_fields(given);
        const bool other_hand = std::any_of(start.hand.begin(), start.hand.end(), [&](char c) {
            return std::isalpha(static_cast<unsigned char>(c)) &&
                   (std::isupper(static_cast<unsigned char>(c)) != 0) == (other == White);
        });
        if (other_hand || d.v.captures_to_hand)
            at.fail(given, fmt::format("a drop region for one side only: {} may drop anywhere "
                                       "in Fairy-Stockfish, which the referee does not play; "
                                       "give {} too",
                                       other == White ? "White" : "Black",
                                       other == White ? "whiteDropRegion" : "blackDropRegion"));
    }
    d.v.drop_rules.ranks = region[White] ? ranks[White] : ranks[Black];
}

// A start FEN as Fairy-Stockfish reads it: the fields after the side to move are the castling
// rights, the en-passant square and the counts, each in its place, and one that is not what
// its place holds is skipped (Fairy-Stockfish's own breakthrough5 is "... w 0 1": no castling
// "0", no en-passant square "1", counts left at 0 and 1; petty's "w - 0 1" has no en-passant
// square "0" and a half-move clock of 1). Written here as the referee reads a FEN. Where
// the variant counts (makruk), a number in the en-passant place is that count, kept.
std::string fairy_start_fen(const std::string& fen, bool counting) {
    std::vector<std::string> fields;
    std::istringstream words(fen);
    for (std::string w; words >> w;) fields.push_back(w);
    auto number = [](const std::string& w) {
        return !w.empty() && std::all_of(w.begin(), w.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c)) != 0;
        });
    };
    // "[-]": an empty hand, as Fairy-Stockfish's cannonshogi writes it.
    if (!fields.empty() && fields[0].size() >= 3 &&
        fields[0].compare(fields[0].size() - 3, 3, "[-]") == 0)
        fields[0].replace(fields[0].size() - 3, 3, "[]");
    if (fields.size() > 2 && number(fields[2])) fields[2] = "-";
    if (fields.size() > 3 && number(fields[3]) && !counting) fields[3] = "-";
    std::string out;
    for (const auto& f : fields) out += (out.empty() ? "" : " ") + f;
    return out;
}

// diagonalLines as the referee plays it: a palace move passes only points of the lines, and
// Fairy-Stockfish 11.1's ride along them (the rook's) passes any square, its cannon hops
// exactly two points. The two agree where every square between two points on a diagonal is
// a point too and no diagonal has more than three points in a row: janggi's palaces.
void check_diagonal_lines(const IniPlace& at, const IniEntry& e, const Geometry& g,
                          const std::vector<Square>& points) {
    auto listed = [&](int file, int rank) {
        return file >= 0 && file < g.width && rank >= 0 && rank < g.height &&
               std::find(points.begin(), points.end(), g.at(file, rank)) != points.end();
    };
    for (Square a : points)
        for (Square b : points) {
            const int dx = g.file_of(b) - g.file_of(a), dy = g.rank_of(b) - g.rank_of(a);
            if (dx <= 0 || std::abs(dx) != std::abs(dy)) continue;
            const int sy = dy > 0 ? 1 : -1;
            for (int k = 1; k < dx; ++k)
                if (!listed(g.file_of(a) + k, g.rank_of(a) + k * sy))
                    at.fail(e, fmt::format("{} and {} are on one diagonal with {} between them not "
                                           "a point of the lines; Fairy-Stockfish's rook rides "
                                           "over it along the lines, the referee's palace moves "
                                           "do not: list it, or give lines such as janggi's "
                                           "palace diagonals",
                                           g.name(a), g.name(b),
                                           g.name(g.at(g.file_of(a) + k, g.rank_of(a) + k * sy))));
            if (dx >= 3)
                at.fail(e, fmt::format("{} to {}: more than three points in a row on a diagonal; "
                                       "Fairy-Stockfish 11.1's janggi cannon hops exactly two "
                                       "points along the lines, the referee's palace hop any "
                                       "number: give lines of at most three points, such as "
                                       "janggi's palace diagonals",
                                       g.name(a), g.name(b)));
        }
}

bool switched_off(const std::string& value) {
    return value == "false" || value == "none" || value == "0" || value == "-" || value.empty();
}

}  // namespace

void apply_rule_keys(const IniPlace& at, IniDraft& d, std::set<std::string>& used) {
    Variant& v = d.v;
    const IniValues r{at, d};
    auto with = [&](const char* key, const std::function<void(const IniEntry&)>& apply) {
        if (const IniEntry* e = at.section.find(key)) {
            used.insert(key);
            apply(*e);
        }
    };
    for (const char* key : kDisplayKeys) with(key, [](const IniEntry&) {});

    // The board first: ranks and files below are read on it.
    with("maxRank", [&](const IniEntry& e) {
        v.geometry.height = r.number(e, 2, kMaxRanks);
        d.touched_promotion = d.touched_double_step = d.touched_castling = true;
    });
    with("maxFile", [&](const IniEntry& e) {
        v.geometry.width = r.file(e, kMaxFiles) + 1;
        d.touched_castling = true;
    });
    with("startFen", [&](const IniEntry& e) {
        v.start_fen = fairy_start_fen(e.value, v.end.counting != CountingRule::None);
        // Refused here, at its line: the castling rights are otherwise checked only when the
        // game is set up, where the file and line are no longer known (rookmate's '7+7').
        const std::string castling = r.start_fields(e).castling;
        if (castling != "-" && !std::all_of(castling.begin(), castling.end(), [](char c) {
                return std::isalpha(static_cast<unsigned char>(c));
            }))
            at.fail(e, fmt::format("the castling field '{}' of '{}' is not castling rights: give "
                                   "letters (KQkq, or rooks' files) or '-'",
                                   castling, e.value));
        d.touched_castling = true;
    });
    with("chess960", [&](const IniEntry& e) {
        v.chess960 = r.boolean(e);
        d.touched_castling = true;
    });

    // Promotion.
    // Fairy-Stockfish 11.1's relative ranks (promotionRank, doubleStepRank) set both sides,
    // mirrored on the board as it is; the regions set one side's absolute ranks.
    auto mirrored = [&](int from, int to) {
        std::vector<int> white, black;
        for (int rank = from; rank <= to; ++rank) white.push_back(rank);
        for (int rank : white) black.push_back(v.geometry.height + 1 - rank);
        std::sort(black.begin(), black.end());
        return std::array<std::vector<int>, 2>{white, black};
    };
    with("promotionRank", [&](const IniEntry& e) {
        const auto zone = mirrored(r.rank(e), v.geometry.height);
        d.promotion_ranks[White] = zone[White];
        d.promotion_ranks[Black] = zone[Black];
        d.touched_promotion = true;
    });
    for (const char* key : {"promotionRegionWhite", "promotionRegionBlack"})
        with(key, [&](const IniEntry& e) {
            d.promotion_ranks[key[15] == 'W' ? White : Black] = r.rank_set(e, White);
            d.touched_promotion = true;
        });
    with("promotionPieceTypes", [&](const IniEntry& e) {
        d.promotion_types = r.types(e);
        d.touched_promotion = true;
    });
    with("promotedPieceType", [&](const IniEntry& e) {
        // Each pair sets its type's promoted type; the parent's others stay (Fairy-Stockfish's
        // gorogoroplus adds the lance's and the knight's to gorogoro's pawn and silver).
        for (const auto& pair : r.type_pairs(e)) {
            const auto same = std::find_if(d.promoted_types.begin(), d.promoted_types.end(),
                                           [&](const auto& p) { return p.first == pair.first; });
            if (same != d.promoted_types.end())
                *same = pair;
            else
                d.promoted_types.push_back(pair);
        }
        d.touched_promotion = true;
    });
    with("mandatoryPawnPromotion", [&](const IniEntry& e) {
        d.mandatory_pawn_promotion = r.boolean(e);
        d.touched_promotion = true;
    });
    with("mandatoryPiecePromotion", [&](const IniEntry& e) {
        d.mandatory_piece_promotion = r.boolean(e);
        d.touched_promotion = true;
    });
    with("pieceDemotion", [&](const IniEntry& e) {
        d.piece_demotion = r.boolean(e);
        d.touched_promotion = true;
    });
    with("piecePromotionOnCapture", [&](const IniEntry& e) {
        d.piece_promotion_on_capture = r.boolean(e);
        d.touched_promotion = true;
    });
    with("immobilityIllegal", [&](const IniEntry& e) {
        d.immobility_illegal = r.boolean(e);
        d.touched_promotion = true;
    });
    with("soldierPromotionRank", [&](const IniEntry& e) {
        d.soldier_promotion_rank = r.rank(e);
        d.touched_soldier = true;
    });

    // The pawn's double step.
    with("doubleStep", [&](const IniEntry& e) {
        d.double_step = r.boolean(e);
        d.touched_double_step = true;
    });
    with("doubleStepRank", [&](const IniEntry& e) {
        const int rank = r.rank(e);
        const auto ranks = mirrored(rank, rank);
        d.double_step_ranks[White] = ranks[White];
        d.double_step_ranks[Black] = ranks[Black];
        d.touched_double_step = true;
    });
    with("firstRankDoubleSteps", [&](const IniEntry& e) {
        d.first_rank_double_steps = r.boolean(e);
        d.touched_double_step = true;
    });
    for (const char* key : {"doubleStepRegionWhite", "doubleStepRegionBlack"})
        with(key, [&](const IniEntry& e) {
            d.double_step_ranks[key[16] == 'W' ? White : Black] = r.rank_set(e, White);
            d.touched_double_step = true;
        });

    // Castling.
    with("castling", [&](const IniEntry& e) {
        d.castling = r.boolean(e);
        d.touched_castling = true;
    });
    with("castlingKingsideFile", [&](const IniEntry& e) {
        d.kingside_file = r.file(e, v.geometry.width);
        d.touched_castling = true;
    });
    with("castlingQueensideFile", [&](const IniEntry& e) {
        d.queenside_file = r.file(e, v.geometry.width);
        d.touched_castling = true;
    });
    with("castlingRank", [&](const IniEntry& e) {
        d.castling_rank = r.rank(e);
        d.touched_castling = true;
    });
    for (const char* key : {"castlingRookPiece", "castlingRookPieces"})
        with(key, [&](const IniEntry& e) {
            const auto types = r.types(e);
            d.castling_rooks = std::set<std::string>(types.begin(), types.end());
            d.touched_castling = true;
        });
    with("castlingKingPiece", [&](const IniEntry& e) {
        const auto types = r.types(e);
        if (types.size() != 1) at.fail(e, "needs one piece letter");
        d.castling_king = types[0];
        d.touched_castling = true;
    });

    // Moves of the whole position.
    with("checking", [&](const IniEntry& e) { v.checks_forbidden = !r.boolean(e); });
    with("mustCapture", [&](const IniEntry& e) { v.must_capture = r.boolean(e); });
    with("shatarMateRule", [&](const IniEntry& e) { d.shatar_mate_rule = r.boolean(e); });
    with("makpongRule", [&](const IniEntry& e) { v.royal_held_in_check = r.boolean(e); });
    with("flyingGeneral", [&](const IniEntry& e) { v.flying_general = r.boolean(e); });
    // Janggi. The palace moves each piece makes along the lines, and the king's moves, follow
    // from the pieces' types (ini_resolve.cpp).
    with("diagonalLines", [&](const IniEntry& e) {
        v.palace_lines = r.squares(e);
        v.palace_lines.erase(std::unique(v.palace_lines.begin(), v.palace_lines.end()),
                             v.palace_lines.end());
        check_diagonal_lines(at, e, v.geometry, v.palace_lines);
        d.touched_types = true;
    });
    with("kingType", [&](const IniEntry& e) {
        // A letter of one of the section's pieces, as Fairy-Stockfish reads it (it ignores
        // any other silently, so the king would move otherwise than the file says).
        const auto types = r.types(e);
        if (types.size() != 1) at.fail(e, "needs one piece letter");
        const std::string& type = types[0];
        if (type == "pawn" || type == "janggiCannon" || type.empty() || type[0] == '#' ||
            (type != "king" && type.rfind("customPiece", 0) != 0 &&
             fairy_piece_betza(type).empty()))
            at.fail(e, fmt::format("a king moving as Fairy-Stockfish's {} is not played here (a "
                                   "king type is a piece type with fixed moves, a custom piece "
                                   "or the king; not the pawn nor the janggi cannon, whose "
                                   "rules go with the piece and not with its moves)",
                                   type.empty() || type[0] == '#' ? "'" + e.value + "'" : type));
        d.king_type = type;
        d.touched_types = true;
    });
    // kingPass is 11.1's name, pass later versions': the same rule, and the second of two
    // passes in a row ends the game (Fairy-Stockfish's is_immediate_game_end).
    for (const char* key : {"kingPass", "pass"})
        with(key, [&](const IniEntry& e) { v.pass = v.end.double_pass = r.boolean(e); });
    with("gating", [&](const IniEntry& e) {
        // Alone it only keeps squares' rights in the FEN (for cambodianMoves, refused); the
        // gating of pieces in hand is seirawanGating's.
        r.boolean(e);
    });
    with("seirawanGating", [&](const IniEntry& e) {
        v.gating = r.boolean(e);
        const IniEntry* gating = at.section.find("gating");
        if (v.gating && gating && !r.boolean(*gating))
            at.fail(e, "seirawanGating needs gating = true");
    });

    // Hands and drops.
    // Drops bring Fairy-Stockfish's pawn-drop rules (ini_resolve.cpp) with them.
    with("pieceDrops", [&](const IniEntry& e) {
        v.drops = r.boolean(e);
        d.touched_drops = true;
    });
    with("capturesToHand", [&](const IniEntry& e) {
        v.captures_to_hand = r.boolean(e);
        d.touched_drops = true;
    });
    with("dropLoop", [&](const IniEntry& e) { v.drop_rules.keep_promoted = r.boolean(e); });
    with("mustDrop", [&](const IniEntry& e) { v.drop_rules.must_drop = r.boolean(e); });
    with("mustDropType", [&](const IniEntry& e) {
        v.drop_rules.must_drop_piece = 0;
        if (e.value.find('*') != std::string::npos) return;  // any piece, the default
        const auto types = r.types(e);
        if (types.size() != 1) at.fail(e, "needs one piece letter, or '*'");
        v.drop_rules.must_drop_piece =
            v.pieces[static_cast<std::size_t>(d.piece_of_type(types[0]))].letter;
    });
    with("dropPromoted", [&](const IniEntry& e) { v.drop_rules.promoted = r.boolean(e); });
    // Its rule is on when it is false, so it cannot stand with the keys above that are
    // accepted only switched off (that took "false" for off and played checking drops).
    with("dropChecks", [&](const IniEntry& e) { v.drop_rules.no_check = !r.boolean(e); });
    with("firstRankPawnDrops", [&](const IniEntry& e) {
        d.first_rank_pawn_drops = r.boolean(e);
        d.touched_drops = true;
    });
    with("promotionZonePawnDrops", [&](const IniEntry& e) {
        d.promotion_zone_pawn_drops = r.boolean(e);
        d.touched_drops = true;
    });
    with("shogiDoubledPawn", [&](const IniEntry& e) {
        // Doubled shogi pawns are allowed unless this is false.
        v.drop_rules.no_doubled = r.boolean(e) ? 0 : r.letter_of_type(e, "shogiPawn");
    });
    with("dropNoDoubledCount", [&](const IniEntry& e) {
        // Set where dropNoDoubled is read (below): 1 is the rule as the referee plays it.
        d.no_doubled_count = r.number(e, 0, 1);
    });
    with("dropNoDoubled", [&](const IniEntry& e) {
        const auto types = r.types(e);
        v.drop_rules.no_doubled =
            types.empty() ? 0
                          : v.pieces[static_cast<std::size_t>(d.piece_of_type(types[0]))].letter;
    });
    with("shogiPawnDropMateIllegal", [&](const IniEntry& e) {
        v.drop_rules.no_mate = r.boolean(e) ? r.letter_of_type(e, "shogiPawn") : 0;
    });
    with("dropOppositeColoredBishop", [&](const IniEntry& e) {
        v.drop_rules.opposite_colours = r.boolean(e) ? r.letter_of_type(e, "bishop") : 0;
    });
    drop_regions(at, r, d, used);

    // How the game ends.
    with("nMoveRule", [&](const IniEntry& e) { v.end.n_move_rule = r.number(e, 0, 1 << 20); });
    with("nFoldRule", [&](const IniEntry& e) {
        v.end.repetition = r.number(e, 0, 1 << 20);
        if (v.end.repetition == 1) at.fail(e, "a repetition count must be 2 or more (0: none)");
    });
    with("nFoldValue", [&](const IniEntry& e) { v.end.repetition_value = r.value(e); });
    with("perpetualCheckIllegal", [&](const IniEntry& e) {
        v.end.perpetual_check.reset();
        if (r.boolean(e)) v.end.perpetual_check = EndValue::Loss;
    });
    with("stalemateValue", [&](const IniEntry& e) { v.end.no_legal_moves = r.value(e); });
    with("checkmateValue", [&](const IniEntry& e) { v.end.checkmate = r.value(e); });
    with("stalematePieceCount",
         [&](const IniEntry& e) { v.end.stalemate_piece_count = r.boolean(e); });
    with("extinctionValue", [&](const IniEntry& e) {
        v.end.extinction.reset();
        if (e.value != "none") v.end.extinction = r.value(e);
    });
    with("extinctionOpponentPieceCount",
         [&](const IniEntry& e) { v.end.extinction_opponent_count = r.number(e, 0, 1 << 10); });
    with("extinctionPieceCount",
         [&](const IniEntry& e) { v.end.extinction_count = r.number(e, 0, 1 << 10); });
    with("extinctionPieceTypes", [&](const IniEntry& e) {
        v.end.extinction_pieces.clear();
        if (e.value.find('*') != std::string::npos) return;  // every piece
        for (const std::string& t : r.types(e))
            v.end.extinction_pieces.push_back(
                v.pieces[static_cast<std::size_t>(d.piece_of_type(t))].letter);
        if (v.end.extinction_pieces.empty() && v.end.extinction)
            at.fail(e, "extinction of no piece type: give the letters, or * for every piece");
    });
    r.flag_region(used);
    with("checkCounting", [&](const IniEntry& e) {
        v.end.check_count = 0;
        if (!r.boolean(e)) return;
        const auto* fen = at.section.find("startFen");
        const PositionFields f = r.start_fields(fen ? *fen : e);
        if (!f.checks_remaining || (*f.checks_remaining)[0] != (*f.checks_remaining)[1] ||
            (*f.checks_remaining)[0] < 1)
            at.fail(e, fmt::format("counting checks needs the start position to give both sides "
                                   "the same number of checks to give ('3+3'); '{}' does not",
                                   v.start_fen));
        v.end.check_count = (*f.checks_remaining)[0];
    });
    with("bikjangRule", [&](const IniEntry& e) { v.end.bikjang = r.boolean(e); });
    with("materialCounting", [&](const IniEntry& e) {
        if (e.value != "janggi" && e.value != "unweighted" && e.value != "none")
            at.fail(e, fmt::format("'{}' is not a material counting the referee plays (janggi, "
                                   "unweighted or none)",
                                   e.value));
        d.material_counting = e.value;
    });
    with("countingRule", [&](const IniEntry& e) {
        if (e.value == "makruk")
            v.end.counting = CountingRule::Makruk;
        else if (e.value == "asean")
            v.end.counting = CountingRule::Asean;
        else if (e.value == "none")
            v.end.counting = CountingRule::None;
        else
            at.fail(e, fmt::format("'{}' is not a counting rule the referee plays (makruk, asean "
                                   "or none)",
                                   e.value));
    });
    r.mobility_regions(used);

    // Not a structured binding: clang before 16 cannot capture one in a lambda.
    for (const auto& rule : kRulesNotPlayed) {
        const std::string& why = rule.second;
        with(rule.first.c_str(), [&](const IniEntry& e) {
            if (!switched_off(e.value))
                at.fail(e, fmt::format("'{}' cannot be played by the referee: {}", e.value, why));
        });
    }
}

}  // namespace referee::rules
