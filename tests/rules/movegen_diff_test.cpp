// Differential check of the move generator: on boards of up to 64 squares, slides and
// attacks are looked up in magic tables; the 256-square board type still walks the rays one
// by one. Along random games of every shipped variant, both must find the same legal moves,
// the same count at the last ply, and the same perft below each position.
#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/base/fen.hpp"
#include "referee/rules/core/board.hpp"
#include "referee/rules/core/position.hpp"

namespace {

using referee::rules::Bits256;
using referee::rules::Bits64;
using referee::rules::Board;
using referee::rules::Move;
using referee::rules::MoveList;
using referee::rules::Rules;
using referee::rules::Tables;
using referee::rules::Variant;

std::vector<Move> sorted(std::vector<Move> moves) {
    std::sort(moves.begin(), moves.end(), [](const Move& a, const Move& b) {
        return std::tie(a.from, a.to, a.promotion, a.flags) <
               std::tie(b.from, b.to, b.promotion, b.flags);
    });
    return moves;
}

TEST(MovegenDiff, MagicLookupsAgreeWithRayWalksAlongRandomGames) {
    const std::string variants[] = {"minichess",
                                    "minitchess",
                                    "gardner-castling",
                                    "chess",
                                    "elephant-monkey-carp",
                                    "cylinder",  // rides round the joined edges, walked
                                    std::string(REFEREE_TEST_DATA_DIR) + "/rules/pawn-rules.yaml"};
    std::mt19937 rng(20261123);
    for (const std::string& name : variants) {
        const Rules rules = Rules::load(name);
        ASSERT_LE(rules.geometry().squares(), 64) << name;
        const auto wide = Tables<Bits256>::build(std::make_shared<Variant>(rules.variant()));
        int positions = 0;
        for (int game = 0; game < 12; ++game) {
            auto pos = rules.start();
            for (int ply = 0; ply < 80 && !pos.outcome(); ++ply, ++positions) {
                const auto moves = pos.legal_moves();
                Board<Bits256> reference(wide);
                reference.set(referee::rules::parse_fen(rules.geometry(), pos.fen()));
                MoveList list;
                reference.generate_legal(list);
                ASSERT_EQ(sorted(moves), sorted(std::vector<Move>(list.begin(), list.end())))
                    << name << " " << pos.fen();
                const int narrow_count = pos.visit([](auto& b) { return b.count_legal(); });
                ASSERT_EQ(narrow_count, reference.count_legal()) << name << " " << pos.fen();
                if (ply % 8 == 0) {
                    ASSERT_EQ(pos.perft(2), reference.perft(2)) << name << " " << pos.fen();
                }
                ASSERT_FALSE(moves.empty()) << name << " " << pos.fen();
                pos.play(
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
            }
        }
        EXPECT_GT(positions, 100) << name;
    }
}

}  // namespace
