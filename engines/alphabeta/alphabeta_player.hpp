// alphabeta-engine's player: the search of search.hpp with the evaluation of evaluation.hpp,
// for any variant the rules engine loads, thinking within the time plan of time_budget.hpp.
#pragma once

#include <memory>
#include <optional>

#include "engines/alphabeta/evaluation.hpp"
#include "engines/alphabeta/search.hpp"
#include "engines/alphabeta/transposition_table.hpp"
#include "engines/common/player.hpp"

namespace engines::alphabeta {

class AlphaBetaPlayer : public Player {
  public:
    std::vector<Parameter> parameters() const override;
    void set_parameter(const std::string& flag, const std::string& value) override;
    void new_game(const referee::rules::Rules& rules, std::uint64_t seed) override;
    Reply choose(const Turn& turn) override;

    // For tests and callers that want the numbers behind the move.
    SearchResult search_turn(const Turn& turn);

  private:
    int depth_ = 0;            // plies; 0: as time allows
    std::uint64_t nodes_ = 0;  // 0: as time allows
    std::size_t hash_mb_ = 16;
    std::optional<Evaluation> eval_;
    const referee::rules::Variant* eval_variant_ = nullptr;
    TranspositionTable table_{16};
};

}  // namespace engines::alphabeta
