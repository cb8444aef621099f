// The special moves the probes are about, recognised from the variant's data (piece moves,
// promotion, castling and end rules), never from the variant's name.
#pragma once

#include <string>

#include "referee/rules/position.hpp"

namespace referee::validate {

enum class SpecialKind {
    SideStep,   // a move a piece can make only as a move-only one-square step (MinitChess bishop)
    Promotion,  // any promotion
    PromotionChoice,  // a promotion where the piece must be named (more than one choice)
    Castling,
    EnPassant,
    KingCapture,  // capturing the enemy's royal piece (variants without check rules)
};

const char* special_kind_name(SpecialKind kind);  // "side-step", "promotion", ...

// Whether a legal move m of pos is of this kind.
bool is_special(const rules::Position& pos, rules::Move m, SpecialKind kind);

// Whether the variant has moves of this kind at all; when not, why not, as a sentence
// ("minichess has no piece with a move-only step.").
bool variant_has(const rules::Variant& v, SpecialKind kind, std::string* why_not);

// Whether m (legal in pos) captures a royal piece of the side not to move.
bool captures_royal(const rules::Position& pos, rules::Move m);

}  // namespace referee::validate
