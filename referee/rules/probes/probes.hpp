// Rule probes: which rules a variant has, what an engine that lacks one of them (or applies
// it wrongly) would think the legal moves are, and positions where that engine goes wrong.
//
// The method is rule ablation. For each rule feature there is a flawed move generator: the
// true legal moves with that one rule switched off or changed (check rules off for pins,
// castling with one condition ignored, steps that wrap around the board's edge...). A probe
// position is one where the flawed moves and the legal moves differ in a way that makes the
// flawed engine fail: it plays a move that is illegal, or it has nothing legal to play while
// the only legal moves are the ones it does not know. Positions come from seeded random play
// and seeded sparse set-ups, then a seeded local search removes, adds and moves pieces to
// shrink the flawed engine's chance of playing a legal move by luck. Everything here is
// computed from the variant's data, so a variant written in YAML gets its probes too.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

enum class RuleFeature {
    MovesIntoCheck,         // the royal piece may not move to an attacked square
    Pins,                   // a pinned piece may not leave the line to its royal piece
    CheckEvasion,           // in check, a move must end the check
    DiscoveredCheck,        // ... also when the check comes from a piece that did not move
    EnPassantExposesKing,   // en passant may not leave the royal piece attacked (along a rank)
    EnPassant,              // en passant exists
    CastlingRights,         // castling needs the right (king and rook unmoved)
    CastlingPathEmpty,      // the squares between king and rook must be empty
    CastlingOutOfCheck,     // castling is not allowed while in check
    CastlingThroughAttack,  // the king may not pass through or land on an attacked square
    DoubleStep,             // the double step exists
    DoubleStepRank,         // ... only from its own rank
    Promotion,              // a pawn reaching the promotion zone promotes
    PromotionChoice,        // promotion only to the listed pieces
    SideStep,               // a move-only one-square step does not wrap around the edge
    EdgeWrap,               // no leap or ride wraps around the board's edge
    KingCapture,            // the enemy royal piece may be captured
    NoLegalMove,            // without check rules, moves into check are legal: not "no move"
    ForcedCapture,          // a side that can capture must (antichess's mustCapture)
    ChecksForbidden,        // a move may not give check (racing kings)
    PromotionCapturedOnly,  // promotion only to a piece the side has lost (grand chess)
    // Drops and the Eastern games' board rules (probe_board_rules.cpp):
    DropRank,       // no drop on a rank the variant forbids (or where it could never move)
    Nifu,           // no second unpromoted pawn dropped on a file (shogi)
    FlyingGeneral,  // a move may not leave the royal pieces facing (xiangqi)
    LameLeap,       // a lame leap (Betza's n) needs the squares on its way empty
    Confinement,    // a confined piece keeps to its region (palace, own side of the river)
    Bikjang,        // with the royal pieces facing, a move must break it (janggi's bikjang)
    HopLimits,      // a hopper may not hop over or capture the pieces it may not (janggi cannon)
    Uchifuzume,     // mate by dropping a pawn loses: the move that looks like a win (shogi)
    // The feature's own move is the one to play:
    SideStepMove,  // ... a move-only sideways step, the only legal move
    CastlingMove,  // ... castling (written as the king's move), the only move that wins at once
    // Move kinds an engine may never play (probe_move_kinds.cpp): the only legal moves are of
    // the kind, or where no position can say so, the only winning ones.
    CastlingOnlyMove,  // castling, the only legal move (where a castling rook cannot slide)
    DropMove,          // a drop from the hand, the only legal moves
    GatingMove,        // gating a piece from the hand, the only move that wins at once
    PromotionMove,     // a promotion that is a move of its own (sittuyin), the only legal move
    FirstMove,         // a piece's first-move leap (cambodian's king and met), the only legal move
    PassMove,          // a pass (janggi's: the general to its own square), the only legal move
    PromotionZone,     // a promotion where the variant's zone begins (the move just played)
    // The variant's own ending is the one to reach: a move that wins by it (at once, or
    // whatever the reply where the ending waits for one), the only winning move there (an
    // engine that does not know the ending sees an ordinary move).
    RegionWin,      // a royal piece reaching its region (King of the Hill's centre)
    CheckCountWin,  // the check that completes the count (three-check)
    ExtinctionWin,  // taking the last piece of a kind the other side may not lose (horde)
    BareKingWin,    // taking the other side's last piece but its king (shatranj)
};

// Features whose positions have the feature's move as the only one that wins (at once, or
// for the waiting endings whatever the reply; other legal moves exist): playing one of those
// is a warning, not a failure.
bool wins_at_once_feature(RuleFeature f);
// Whether an engine without the rule is only warned by its probe in this variant: every
// position it can be asked has the rule's move as the only one that wins, and another legal
// move breaks no rule (castling or gating that mates, the variant's ending). Otherwise it
// fails: it plays an illegal move, or has none where only the rule's moves are legal.
bool only_warns(const Variant& v, RuleFeature f);
// For the features whose move wins by one of the variant's endings: that ending (else nullopt).
std::optional<EndReason> winning_ending(RuleFeature f);

// Every feature, in the order probes run.
const std::vector<RuleFeature>& all_rule_features();
const char* feature_key(RuleFeature f);   // "castling-through-attack"
const char* feature_rule(RuleFeature f);  // the rule in words, for the report
// For a feature whose own move is the one that wins (wins_at_once_feature), what an engine
// that played another move may not know, in the variant's words for the side to move:
// "your engine may not know that a king on d4, d5, e4 or e5 wins".
std::string missed_win_words(const Variant& v, RuleFeature f, Color side);
// The feature whose key this is, or nullopt.
std::optional<RuleFeature> feature_from_key(const std::string& key);

// Whether the variant has the rule; when not, *why_not says why, as a sentence.
bool variant_has_feature(const Variant& v, RuleFeature f, std::string* why_not = nullptr);

// The variant with the one rule switched off or changed, where the change is expressible
// as variant data (check rules, en passant, double steps and their ranks, promotion choices,
// forced capture, forbidden checks, promotion to lost pieces).
// nullopt for features whose flaw is computed move by move (castling conditions, wraps).
std::optional<Variant> ablated_variant(const Variant& v, RuleFeature f);

// Prepared once per variant and feature: the ablated rules, when there are any.
class FlawedMoves {
  public:
    FlawedMoves(const Rules& rules, RuleFeature f);
    RuleFeature feature() const { return feature_; }
    // The moves an engine with the flaw takes to be legal in pos. `last_move`, when given,
    // is the move that led to pos (discovered check is judged against it).
    std::vector<Move> moves(const Position& pos) const;
    // Legal moves the engine with the flaw takes for a win at once though they lose (a mate
    // by a pawn drop, for an engine without uchifuzume); empty for the other flaws.
    std::vector<Move> believed_wins(const Position& pos) const;
    // Whether the engine with the flaw reads m, written as the referee sends it, as a move of
    // `before`. Only an engine that takes the last rank for the promotion zone reads moves
    // differently: a promotion before that rank is no move to it.
    bool reads(const Position& before, Move m) const;
    // The position the engine with the flaw believes in after `moves`, the last moves played
    // to reach pos, replayed by its own rules: it stops at the first it cannot read, as
    // Fairy-Stockfish does with a move it does not know, and so may believe it is the other
    // side's move. nullopt when it reads every one of them.
    std::optional<Position> misread_position(const Position& pos,
                                             std::span<const Move> moves) const;

  private:
    Rules rules_;
    RuleFeature feature_;
    std::optional<Rules> ablated_;
};

// One probe position: ask the side to move in `fen` (after `opening`, when not empty).
struct ProbePosition {
    std::string fen;
    std::vector<std::string> opening;  // UCI moves played from fen first (a discovering move)
    std::vector<Move> legal;           // in the position asked
    std::vector<Move> flawed_only;     // moves the flawed engine takes for legal that are not
    std::vector<Move> missed;          // legal moves the flawed engine does not know
    int flawed_legal = 0;              // moves both sets share: the flawed engine's lucky picks
    std::vector<Move> winning;         // wins_at_once_feature: the feature's moves that win here
    std::string note;                  // what the opening did, where the flaw is in reading it
    std::vector<Move> losing;          // legal moves that lose at once, which the flawed engine
                                       // takes for a win (uchifuzume's pawn-drop mate)
    bool needs_fen = false;            // castling rights or en passant a board dump cannot say
};

struct ProbeSearch {
    int positions = 5;        // how many to find
    std::uint64_t seed = 1;   // the same seed, the same positions
    int games = 24;           // random games from the start, for positions from play
    int set_ups = 300;        // sparse random set-ups
    int improve_steps = 250;  // local-search steps per kept position
};

// Positions for the feature, best first (fewest lucky picks for the flawed engine), all
// distinct. Fewer than asked (or none) when the search finds fewer.
std::vector<ProbePosition> find_probe_positions(const Rules& rules, RuleFeature f,
                                                const ProbeSearch& search);

// Whether a position with an en-passant square could follow the double step it names, as
// far as the referee's own FEN checks tell: the position before that step (the pawn back on
// its origin, the other side to move) is accepted, and the double step is legal in it. True
// where there is no en-passant square.
bool en_passant_origin_legal(const Rules& rules, const PositionFields& f);

// The position a probe asks from: fen with the opening played.
Position probe_position(const Rules& rules, const ProbePosition& p);

}  // namespace referee::rules
