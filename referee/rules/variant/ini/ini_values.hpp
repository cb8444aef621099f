// The value types of variants.ini (Fairy-Stockfish's [bool], [int], [Rank], [File], [Value],
// [PieceSet], [Bitboard]), each read from one entry and refused with the entry's line and
// key when it is not one; and the keys that read several entries together (the flag region,
// the mobility regions).
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/variant/ini/ini_draft.hpp"

namespace referee::rules {

struct IniValues {
    const IniPlace& at;
    IniDraft& d;

    bool boolean(const IniEntry& e) const;
    int number(const IniEntry& e, int lo, int hi) const;
    int rank(const IniEntry& e) const;             // 1..height
    int file(const IniEntry& e, int width) const;  // 0-based; "c" or "3"
    EndValue value(const IniEntry& e) const;       // win, loss, draw
    // Piece letters ("nbrq", "n b r q", "-"), as the types of the draft's pieces.
    std::vector<std::string> types(const IniEntry& e) const;
    // "p:g s:g": pairs of types.
    std::vector<std::pair<std::string, std::string>> type_pairs(const IniEntry& e) const;
    // Squares ("d4 e4", "*8", "a*"), sorted.
    std::vector<Square> squares(const IniEntry& e) const;
    // A region of whole ranks: those ranks, relative to the side (White's: absolute), sorted.
    std::vector<int> rank_set(const IniEntry& e, Color side) const;
    // The letter of the draft's piece of this type, refused if there is none.
    char letter_of_type(const IniEntry& e, const std::string& type) const;
    // The start position's fields, on the draft's board (to read the checks to give).
    PositionFields start_fields(const IniEntry& e) const;

    // flagPiece, whiteFlag, blackFlag, flagRegion*, flagMove -> the region ending.
    void flag_region(std::set<std::string>& used) const;
    // mobilityRegionWhiteKing, ... -> a piece's confinement.
    void mobility_regions(std::set<std::string>& used) const;
};

}  // namespace referee::rules
