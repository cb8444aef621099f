// A move as the rules engine stores it: four bytes, compared by value.
#pragma once

#include <cstdint>
#include <stdexcept>

namespace referee::rules {

enum class MoveKind : std::uint8_t { Normal = 0, DoubleStep = 1, EnPassant = 2, Castle = 3 };

struct Move {
    std::uint8_t from = 0;
    std::uint8_t to = 0;
    std::uint8_t promotion = 0;  // piece type + 1; 0 when the move does not promote
    std::uint8_t flags = 0;      // low 2 bits: MoveKind; high 6 bits: castling rule index

    static Move make(int from, int to, MoveKind kind = MoveKind::Normal, int promotion_type = -1,
                     int castle = 0) {
        return Move{static_cast<std::uint8_t>(from), static_cast<std::uint8_t>(to),
                    static_cast<std::uint8_t>(promotion_type + 1),
                    static_cast<std::uint8_t>(static_cast<int>(kind) | (castle << 2))};
    }
    MoveKind kind() const { return MoveKind(flags & 3); }
    int castle_index() const { return flags >> 2; }
    int promotion_type() const { return int(promotion) - 1; }  // -1: none
    friend bool operator==(const Move&, const Move&) = default;
};

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
    // Left uninitialised: zeroing 16 KB for every list cost a third of perft's time. Only
    // slots below size_ are ever read, and each is written first.
    union Slots {
        Slots() {}
        Move moves[kCapacity];
    } slots_;
    int size_ = 0;
};

}  // namespace referee::rules
