// Iterative-deepening negamax alpha-beta on the rules engine's Board (make/unmake, no
// Position copies): principal-variation search, quiescence on captures and promotions,
// move ordering (table move, MVV-LVA, killers, history), late-move reductions and a
// transposition table keyed by the board's Zobrist key. Every end the variant defines is
// scored as the rules engine decides it (royal capture, checkmate, no legal move, the move
// limit, draws by rule), with wins sooner and losses later preferred.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engines/alphabeta/evaluation.hpp"
#include "engines/alphabeta/transposition_table.hpp"
#include "referee/rules/core/board.hpp"

namespace engines::alphabeta {

inline constexpr int kMaxPly = 96;
inline constexpr int kMate = 30000;
inline constexpr int kMateBound = kMate - 2 * kMaxPly;  // scores beyond are forced ends

struct SearchLimits {
    int max_depth = 0;            // 0: up to kMaxPly - 1
    std::uint64_t max_nodes = 0;  // 0: none
    std::optional<std::chrono::steady_clock::time_point> start_next_iteration_before;
    std::optional<std::chrono::steady_clock::time_point> hard_deadline;
    const std::atomic<bool>* stop = nullptr;
};

struct Iteration {
    int depth = 0;
    int score = 0;  // centipawns for the side to move; beyond kMateBound: a forced end
    std::uint64_t nodes = 0;
    std::chrono::milliseconds elapsed{0};
    std::vector<referee::rules::Move> pv;
};

struct SearchResult {
    std::optional<referee::rules::Move> best;  // none only when there is no legal move
    Iteration last;                            // the deepest completed iteration
};

// Plies to a forced end: positive when the side to move wins, negative when it loses, 0
// for an ordinary score.
int mate_distance(int score);

template <class BB>
SearchResult search(referee::rules::Board<BB>& board, const Evaluation& eval,
                    TranspositionTable& table, const SearchLimits& limits,
                    const std::function<void(const Iteration&)>& on_iteration);

}  // namespace engines::alphabeta
