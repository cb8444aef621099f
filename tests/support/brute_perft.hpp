// The perft of a move generator a test writes for itself, independent of the rules layer
// (the oracle a new kind of move is counted against where Fairy-Stockfish does not know the
// variant): `legal(node)` lists a node's moves, `after(node, move)` is the node they lead to.
#pragma once

#include <cstdint>

namespace referee::test {

template <class Node, class Legal, class After>
std::uint64_t brute_perft(const Node& n, int depth, const Legal& legal, const After& after) {
    const auto moves = legal(n);
    if (depth == 1) return moves.size();
    std::uint64_t total = 0;
    for (const auto& m : moves) total += brute_perft(after(n, m), depth - 1, legal, after);
    return total;
}

}  // namespace referee::test
