// Bitboards of two widths. Boards of up to 64 squares (every MiniChess variant and chess)
// use a plain 64-bit word, which is what makes a data-driven generator fast; larger boards
// (up to 16x16) use a four-word set with the same operations. The move generator is a
// template over the two, chosen once per variant.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace referee::rules {

using Bits64 = std::uint64_t;

struct Bits256 {
    std::array<std::uint64_t, 4> w{};

    friend constexpr Bits256 operator&(Bits256 a, const Bits256& b) {
        for (int i = 0; i < 4; ++i) a.w[i] &= b.w[i];
        return a;
    }
    friend constexpr Bits256 operator|(Bits256 a, const Bits256& b) {
        for (int i = 0; i < 4; ++i) a.w[i] |= b.w[i];
        return a;
    }
    friend constexpr Bits256 operator^(Bits256 a, const Bits256& b) {
        for (int i = 0; i < 4; ++i) a.w[i] ^= b.w[i];
        return a;
    }
    friend constexpr Bits256 operator~(Bits256 a) {
        for (auto& x : a.w) x = ~x;
        return a;
    }
    Bits256& operator&=(const Bits256& b) { return *this = *this & b; }
    Bits256& operator|=(const Bits256& b) { return *this = *this | b; }
    Bits256& operator^=(const Bits256& b) { return *this = *this ^ b; }
    friend constexpr bool operator==(const Bits256&, const Bits256&) = default;
};

// The operations the generator needs, overloaded for both widths.
constexpr bool any(Bits64 b) {
    return b != 0;
}
constexpr bool any(const Bits256& b) {
    return (b.w[0] | b.w[1] | b.w[2] | b.w[3]) != 0;
}

// Without the POPCNT instruction (a default x86-64 build), std::popcount is a library
// call; the inline bit-slicing count is several times faster in the perft loop.
constexpr int popcount(Bits64 b) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return std::popcount(b);
#else
    b = b - ((b >> 1) & 0x5555555555555555ull);
    b = (b & 0x3333333333333333ull) + ((b >> 2) & 0x3333333333333333ull);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((b * 0x0101010101010101ull) >> 56);
#endif
}
constexpr int popcount(const Bits256& b) {
    return popcount(b.w[0]) + popcount(b.w[1]) + popcount(b.w[2]) + popcount(b.w[3]);
}

constexpr bool more_than_one(Bits64 b) {
    return (b & (b - 1)) != 0;
}
constexpr bool more_than_one(const Bits256& b) {
    return popcount(b) > 1;
}

// Whether b holds at least n squares, counted only past two.
template <class BB>
constexpr bool at_least(const BB& b, int n) {
    if (n <= 1) return n <= 0 || any(b);
    return more_than_one(b) && (n == 2 || popcount(b) >= n);
}

// Lowest and highest set square; undefined on an empty set (callers test any() first).
constexpr int lsb(Bits64 b) {
    return std::countr_zero(b);
}
constexpr int lsb(const Bits256& b) {
    for (int i = 0; i < 4; ++i)
        if (b.w[i]) return i * 64 + std::countr_zero(b.w[i]);
    return -1;
}
constexpr int msb(Bits64 b) {
    return 63 - std::countl_zero(b);
}
constexpr int msb(const Bits256& b) {
    for (int i = 3; i >= 0; --i)
        if (b.w[i]) return i * 64 + 63 - std::countl_zero(b.w[i]);
    return -1;
}

// How many squares a set can hold.
template <class BB>
inline constexpr int kBits = 64;
template <>
inline constexpr int kBits<Bits256> = 256;

template <class BB>
constexpr BB square_bit(int s);
template <>
constexpr Bits64 square_bit<Bits64>(int s) {
    return Bits64(1) << s;
}
template <>
constexpr Bits256 square_bit<Bits256>(int s) {
    Bits256 b;
    b.w[s >> 6] = std::uint64_t(1) << (s & 63);
    return b;
}

constexpr bool test(Bits64 b, int s) {
    return (b >> s) & 1;
}
constexpr bool test(const Bits256& b, int s) {
    return (b.w[s >> 6] >> (s & 63)) & 1;
}

// Adds or removes one square of the wide set in place, touching only its word (making and
// taking back moves does this several times a move; the xiangqi family's trial of every move
// spent a third of its time building and and-ing whole four-word masks). The 64-bit board
// keeps its one mask: written this way it measured a tenth slower in minichess's perft.
constexpr void set_square(Bits256& b, int s) {
    b.w[s >> 6] |= std::uint64_t(1) << (s & 63);
}
constexpr void clear_square(Bits256& b, int s) {
    b.w[s >> 6] &= ~(std::uint64_t(1) << (s & 63));
}

// Removes and returns the lowest set square.
constexpr int pop_lsb(Bits64& b) {
    int s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr int pop_lsb(Bits256& b) {
    for (int i = 0; i < 4; ++i)
        if (b.w[i]) {
            int s = i * 64 + std::countr_zero(b.w[i]);
            b.w[i] &= b.w[i] - 1;
            return s;
        }
    return -1;
}

}  // namespace referee::rules
