// A variant while its ini sections are read: the Variant as far as it is known, which
// Fairy-Stockfish piece type each of its pieces is, and Fairy-Stockfish's settings that
// decide several pieces' fields at once (the pawn's promotion and double step, castling,
// the promoted types), kept apart until every section of the chain is read and then
// written into the pieces (ini_resolve.cpp). A built-in parent starts as the shipped
// variant of that name, its settings read back from its pieces (draft_from_variant).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "referee/rules/variant/ini/ini_text.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

struct IniDraft {
    Variant v;
    // Per piece of v.pieces: its Fairy-Stockfish type ("knight", "customPiece2", "king"), or
    // "" for a piece of a shipped parent that is none of them (it keeps its rules; keys can
    // still name it by its letter).
    std::vector<std::string> types;

    // Pawn promotion (the pieces of type "pawn"): the types it may become, and whether it
    // must.
    std::vector<std::string> promotion_types;
    bool mandatory_pawn_promotion = true;
    // The promotion zone of each side ([White], [Black]) and the ranks each side's pawns may
    // step two from, as Fairy-Stockfish keeps them: absolute rank numbers (1 is White's first
    // rank), so that a child that changes maxRank keeps its parent's numbers, as
    // Fairy-Stockfish's bitboards do (on 6 ranks chess's zones are rank 8, off the board, for
    // White and rank 1 for Black). Played where the two sides' ranks mirror each other
    // (ini_resolve.cpp).
    std::vector<int> promotion_ranks[2] = {{8}, {1}};
    std::vector<int> double_step_ranks[2] = {{2}, {7}};
    // Other pieces' promotion (shogi's): type -> type, in the same zone.
    std::vector<std::pair<std::string, std::string>> promoted_types;
    bool mandatory_piece_promotion = false, immobility_illegal = false;
    bool piece_promotion_on_capture = false;
    // pieceDemotion: a promoted form's move (a capture, with piecePromotionOnCapture) turns
    // it back into its piece (micro shogi; kyoto shogi, whose whole board is the zone).
    bool piece_demotion = false;
    // The pawn's double step, and its first-rank double steps (Fairy-Stockfish 11.1's key).
    bool double_step = true;
    bool first_rank_double_steps = false;
    // Castling: the king's destination files (0-based), the rank (relative), the pieces.
    bool castling = true;
    int kingside_file = 6, queenside_file = 2, castling_rank = 1;
    std::string castling_king = "king";
    std::set<std::string> castling_rooks = {"rook"};
    // Drops of pawns: on the first rank, in the promotion zone.
    bool first_rank_pawn_drops = false, promotion_zone_pawn_drops = false;
    // dropNoDoubledCount: dropNoDoubled's piece is not dropped on a file where the side has
    // this many of it; 0: never dropped (Fairy-Stockfish's dragonfly).
    int no_doubled_count = 1;
    // shatarMateRule as the section set it (unset: as the parent has it): the checks that make
    // a mate count are those of Fairy-Stockfish's knight, rook and bers, whatever letters the
    // variant gives them, so they are looked up once every piece is known.
    std::optional<bool> shatar_mate_rule;
    // The soldier's sideways step from this rank on (1: always).
    int soldier_promotion_rank = 1;
    // kingType: the Fairy-Stockfish type the king moves as ("wazir": janggi's and xiangqi's
    // general); "" where `king = k:Betza` gave it moves of its own.
    std::string king_type = "king";
    // materialCounting: "janggi" or "unweighted" (the points by Fairy-Stockfish type, written
    // once every piece is known), "none"; unset: the parent's end.material_count as it is.
    std::optional<std::string> material_counting;

    // Which of the settings above a section changed (or changed what they depend on: the
    // board, the start, the pieces): only those are written into the pieces, so a shipped
    // parent's pieces stay as its file has them otherwise.
    bool touched_promotion = false, touched_double_step = false, touched_castling = false,
         touched_drops = false, touched_soldier = false;
    // A piece, kingType or diagonalLines changed: the moves that depend on a piece's type
    // (the king's kingType, the palace moves, the janggi cannon's limits) are written again.
    bool touched_types = false;

    // The piece of this Fairy-Stockfish type, or -1.
    int piece_of_type(const std::string& type) const {
        for (std::size_t i = 0; i < types.size(); ++i)
            if (types[i] == type) return static_cast<int>(i);
        return -1;
    }
    // The type of the piece with this letter (either case), "" if none or unknown.
    std::string type_of_letter(char letter) const {
        const int i = v.type_of(letter);
        return i < 0 ? "" : types[static_cast<std::size_t>(i)];
    }
};

// Where an error is reported: the file, the section and the entry.
struct IniPlace {
    const std::string& file;
    const IniSection& section;
    [[noreturn]] void fail(const IniEntry& e, const std::string& why) const {
        throw VariantError(file, e.line, 1, e.key, fmt_why(why));
    }
    [[noreturn]] void fail_section(const std::string& why) const {
        throw VariantError(file, section.line, 1, "", fmt_why(why));
    }

  private:
    std::string fmt_why(const std::string& why) const { return "[" + section.name + "]: " + why; }
};

// Fairy-Stockfish's default template (a section with no parent): chess's rules, no pieces.
IniDraft default_draft();
// A shipped variant as a parent: its pieces typed by how they move, its settings read back.
IniDraft draft_from_variant(const Variant& v);
// The piece keys of a section (pawn = p, customPiece1 = a:mfWcfF, king = -), applied in
// Fairy-Stockfish's order; each key it applies is added to `used`.
void apply_piece_keys(const IniPlace& at, IniDraft& d, std::set<std::string>& used);
// The other keys; a key the referee cannot express is refused naming it.
void apply_rule_keys(const IniPlace& at, IniDraft& d, std::set<std::string>& used);
// The settings written into the pieces and castling rules (errors at `at`, the section read).
Variant resolve_draft(const IniPlace& at, IniDraft d);
// `wish` if no piece of `v` has that letter, else the first letter none has; 0 if none is left.
char free_letter(const Variant& v, char wish);
// A Fairy-Stockfish piece type's moves in the referee's Betza, "" if it has none here.
std::string fairy_piece_betza(const std::string& type);
// Fairy-Stockfish's materialCounting ("janggi", "unweighted") as points of the draft's
// pieces by their types; unset for "none".
std::optional<EndRules::MaterialCount> fairy_material_count(const IniDraft& d,
                                                            const std::string& rule);

}  // namespace referee::rules
