// Board geometry shared by every layer: squares, files, ranks and their names.
// A square is an index rank * width + file, with a1 = 0 and ranks counted from White's side.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace referee::rules {

// Boards up to 16x16 (256 squares, so a square fits in a byte). The issue asks for 12x12.
inline constexpr int kMaxFiles = 16;
inline constexpr int kMaxRanks = 16;
inline constexpr int kMaxSquares = kMaxFiles * kMaxRanks;

using Square = int;
inline constexpr Square kNoSquare = -1;

enum Color : std::uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) {
    return Color(c ^ 1);
}
inline const char* color_name(Color c) {
    return c == White ? "White" : "Black";
}

struct Geometry {
    int width = 0;
    int height = 0;

    int squares() const { return width * height; }
    int file_of(Square s) const { return s % width; }
    int rank_of(Square s) const { return s / width; }
    Square at(int file, int rank) const { return rank * width + file; }
    bool on_board(int file, int rank) const {
        return file >= 0 && file < width && rank >= 0 && rank < height;
    }
    // The same square seen from the other side (rank flipped): e1 <-> e5 on a 5x5 board.
    Square mirror_rank(Square s) const { return at(file_of(s), height - 1 - rank_of(s)); }
    // Rank counted from a side's own back rank, 1-based: White's rank 2 is Black's rank h-1.
    int relative_rank(Color c, Square s) const {
        return c == White ? rank_of(s) + 1 : height - rank_of(s);
    }

    std::string name(Square s) const;
    // Parses a square name such as "c3" or "a10"; nullopt when malformed or off the board.
    std::optional<Square> parse(std::string_view text) const;
    // Parses a square name at the front of text, returning how many characters it used.
    std::optional<Square> parse_prefix(std::string_view text, std::size_t& used) const;
};

}  // namespace referee::rules
