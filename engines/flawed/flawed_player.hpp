// flawed-engine's player: random-engine's uniform choice, but over the moves an engine with
// one rule wrong believes legal (--flaw KEY, the rules layer's feature keys: pins,
// castling-through-attack, side-step, ...). The flawed move sets come from the same rules
// layer code that finds validate's probe positions, so every flaw validate can probe has an
// engine that shows it. With --prefer-flaw (default true) a move only the flaw allows is
// played whenever there is one, so a test sees the flaw on every position that offers it.
// With --start-only it keeps its own board from the variant's start and ignores the board it
// is sent, as many IMCS clients of the course do. With --castle-onto-rook it writes castling
// as the king's move onto its own rook (e1h1), as some engines' own notation has it.
#pragma once

#include <memory>
#include <optional>
#include <random>
#include <string>

#include "engines/common/player.hpp"
#include "referee/rules/probes/probes.hpp"

namespace engines {

class FlawedPlayer : public Player {
  public:
    std::vector<Parameter> parameters() const override;
    void set_parameter(const std::string& flag, const std::string& value) override;
    void new_game(const referee::rules::Rules& rules, std::uint64_t seed) override;
    Reply choose(const Turn& turn) override;
    bool another_game() const override { return !one_game_; }

  private:
    std::optional<referee::rules::RuleFeature> flaw_;
    bool prefer_flaw_ = true;
    bool one_game_ = false;
    bool start_only_ = false;                      // keeps its own board (see --start-only)
    bool castle_onto_rook_ = false;                // writes castling as the king taking its rook
    std::optional<referee::rules::Position> own_;  // that board
    std::unique_ptr<referee::rules::FlawedMoves> moves_;
    std::string moves_for_;  // the variant moves_ was built for
    std::mt19937_64 rng_;
};

}  // namespace engines
