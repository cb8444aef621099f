// Why a move is illegal under one of the variant's own move rules (forced capture, no
// checks, promotion to lost pieces only): the part of explain_illegal that asks whether the
// move would be legal with that one rule switched off, and says the rule in words.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "referee/rules/core/position.hpp"

namespace referee::rules {

// The move as the variant with one rule changed reads it in pos's position, or nullopt when
// it is illegal there too (or the changed rules cannot read the position).
template <class Change>
std::optional<Move> legal_with(const Position& pos, std::string_view text, Change change) {
    Variant v = pos.rules().variant();
    change(v);
    try {
        const Position loose = Rules(std::move(v)).from_fen(pos.fen());
        return loose.parse_move(text);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The reason, or empty when none of these rules is what makes `text` illegal in pos.
// `name` is the move as the reason writes it ("e2-e4").
std::string explain_variant_rule(const Position& pos, std::string_view text,
                                 const std::string& name);

}  // namespace referee::rules
