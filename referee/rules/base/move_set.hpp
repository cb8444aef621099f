// A set of moves to ask "is this move in it?" many times: the moves as sorted 8-byte keys,
// searched by halves. Move lists with drops hold hundreds of moves, and comparing two of them
// by linear search was a tenth of the rule probes' position search.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "referee/rules/base/move.hpp"

namespace referee::rules {

class MoveSet {
  public:
    explicit MoveSet(const std::vector<Move>& moves) : keys_(moves.size()) {
        for (std::size_t i = 0; i < moves.size(); ++i) keys_[i] = key(moves[i]);
        std::sort(keys_.begin(), keys_.end());
    }
    bool contains(Move m) const { return std::binary_search(keys_.begin(), keys_.end(), key(m)); }

  private:
    static std::uint64_t key(Move m) {
        std::uint64_t k;
        std::memcpy(&k, &m, sizeof k);
        return k;
    }
    std::vector<std::uint64_t> keys_;
};

}  // namespace referee::rules
