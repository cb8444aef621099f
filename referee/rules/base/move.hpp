// A move as the rules engine stores it: eight bytes, compared by value. Besides its two
// squares it carries its kind and the piece types the kind needs (promoted to, dropped,
// gated), so that making it needs nothing but the position.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace referee::rules {

enum class MoveKind : std::uint8_t {
    Normal = 0,
    DoubleStep = 1,  // a pawn's two steps; it may leave an en-passant square behind
    EnPassant = 2,
    Castle = 3,     // `castle` indexes the position's castling rules
    Promotion = 4,  // `promotion` is the piece it becomes
    Drop = 5,       // a piece from the hand onto `to` (from == to); `drop` is its type
    Gate = 6,       // a normal move that brings `gate` from the hand onto `gate_square`
};

struct Move {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t promotion = 0;  // piece type + 1; 0 when the move does not promote
    std::uint8_t flags = 0;      // the MoveKind
    std::uint8_t drop = 0;       // piece type + 1 of a drop; 0 otherwise
    std::uint8_t gate = 0;       // piece type + 1 gated in (Gate, or a Castle that gates)
    std::uint8_t gate_square = 0;
    std::uint8_t castle = 0;  // castling rule index (Castle)

    // A promotion type given with MoveKind::Normal makes a Promotion.
    static Move make(int from, int to, MoveKind kind = MoveKind::Normal, int promotion_type = -1,
                     int castle = 0) {
        if (promotion_type >= 0 && kind == MoveKind::Normal) kind = MoveKind::Promotion;
        Move m;
        m.from = static_cast<std::uint8_t>(from);
        m.to = static_cast<std::uint8_t>(to);
        m.promotion = static_cast<std::uint8_t>(promotion_type + 1);
        m.flags = static_cast<std::uint8_t>(kind);
        m.castle = static_cast<std::uint8_t>(castle);
        return m;
    }
    static Move make_drop(int type, int to) {
        Move m;
        m.from = m.to = static_cast<std::uint8_t>(to);
        m.flags = static_cast<std::uint8_t>(MoveKind::Drop);
        m.drop = static_cast<std::uint8_t>(type + 1);
        return m;
    }
    // The same move with `type` brought in from the hand onto `square` (a vacated square).
    Move with_gate(int type, int square) const {
        Move m = *this;
        if (kind() == MoveKind::Normal) m.flags = static_cast<std::uint8_t>(MoveKind::Gate);
        m.gate = static_cast<std::uint8_t>(type + 1);
        m.gate_square = static_cast<std::uint8_t>(square);
        return m;
    }
    MoveKind kind() const { return MoveKind(flags); }
    int castle_index() const { return castle; }
    int promotion_type() const { return int(promotion) - 1; }  // -1: none
    int drop_type() const { return int(drop) - 1; }            // -1: not a drop
    int gate_type() const { return int(gate) - 1; }            // -1: nothing gated
    bool is_drop() const { return drop != 0; }
    bool gates() const { return gate != 0; }
    // A pass (Variant::pass): the royal piece "moves" to its own square.
    bool is_pass() const { return from == to && kind() == MoveKind::Normal; }
    friend bool operator==(const Move&, const Move&) = default;
};
static_assert(sizeof(Move) == 8);

// Fixed-capacity list, so move generation never allocates. The capacity covers any 16x16
// position with every piece a queen-like rider.
class MoveList {
  public:
    static constexpr int kCapacity = 4096;
    void push(Move m) {
        if (size_ == kCapacity) throw std::length_error("more than 4096 moves in one position");
        slots_.moves[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](int i) const { return slots_.moves[i]; }
    Move* begin() { return slots_.moves; }
    Move* end() { return slots_.moves + size_; }
    const Move* begin() const { return slots_.moves; }
    const Move* end() const { return slots_.moves + size_; }
    void resize(int n) { size_ = n; }
    void set(int i, Move m) { slots_.moves[i] = m; }

  private:
    // Left uninitialised: zeroing 32 KB for every list cost a third of perft's time. Only
    // slots below size_ are ever read, and each is written first.
    union Slots {
        Slots() {}
        Move moves[kCapacity];
    } slots_;
    int size_ = 0;
};

}  // namespace referee::rules
