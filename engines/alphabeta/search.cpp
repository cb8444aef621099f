#include "engines/alphabeta/search.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace engines::alphabeta {

using referee::rules::Board;
using referee::rules::Color;
using referee::rules::EndValue;
using referee::rules::Move;
using referee::rules::MoveKind;
using referee::rules::MoveList;
using Clock = std::chrono::steady_clock;

int mate_distance(int score) {
    if (score > kMateBound) return kMate - score;
    if (score < -kMateBound) return -(kMate + score);
    return 0;
}

namespace {

constexpr int kInfinity = kMate + 1;
constexpr std::uint64_t kCheckEvery = 1024;  // nodes between looks at the clock and the stop flag

// An ending's value for the side to move, as a score `ply` plies from the root.
int end_value_score(EndValue v, int ply) {
    switch (v) {
        case EndValue::Win:
            return kMate - ply;
        case EndValue::Loss:
            return -(kMate - ply);
        case EndValue::Draw:
            return 0;
    }
    return 0;
}

// Forced-end scores are stored relative to the node, so they stay right at any depth.
int to_table(int score, int ply) {
    if (score > kMateBound) return score + ply;
    if (score < -kMateBound) return score - ply;
    return score;
}
int from_table(int score, int ply) {
    if (score > kMateBound) return score - ply;
    if (score < -kMateBound) return score + ply;
    return score;
}

template <class BB>
class Searcher {
  public:
    Searcher(Board<BB>& board, const Evaluation& eval, TranspositionTable& table,
             const SearchLimits& limits)
        : b_(board),
          eval_(eval),
          tt_(table),
          limits_(limits),
          end_(board.tables().variant->end),
          check_rules_(board.tables().variant->check_rules),
          nsq_(board.tables().nsq),
          lists_(kMaxPly + 1),
          scores_(kMaxPly + 1),
          history_(static_cast<std::size_t>(nsq_) * nsq_, 0) {}

    SearchResult run(const std::function<void(const Iteration&)>& on_iteration);

  private:
    bool out_of_budget() const;
    bool tick() {
        if (++nodes_ % kCheckEvery == 0 && out_of_budget()) aborted_ = true;
        return aborted_;
    }
    std::optional<int> end_before_moves(int ply) const;
    int no_moves_score(int ply) const {
        const bool mated = check_rules_ && b_.in_check();
        return end_value_score(mated ? end_.checkmate : end_.no_legal_moves, ply);
    }
    bool is_capture(Move m) const {
        if (m.kind() == MoveKind::EnPassant) return true;
        if (m.kind() == MoveKind::Castle) return false;
        const auto p = b_.at(m.to);
        return p != referee::rules::kNoPiece && referee::rules::color_of(p) != b_.side_to_move();
    }
    int order_score(Move m, Move table_move, int ply) const;
    void score_all(MoveList& list, Move table_move, int ply);
    Move pick(MoveList& list, int ply, int i);  // the best-scored of list[i..], swapped to i
    // A legal move made by the side to move? For pseudo-legal lists in variants with check rules.
    bool leaves_royal_safe(Color us) const {
        return !b_.royal_attacked(us) || (end_.royal_capture && !b_.has_royal(~us));
    }

    int negamax(int depth, int alpha, int beta, int ply);
    int quiesce(int alpha, int beta, int ply);
    std::vector<Move> principal_variation(Move first, int max_length);

    Board<BB>& b_;
    const Evaluation& eval_;
    TranspositionTable& tt_;
    const SearchLimits& limits_;
    const referee::rules::EndRules& end_;
    const bool check_rules_;
    const int nsq_;
    std::vector<MoveList> lists_;           // one per ply, so deep recursion stays off the stack
    std::vector<std::vector<int>> scores_;  // ordering scores, parallel to lists_
    std::vector<int> history_;              // [from * nsq + to]: quiet moves that cut off
    std::array<std::array<Move, 2>, kMaxPly + 1> killers_{};
    std::uint64_t nodes_ = 0;
    bool aborted_ = false;
    Clock::time_point started_ = Clock::now();
};

template <class BB>
bool Searcher<BB>::out_of_budget() const {
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) return true;
    return limits_.hard_deadline && Clock::now() >= *limits_.hard_deadline;
}

// Ends decided by the move just made, in the order the rules engine decides them.
template <class BB>
std::optional<int> Searcher<BB>::end_before_moves(int ply) const {
    if (end_.royal_capture && !b_.has_royal(b_.side_to_move())) {
        // The value is the capturer's, who is not the side to move.
        const EndValue v = *end_.royal_capture;
        return end_value_score(v == EndValue::Win    ? EndValue::Loss
                               : v == EndValue::Loss ? EndValue::Win
                                                     : v,
                               ply);
    }
    if (end_.move_limit && b_.fullmove_number() > end_.move_limit) return 0;
    return std::nullopt;
}

template <class BB>
int Searcher<BB>::order_score(Move m, Move table_move, int ply) const {
    if (m == table_move) return 1 << 30;
    const int mover = referee::rules::type_of(b_.at(m.from));
    if (is_capture(m)) {
        const int victim =
            m.kind() == MoveKind::EnPassant ? mover : referee::rules::type_of(b_.at(m.to));
        const int promotion = m.promotion ? eval_.value(m.promotion_type()) : 0;
        return (1 << 28) + eval_.ordering_value(victim) * 8 + promotion - eval_.value(mover) / 8;
    }
    if (m.promotion) return (1 << 27) + eval_.value(m.promotion_type());
    if (ply <= kMaxPly && m == killers_[ply][0]) return (1 << 26) + 1;
    if (ply <= kMaxPly && m == killers_[ply][1]) return 1 << 26;
    return std::min(history_[m.from * nsq_ + m.to], (1 << 25));
}

template <class BB>
void Searcher<BB>::score_all(MoveList& list, Move table_move, int ply) {
    auto& scores = scores_[ply];
    scores.resize(list.size());
    for (int i = 0; i < list.size(); ++i) scores[i] = order_score(list[i], table_move, ply);
}

template <class BB>
Move Searcher<BB>::pick(MoveList& list, int ply, int i) {
    auto& scores = scores_[ply];
    int best = i;
    for (int j = i + 1; j < list.size(); ++j)
        if (scores[j] > scores[best]) best = j;
    if (best != i) {
        const Move m = list[i];
        list.set(i, list[best]);
        list.set(best, m);
        std::swap(scores[i], scores[best]);
    }
    return list[i];
}

template <class BB>
int Searcher<BB>::negamax(int depth, int alpha, int beta, int ply) {
    if (tick()) return 0;
    if (auto end = end_before_moves(ply)) return *end;
    MoveList& list = lists_[ply];
    if (ply >= kMaxPly - 1) return eval_.evaluate(b_);
    if (b_.draw_by_rule()) {
        // Having no legal move outranks a draw by rule, as in the rules engine.
        list.resize(0);
        b_.generate_legal(list);
        return list.empty() ? no_moves_score(ply) : 0;
    }
    const bool in_check = check_rules_ && b_.in_check();
    if (in_check) ++depth;
    if (depth <= 0) return quiesce(alpha, beta, ply);

    // No line from here can end sooner than a mate right now.
    alpha = std::max(alpha, -(kMate - ply));
    beta = std::min(beta, kMate - ply - 1);
    if (alpha >= beta) return alpha;

    const std::uint64_t key = b_.key();
    Move table_move{};
    if (const TableEntry* e = tt_.find(key)) {
        table_move = e->move;
        if (e->depth >= depth) {
            const int s = from_table(e->score, ply);
            if (e->bound == Bound::Exact || (e->bound == Bound::Lower && s >= beta) ||
                (e->bound == Bound::Upper && s <= alpha))
                return s;
        }
    }

    list.resize(0);
    b_.generate_legal(list);
    if (list.empty()) return no_moves_score(ply);
    score_all(list, table_move, ply);

    const int original_alpha = alpha;
    int best = -kInfinity;
    Move best_move{};
    for (int i = 0; i < list.size(); ++i) {
        const Move m = pick(list, ply, i);
        const bool quiet = !is_capture(m) && !m.promotion;
        b_.make(m);
        int score;
        if (i == 0) {
            score = -negamax(depth - 1, -beta, -alpha, ply + 1);
        } else {
            const int reduction =
                depth >= 3 && i >= 3 && quiet && !in_check ? (i >= 8 && depth >= 5 ? 2 : 1) : 0;
            score = -negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1);
            if (score > alpha && reduction)
                score = -negamax(depth - 1, -alpha - 1, -alpha, ply + 1);
            if (score > alpha && score < beta) score = -negamax(depth - 1, -beta, -alpha, ply + 1);
        }
        b_.unmake();
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (score >= beta) {
                    if (quiet) {
                        if (killers_[ply][0] != m)
                            killers_[ply][1] = killers_[ply][0], killers_[ply][0] = m;
                        history_[m.from * nsq_ + m.to] += depth * depth;
                    }
                    break;
                }
            }
        }
    }
    const Bound bound = best >= beta            ? Bound::Lower
                        : best > original_alpha ? Bound::Exact
                                                : Bound::Upper;
    tt_.store(key, bound == Bound::Upper ? Move{} : best_move, to_table(best, ply), depth, bound);
    return best;
}

template <class BB>
int Searcher<BB>::quiesce(int alpha, int beta, int ply) {
    if (tick()) return 0;
    if (auto end = end_before_moves(ply)) return *end;
    if (ply >= kMaxPly - 1) return eval_.evaluate(b_);
    MoveList& list = lists_[ply];
    const Color us = b_.side_to_move();

    if (check_rules_ && b_.in_check()) {
        // In check, standing pat is no option: every evasion is searched.
        list.resize(0);
        b_.generate_legal(list);
        if (list.empty()) return no_moves_score(ply);
        score_all(list, Move{}, ply);
        int best = -kInfinity;
        for (int i = 0; i < list.size(); ++i) {
            const Move m = pick(list, ply, i);
            b_.make(m);
            const int score = -quiesce(-beta, -alpha, ply + 1);
            b_.unmake();
            if (aborted_) return 0;
            if (score > best) {
                best = score;
                if (score > alpha) alpha = score;
                if (score >= beta) break;
            }
        }
        return best;
    }

    int best = eval_.evaluate(b_);
    if (best >= beta) return best;
    if (best > alpha) alpha = best;

    list.resize(0);
    b_.generate_pseudo_legal(list);
    int kept = 0;
    for (int i = 0; i < list.size(); ++i)
        if (is_capture(list[i]) || list[i].promotion) list.set(kept++, list[i]);
    list.resize(kept);
    score_all(list, Move{}, ply);
    for (int i = 0; i < list.size(); ++i) {
        const Move m = pick(list, ply, i);
        b_.make(m);
        if (check_rules_ && !leaves_royal_safe(us)) {
            b_.unmake();
            continue;
        }
        const int score = -quiesce(-beta, -alpha, ply + 1);
        b_.unmake();
        if (aborted_) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) alpha = score;
            if (score >= beta) break;
        }
    }
    return best;
}

template <class BB>
std::vector<Move> Searcher<BB>::principal_variation(Move first, int max_length) {
    std::vector<Move> pv{first};
    b_.make(first);
    MoveList legal;
    while (static_cast<int>(pv.size()) < max_length) {
        const TableEntry* e = tt_.find(b_.key());
        if (!e || e->move == Move{} || end_before_moves(0)) break;
        legal.resize(0);
        b_.generate_legal(legal);
        if (std::find(legal.begin(), legal.end(), e->move) == legal.end()) break;
        pv.push_back(e->move);
        b_.make(e->move);
    }
    for (std::size_t i = 0; i < pv.size(); ++i) b_.unmake();
    return pv;
}

template <class BB>
SearchResult Searcher<BB>::run(const std::function<void(const Iteration&)>& on_iteration) {
    SearchResult result;
    MoveList& root = lists_[0];
    root.resize(0);
    b_.generate_legal(root);
    if (root.empty()) return result;
    Move table_move{};
    if (const TableEntry* e = tt_.find(b_.key())) table_move = e->move;
    score_all(root, table_move, 0);
    std::vector<Move> moves;
    for (int i = 0; i < root.size(); ++i) moves.push_back(pick(root, 0, i));
    result.best = moves.front();
    if (moves.size() == 1) return result;  // nothing to think about

    const int max_depth =
        limits_.max_depth > 0 ? std::min(limits_.max_depth, kMaxPly - 2) : kMaxPly - 2;
    for (int depth = 1; depth <= max_depth; ++depth) {
        if (depth > 1 && limits_.start_next_iteration_before &&
            Clock::now() >= *limits_.start_next_iteration_before)
            break;
        int alpha = -kInfinity;
        const int beta = kInfinity;
        std::optional<std::size_t> best_index;
        for (std::size_t i = 0; i < moves.size(); ++i) {
            b_.make(moves[i]);
            int score;
            if (i == 0) {
                score = -negamax(depth - 1, -beta, -alpha, 1);
            } else {
                score = -negamax(depth - 1, -alpha - 1, -alpha, 1);
                if (score > alpha && !aborted_) score = -negamax(depth - 1, -beta, -alpha, 1);
            }
            b_.unmake();
            if (aborted_) break;
            if (score > alpha) {
                alpha = score;
                best_index = i;
            }
        }
        if (best_index) {
            // Best first for the next iteration, the others in their order.
            std::rotate(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(*best_index),
                        moves.begin() + static_cast<std::ptrdiff_t>(*best_index) + 1);
            result.best = moves.front();
        }
        if (aborted_) break;
        tt_.store(b_.key(), moves.front(), alpha, depth, Bound::Exact);
        result.last = Iteration{
            depth, alpha, nodes_,
            std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_),
            principal_variation(moves.front(), depth)};
        if (on_iteration) on_iteration(result.last);
        // A forced win seen whole needs no deeper look. A forced loss does: reduced lines may
        // have missed a defence.
        const int distance = mate_distance(alpha);
        if (distance > 0 && distance <= depth) break;
        if (limits_.max_nodes && nodes_ >= limits_.max_nodes) break;
    }
    return result;
}

}  // namespace

template <class BB>
SearchResult search(Board<BB>& board, const Evaluation& eval, TranspositionTable& table,
                    const SearchLimits& limits,
                    const std::function<void(const Iteration&)>& on_iteration) {
    Searcher<BB> searcher(board, eval, table, limits);
    return searcher.run(on_iteration);
}

template SearchResult search(Board<referee::rules::Bits64>&, const Evaluation&, TranspositionTable&,
                             const SearchLimits&, const std::function<void(const Iteration&)>&);
template SearchResult search(Board<referee::rules::Bits256>&, const Evaluation&,
                             TranspositionTable&, const SearchLimits&,
                             const std::function<void(const Iteration&)>&);

}  // namespace engines::alphabeta
