// The seeded uniform choice random-engine makes, shared with the broken engines that "play
// normally": the legal moves sorted by their dash name ("a2-a3"), less those that lose on the
// spot (a pawn-drop mate under uchifuzume) unless every move does, then index rng() % count.
// Sorting by name makes the choice independent of the generator's move order, and one
// rng() call per move keeps two runs with the same seed in step whatever the dialect.
#pragma once

#include <optional>
#include <random>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace engines {

std::vector<referee::rules::Move> legal_moves_by_name(const referee::rules::Position& position);
// nullopt (and no rng() call) when there is no legal move.
std::optional<referee::rules::Move> pick_uniform(const referee::rules::Position& position,
                                                 std::mt19937_64& rng);

}  // namespace engines
