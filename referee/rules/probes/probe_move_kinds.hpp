// The rule probes of move kinds an engine may never play: castling where it is the only
// legal move, drops, gating, a promotion that is a move of its own (sittuyin), a piece's
// first-move leap (cambodian), and promotion
// where the variant's zone begins before the last rank (makruk's 6th). An engine without one
// of the first four never makes such a move: it fails where they are the only legal moves,
// and where no position can make them so (a gated move is legal exactly when the same move
// without the gate is), it is warned where one of them is the only move that wins at once.
// An engine that takes the zone for the last rank plays a piece into the zone unpromoted
// where the variant forces the promotion (a failure), and elsewhere only misses the
// promotions the zone allows (a warning where one wins at once).
#pragma once

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/probes/probes.hpp"

namespace referee::rules {

// Whether f is one of these features.
bool is_move_kind_feature(RuleFeature f);
// Whether the variant has the move kind; when not, *why_not says why, as a sentence.
bool variant_has_move_kind(const Variant& v, RuleFeature f, std::string* why_not);
// The variant as an engine without the feature sees it, where that is data: promotion only
// on the last rank for PromotionZone; the other kinds are taken out move by move.
void ablate_move_kind(Variant& v, RuleFeature f);
// Whether m is a move of the kind an engine without the feature never plays (castling, a
// drop, a gated move, a promotion move of its own, a first-move leap); false for
// PromotionZone.
bool is_move_of_kind(const Position& pos, RuleFeature f, Move m);
// The words of a missed win for GatingMove (empty for the others).
std::string missed_move_kind_words(const Variant& v, RuleFeature f);

}  // namespace referee::rules
