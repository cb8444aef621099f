#include "engines/common/random_pick.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace engines {

using referee::rules::Move;

std::vector<Move> legal_moves_by_name(const referee::rules::Position& position) {
    std::vector<std::pair<std::string, Move>> named;
    for (const Move& m : position.legal_moves()) named.emplace_back(position.move_name(m), m);
    std::sort(named.begin(), named.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<Move> out;
    out.reserve(named.size());
    for (auto& [name, m] : named) out.push_back(m);
    return out;
}

namespace {

// Whether the mover has lost the moment the move is played: a mate by a pawn drop where
// uchifuzume makes it a loss (the rules let it be played, as the referee must judge it;
// Fairy-Stockfish and the shogi engines never generate it), or a stalemate that the variant
// scores for the stalemated side.
bool loses_on_the_spot(const referee::rules::Position& position, Move m) {
    referee::rules::Position after = position;
    after.play(m);
    const auto outcome = after.outcome();
    using referee::rules::GameResult;
    const GameResult loss = position.side_to_move() == referee::rules::Color::White
                                ? GameResult::BlackWins
                                : GameResult::WhiteWins;
    return outcome && outcome->result == loss;
}

}  // namespace

std::optional<Move> pick_uniform(const referee::rules::Position& position, std::mt19937_64& rng) {
    auto moves = legal_moves_by_name(position);
    std::vector<Move> safe;
    for (Move m : moves)
        if (!loses_on_the_spot(position, m)) safe.push_back(m);
    if (!safe.empty()) moves = std::move(safe);
    if (moves.empty()) return std::nullopt;
    return moves[rng() % moves.size()];
}

}  // namespace engines
