// A variant compiled into lookup tables for one bitboard width: what each piece reaches
// from each square, the rays riders follow, Zobrist keys and castling masks. Built once per
// variant; positions only read it.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "referee/rules/base/bitboard.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::rules {

using Piece = std::uint8_t;  // 0: empty; otherwise color << 5 | (type + 1)
inline constexpr Piece kNoPiece = 0;
constexpr Piece make_piece(Color c, int type) {
    return Piece((c << 5) | (type + 1));
}
constexpr int type_of(Piece p) {
    return (p & 31) - 1;
}
constexpr Color color_of(Piece p) {
    return Color(p >> 5);
}
inline constexpr int kMaxPieceCodes = 64;

// Slide attacks on a 64-square board by one lookup: the occupancy of the squares that can
// block a group of slides from one square, multiplied by a number found when the variant is
// loaded (a "magic": it gathers those bits, without collisions that matter, into the top of
// the word), indexes the precomputed attack set. Found per variant from the piece
// definitions, so any set of rider directions and ranges gets one.
struct SlideMagic {
    Bits64 mask = 0;  // squares whose occupancy decides the attacks
    std::uint64_t magic = 0;
    const Bits64* attacks = nullptr;
    int shift = 63;
    Bits64 reach = 0;  // the attacks on an empty board
};
// The squares a group of slides reaches from s with occupancy occ, blockers included.
inline Bits64 slide_attacks(const SlideMagic* group, int s, Bits64 occ) {
    const SlideMagic& m = group[s];
    return m.attacks[((occ & m.mask) * m.magic) >> m.shift];
}
// One group's lookup, for every square.
struct SlideTable {
    std::vector<std::pair<int, std::vector<Bits64>>> slides;  // (vector, per-square mask): the key
    std::vector<SlideMagic> squares;
    std::vector<Bits64> attacks;
};

template <class BB>
struct Tables {
    // One ride (a rider, or a hop along a line) of one piece, for one color.
    struct Ride {
        int vec;  // index into vectors / rays
        bool move, capture;
        Hop hop;
        std::vector<BB> mask;  // per square: the squares within range along the ray
        bool forward =
            false;  // the vector's index step is positive: its nearest square is the lowest
        const BB* ray = nullptr;  // ray[vec].data(), set once every ray is built
        // Along the palace lines (palace_lines.cpp): the mask ends with the lines, which
        // the attack rays do not know, so attack tests generate the piece's moves.
        bool palace = false;
        // Around the joined edges (Betza's o, cylindrical_moves.hpp): per square, the squares
        // it passes in order, which the rays' square order does not give. `mask` holds the
        // same squares as a set.
        bool wraps = false;
        std::vector<std::vector<std::uint8_t>> path{};
        // A bent move with a ride in it (bent_moves.hpp): `path` is its first leg, turns[sq][k]
        // its second leg from where the first turns after k steps; `mask` all it may reach.
        bool bent = false, collide = false;
        std::vector<std::vector<std::vector<std::uint8_t>>> turns{};
        // Walked square by square, out of the magic lookups and attack rays.
        bool walked() const { return wraps || bent; }
    };
    // A lame leap: the target and the squares that must be empty on the way.
    struct LameLeap {
        int to;
        BB path;
        bool move, capture;
    };
    // A first move (first_moves.cpp), as a lame leap; a double step steps along a line over
    // the squares between without capturing, and a piece with en passant may be taken there.
    struct FirstLeap {
        LameLeap leap;
        bool double_step;
    };
    // For attack tests: an attacker of `types` riding vector `vec` sits at the first piece
    // found along the reversed vector; range limits are checked per type.
    struct AttackRay {
        int reverse_vec;
        std::uint32_t types = 0;                   // types that ride this vector without limit
        std::vector<std::pair<int, int>> limited;  // (type, range)
        bool forward = false;                      // as in Ride, for reverse_vec
        const BB* ray = nullptr;                   // ray[reverse_vec].data()
    };
    // A plain leap once more, per vector: a whole set of like pieces makes it at once by
    // shifting the set, which is how perft counts the last ply for pawns and such.
    struct Shift {
        int dx, dy;
        int step;  // index step, positive: the set shifts up
        BB from;   // squares the leap does not leave the board from
        bool move, capture;
    };
    struct PerPiece {
        std::vector<BB> leap_move, leap_capture;  // per square
        std::vector<BB> reverse_leap_capture;     // squares from which it captures this one
        std::vector<Ride> rides;
        // The plain rides (moving and capturing, no hop), the commonest kind, split by
        // direction so that the generator's loops over them need no branches, and held
        // as the two pointers the loop reads.
        struct Slide {
            const BB* mask;
            const BB* ray;
        };
        std::vector<Slide> forward_slides, backward_slides;  // only on boards over 64 squares
        // On 64-square boards the same plain rides by magic lookup, a few directions each.
        std::vector<const SlideMagic*> slide_groups;
        // And every capturing plain ride (capture-only ones too) the same way: what the piece
        // attacks, for a whole side's attack map (most often the same groups as above).
        std::vector<const SlideMagic*> capture_groups;
        std::vector<const Ride*> other_rides;
        std::vector<std::vector<LameLeap>> lame;  // per square
        bool has_lame = false;
        // Rides around the joined edges (cylindrical_moves.hpp) and bent rides
        // (bent_moves.hpp), walked square by square.
        std::vector<const Ride*> walked_rides;
        // A hopper's limits (screens_not, captures_not) or walked_rides: the generator's one
        // test for the pieces it handles apart.
        bool unusual = false;
        BB promotion_zone{};  // where it may promote
        // Where it must: the whole zone unless promotion is optional. Outside this part of
        // the zone it may also stay as it is; `optional_promotion` is that part.
        BB forced_promotion_zone{};
        BB optional_promotion{};
        // A move from inside the zone of a piece that promotes leaving it: where it must
        // promote. The forced part of the zone, or everywhere where promotion is not
        // optional (EuroShogi: every move into, inside or out of the zone promotes).
        BB leaving_forced{};
        // Where it must have promoted already and could not move again: no drop goes there
        // and no position sets it there (Fairy-Stockfish's immobility rule).
        BB stranded{};
        BB drop_zone{};  // where it may be dropped
        // Its first moves (first_moves.cpp), per square; empty: none. Made from the squares
        // of first_from where the variant gives their ranks, else from the unmoved squares.
        std::vector<std::vector<FirstLeap>> first;
        BB first_from{};
        std::vector<int> promotion_types;
        int promotion_choices = 0;      // promotion_types.size()
        bool promotes_leaving = false;  // a move from inside the zone may promote (shogi)
        // Its captures promote, its other moves do not (micro shogi).
        bool promotes_on_capture = false;
        BB double_step_from{};
        int forward = 0;               // index step of one square forward
        bool complex_attacks = false;  // hops or lame leaps: attack tests generate its moves
        bool wraps = false;            // some move wraps around the edges: no shifts
        // A hopper's limits (the janggi cannon): the types (bit per type) it may not hop
        // over, and those it may not capture.
        std::uint32_t screens_not = 0, captures_not = 0;
        // Only for those: [sq]: the squares from which it could capture sq on some board
        // (rides and hops along their whole line, lame leaps unblocked), so that an attack
        // test generates the moves of no piece that could never reach sq.
        std::vector<BB> reverse_capture_span;
        // Only plain leaps and double steps, on a 64-bit board: `shifts` describe all its
        // moves but en passant.
        bool shiftable = false;
        // Every move captures too and every capture is a move (plain leaps and rides), and
        // it neither promotes nor double-steps: its targets are all it reaches but its own
        // side's squares (kings, knights and sliders alike).
        bool uniform = false;
        std::vector<Shift> shifts;
        // Shifting is worth it from half as many pieces as vectors: pawns, not a lone king.
        int shift_group_min = 1;
        // A promotion that is a move of its own (promotion_moves.cpp): the type it makes
        // (-1: none) and the squares it may be made from, this side's.
        int promotion_move_type = -1;
        BB promotion_move_from{};
    };

    std::shared_ptr<const Variant> variant;
    Geometry g;
    int ntypes = 0;
    int nsq = 0;
    BB board{};  // every square of the board

    std::vector<std::pair<int, int>> vectors;  // (dx, dy) of every ray in use
    std::vector<int> vec_step;                 // index step of each vector
    // [vec][sq]: the unlimited ray, sq excluded. Each has an entry for every bit of BB, so
    // the highest bit can stand in for "no blocker" on forward rays and bit 0 on backward
    // ones (a ray from either is empty whatever the board size).
    std::vector<std::vector<BB>> ray;

    std::vector<PerPiece> per_piece;        // [color * ntypes + type]
    std::vector<AttackRay> attack_rays[2];  // by attacker color
    // 64-square boards: the same attacks by magic lookup, from the target along the reversed
    // rides, each group with the types (bit per type) that attack that way.
    struct AttackGroup {
        const SlideMagic* group;
        const SlideTable* table;  // its slides, for the squares between
        std::uint32_t types;
    };
    std::vector<AttackGroup> attack_groups[2];
    std::deque<SlideTable> slide_tables;       // what slide_groups and attack_groups point into
    std::uint32_t leap_attackers[2] = {0, 0};  // types with plain leap captures
    // The same types with their reverse_leap_capture tables, read in attack tests without
    // going through per_piece.
    struct LeapAttack {
        int type;
        const BB* from;  // [sq]: squares a piece of this type captures sq from
    };
    std::vector<LeapAttack> leap_attacks[2];
    std::uint32_t complex_attackers[2] = {0, 0};  // types needing forward generation
    std::uint32_t ray_attackers[2] = {0, 0};      // types in any attack ray
    std::uint32_t royal_types = 0;
    std::uint32_t pawn_types = 0;
    std::uint32_t en_passant_types = 0;
    bool royal_promotion = false;  // some piece promotes to a royal one
    // Bit n set: some insufficient-material draw has n pieces on the board in all, so a
    // position with another count needs no closer look.
    std::uint64_t material_draw_sizes = 0;

    // Castling: White's rules first, then Black's (those that apply to each side, in the
    // variant's order); each has one right bit.
    struct Castle {
        Color color;
        char right;  // FEN letter (upper for White)
        int king_from, king_to, rook_from, rook_to;
        int rook_type;
        BB must_be_empty;
        std::vector<int> must_not_be_attacked;
        BB must_not_be_attacked_set;  // the same squares as a set, for an attack map
        std::uint64_t key = 0;        // in the position's key while the right is held
        // The piece that castles as the king: the one on its square at the start (giveaway's
        // king is not royal); -1: any royal piece (chess960's own castling).
        int king_type = -1;
    };
    // One castling move from its squares; the squares that must be empty or safe follow.
    static Castle make_castle(Color c, char right, int king_from, int king_to, int rook_from,
                              int rook_to, int rook_type);
    // The castling moves a position has, with, per square, the rights a move from or to it
    // loses. The variant's own (castle_set, built once) serve every position where castling
    // squares are fixed; a position of a variant whose king and rooks start anywhere
    // (chess960) builds its own from where they stand (Board::set).
    struct CastleSet {
        std::vector<Castle> castles;
        std::vector<std::uint32_t> clear;  // [sq]
        void add(Castle k, int nsq);
    };
    CastleSet castle_set;
    const std::vector<Castle>& castles() const { return castle_set.castles; }

    // The variant's endings, for the judge's loop (variant/ending.hpp), and those of them
    // that are over at once.
    std::vector<Ending> endings;
    EndingSet immediate_endings = 0;

    // Position state beyond the placement, where the variant has it (hands, promoted marks,
    // checks given): `extras` is the one flag make() and unmake() ask.
    bool extras = false;
    bool captures_to_hand = false;     // a capture puts the piece (demoted) in the capturer's hand
    bool drops = false;                // pieces in hand may be dropped
    bool counts_checks = false;        // checks given are counted (a CheckCount ending)
    bool must_capture = false;         // a side that can capture must
    bool checks_forbidden = false;     // a move may not give check
    bool royal_held_in_check = false;  // in check the royal piece only takes its lone checker
    bool duple_check = false;          // in check only with every royal piece attacked
    bool gating = false;               // pieces in hand enter by gating (gating.cpp)
    bool first_moves = false;          // some piece has first moves (first_moves.cpp)
    // Some piece's first moves are told by the squares whose pieces have not moved, kept as
    // gating squares are (gating.cpp) and named in the FEN's castling field.
    bool unmoved_squares = false;
    bool promotion_moves = false;  // some piece promotes by a move of its own
    // The counting rule (endings/counting.cpp) and the piece kinds its limits name, found by
    // their moves (-1: the variant has none): rook R, khon FfW, knight N, met F.
    CountingRule counting = CountingRule::None;
    int counting_rook = -1, counting_khon = -1, counting_knight = -1, counting_met = -1;
    // Promotion to lost pieces only: per colour and type, how many the side may have at
    // most (its start position's count; no limit for a type it does not start with); a
    // promotion to a type it has that many of is not legal. promotion_limited: some piece
    // promotes this way.
    bool promotion_limited = false;
    std::vector<int> promotion_limit[2];
    // Drop rules (variant/drop_rules.hpp): a filter of the legal list (must drop, bishops on
    // opposite colours), promoted pieces marked so that they demote when captured (not
    // where they go to hand as they are), castling rights given by dropping king and rook.
    bool drop_filters = false;
    std::vector<int> hand_type;  // [type]: what a captured piece of it goes to hand as
    // [type]: the piece in hand a drop of it takes
    std::vector<int> drop_from_hand;
    bool marks_promoted = false;
    bool castling_by_drops = false;
    // The count of legal moves needs the list: forced capture, forbidden checks, limited
    // promotion.
    bool count_by_list = false;
    // Which sides start with a royal piece (one without may have none: horde's White).
    bool start_royal[2] = {false, false};

    // What the endings beyond the placement's basics look at (endings/judge.cpp): the
    // region each side's `region_types` pieces aim for, and the kinds of piece whose loss
    // ends the game (in the file's order; empty with extinction_all: every piece).
    BB region[2]{};
    std::uint32_t region_types = 0;
    int region_count = 1;
    bool region_reply = false;
    bool bare_king_reply = false;
    std::vector<int> extinction_types;
    int extinction_count = 0;
    // The flying-general rule (flying_general.cpp): royal pieces may not see each other
    // along these four rays.
    bool flying_general = false;
    int orthogonal_vecs[4] = {0, 0, 0, 0};
    // Passing and bikjang (passing.cpp): the royal pieces' facing is watched along the same
    // four rays.
    bool pass = false;
    bool bikjang = false;
    static constexpr int kMaxInHand = 255;

    std::vector<std::uint64_t> zobrist_piece;   // [piece code * nsq + sq]
    std::vector<std::uint64_t> zobrist_castle;  // [right bit]
    // chess960: a right is keyed by its side, rule and rook square, which the position's own
    // castling list does not number the same way twice.
    std::vector<std::uint64_t> zobrist_free_castle;  // [(color * rules + rule) * nsq + rook]
    std::vector<std::uint64_t> zobrist_ep;           // [sq]
    std::uint64_t zobrist_side = 0;
    // Where the variant has them: [(color * ntypes + type) * (kMaxInHand + 1) + n] is in the
    // key while the hand holds at least n such pieces; [color * 256 + n] likewise for checks.
    std::vector<std::uint64_t> zobrist_hand;
    std::vector<std::uint64_t> zobrist_checks;
    std::vector<std::uint64_t> zobrist_gate;  // [color * nsq + sq]: while sq may gate
    std::uint64_t hand_key(Color c, int type, int n) const {
        return zobrist_hand[(c * ntypes + type) * (kMaxInHand + 1) + n];
    }

    const PerPiece& piece(Color c, int t) const { return per_piece[c * ntypes + t]; }

    static std::shared_ptr<const Tables> build(std::shared_ptr<const Variant> v);
    BB stranded_squares(const Variant& v, int type, Color c) const;

    Tables() = default;
    Tables(const Tables&) = delete;  // rides point into the rays
    Tables& operator=(const Tables&) = delete;
};

// The Zobrist keys of a variant's tables (zobrist_keys.cpp), once castling is built.
template <class BB>
void build_zobrist_keys(Tables<BB>& t, const Variant& v);

// Which width a variant needs.
inline bool fits_64(const Variant& v) {
    return v.geometry.squares() <= 64;
}

extern template struct Tables<Bits64>;
extern template struct Tables<Bits256>;

}  // namespace referee::rules
