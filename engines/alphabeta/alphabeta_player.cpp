#include "engines/alphabeta/alphabeta_player.hpp"

#include <fmt/format.h>

#include "engines/alphabeta/time_budget.hpp"

namespace engines::alphabeta {

using referee::rules::MoveStyle;

std::vector<Parameter> AlphaBetaPlayer::parameters() const {
    return {
        {"depth", "Depth", Parameter::Kind::Spin, "0", 0, kMaxPly - 2,
         "search at most this many plies per move (0: as the clock allows)"},
        {"nodes", "Nodes", Parameter::Kind::Spin, "0", 0, 1'000'000'000'000LL,
         "search at most this many nodes per move (0: as the clock allows)"},
        {"hash", "Hash", Parameter::Kind::Spin, "16", 1, 4096,
         "transposition table size in MB (default 16)"},
    };
}

void AlphaBetaPlayer::set_parameter(const std::string& flag, const std::string& value) {
    const long long n = std::stoll(value);  // checked against the ranges above by the caller
    if (flag == "depth")
        depth_ = static_cast<int>(n);
    else if (flag == "nodes")
        nodes_ = static_cast<std::uint64_t>(n);
    else if (flag == "hash") {
        hash_mb_ = static_cast<std::size_t>(n);
        table_.resize(hash_mb_);
    }
}

void AlphaBetaPlayer::new_game(const referee::rules::Rules& rules, std::uint64_t) {
    // The evaluation depends on the variant only; rebuild it when the variant changes.
    if (eval_variant_ != &rules.variant()) {
        eval_.emplace(rules.variant());
        eval_variant_ = &rules.variant();
    }
    table_.clear();
}

SearchResult AlphaBetaPlayer::search_turn(const Turn& turn) {
    const auto& rules = turn.position.rules();
    if (!eval_ || eval_variant_ != &rules.variant()) new_game(rules, 0);

    const Limits& l = turn.limits;
    const TimeBudget budget =
        plan_time(l, turn.position.fullmove_number(), rules.variant().end.move_limit);
    SearchLimits limits;
    limits.max_depth = depth_;
    if (l.depth > 0)
        limits.max_depth = limits.max_depth ? std::min(limits.max_depth, l.depth) : l.depth;
    limits.max_nodes = nodes_;
    if (l.nodes > 0)
        limits.max_nodes = limits.max_nodes ? std::min(limits.max_nodes, l.nodes) : l.nodes;
    limits.start_next_iteration_before = budget.start_next_iteration_before;
    limits.hard_deadline = budget.hard_deadline;
    limits.stop = &turn.stop;

    referee::rules::Position pos = turn.position;  // the search makes and unmakes on its own board
    auto report = [&](const Iteration& it) {
        if (!turn.info) return;
        const int mate = mate_distance(it.score);
        std::string score =
            mate ? fmt::format("mate {}", mate > 0 ? (mate + 1) / 2 : -((-mate + 1) / 2))
                 : fmt::format("cp {}", it.score);
        std::string pv;
        for (const auto& m : it.pv) pv += " " + pos.move_name(m, MoveStyle::Uci);
        const auto ms = it.elapsed.count();
        turn.report(fmt::format(
            "depth {} score {} nodes {} time {} nps {} pv{}", it.depth, score, it.nodes, ms,
            ms > 0 ? it.nodes * 1000 / static_cast<std::uint64_t>(ms) : it.nodes, pv));
    };
    return pos.visit([&](auto& board) { return search(board, *eval_, table_, limits, report); });
}

Reply AlphaBetaPlayer::choose(const Turn& turn) {
    const SearchResult r = search_turn(turn);
    return r.best ? Reply::of(*r.best) : Reply::none();
}

}  // namespace engines::alphabeta
