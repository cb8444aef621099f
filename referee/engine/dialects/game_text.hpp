// A game as one dialect writes it: the start position's text and each move's, rendered once.
// A request carries the whole game, which grows by a move or two between requests, so only
// the moves not yet seen are rendered, on a replay of the game kept here (a move's text may
// depend on the position it is played in: promotion letters, castling, SAN).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::engine {

class GameText {
  public:
    explicit GameText(rules::MoveStyle style) : style_(style) {}
    // Brings the texts up to the request's game; starts again when its start position or
    // an earlier move differs from what was rendered. Returns the moves' texts.
    const std::vector<std::string>& update(const MoveRequest& request);
    // Forgets the game (a new one begins).
    void reset();
    const std::string& start_fen() const { return start_fen_; }
    // The replay's position: the request's start with every rendered move played.
    const rules::Position& position() const { return *replay_; }
    // The position before moves()[ply], replayed from the start's FEN (for messages only).
    rules::Position position_before(std::size_t ply) const;
    const std::vector<rules::Move>& moves() const { return moves_; }
    const std::vector<std::string>& texts() const { return texts_; }

  private:
    rules::MoveStyle style_;
    const rules::Position* start_ = nullptr;  // the request's start that the replay began at
    std::string start_fen_;
    std::optional<rules::Position> replay_;  // a copy of the start with moves_ played
    std::vector<rules::Move> moves_;
    std::vector<std::string> texts_;
};

}  // namespace referee::engine
