// Sittuyin (variants/sittuyin.yaml): the setup phase of drops into the own three ranks, and
// the pawn's promotion as a move of its own (rules/core/promotion_moves.cpp), with each of its
// conditions: the squares, the last pawn, the limit, no attack on an enemy piece, no check.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/rules.hpp"
#include "variant_error_support.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;
using referee::test::sorted_uci_names;

bool has(const std::vector<std::string>& moves, const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
}

// The pawn moves of White's pawn on `from` that promote, sorted.
std::vector<std::string> promotions_from(const Position& pos, const std::string& from) {
    std::vector<std::string> out;
    for (const std::string& m : sorted_uci_names(pos))
        if (m.size() == 5 && m.rfind(from, 0) == 0) out.push_back(m);
    return out;
}

TEST(SittuyinRules, TheSetupIsDropsOnlyIntoTheOwnThreeRanksRooksOnTheFirst) {
    const Rules& rules = cached_rules("sittuyin");
    Position pos = rules.start();
    const Geometry& g = rules.geometry();
    for (int ply = 0; ply < 2; ++ply) {
        const auto legal = pos.legal_moves();
        ASSERT_FALSE(legal.empty());
        for (const Move m : legal) {
            ASSERT_TRUE(m.is_drop()) << pos.move_name(m, MoveStyle::Uci);
            const int rank =
                pos.side_to_move() == White ? g.rank_of(m.to) + 1 : g.height - g.rank_of(m.to);
            EXPECT_LE(rank, 3) << pos.move_name(m, MoveStyle::Uci);
            if (rules.variant().pieces[m.drop_type()].letter == 'R') {
                EXPECT_EQ(rank, 1);
            }
        }
        pos.play(pos.parse_move(ply == 0 ? "R@a1" : "r@h8"));
    }
    // Pawns may not move while pieces are in hand.
    EXPECT_FALSE(has(sorted_uci_names(pos), "a3a4"));
}

TEST(SittuyinRules, APawnOnALongDiagonalInTheFarHalfPromotesInPlaceOrByAStep) {
    Position pos = cached_rules("sittuyin").from_fen("k7/8/8/4P3/3P4/8/8/4K3[] w - - 0 1");
    EXPECT_EQ(promotions_from(pos, "e5"),
              (std::vector<std::string>{"e5d6f", "e5e5f", "e5f4f", "e5f6f"}));
    // d4 lies on a long diagonal too, but in White's own half.
    EXPECT_TRUE(promotions_from(pos, "d4").empty());
    const Move in_place = pos.parse_move("e5e5f");
    EXPECT_EQ(pos.move_name(in_place, MoveStyle::Uci), "e5e5f");
    EXPECT_EQ(pos.san(in_place), "e5=F");
    EXPECT_EQ(pos.parse_san("e5=F"), in_place);
    const Move step = pos.parse_move("e5f6f");
    EXPECT_EQ(pos.san(step), "e5f6=F");
    EXPECT_EQ(pos.parse_san("e5f6=F"), step);
    const std::string before = pos.fen();
    pos.play(in_place);
    EXPECT_EQ(pos.fen(), "k7/8/8/4F3/3P4/8/8/4K3[] b - - 0 1");
    // The pawn is not taken as a capture of its own square: the key is the FEN's.
    EXPECT_EQ(pos.key(), cached_rules("sittuyin").from_fen(pos.fen()).key());
    pos.undo();
    EXPECT_EQ(pos.fen(), before);
    pos.play(step);
    EXPECT_EQ(pos.fen(), "k7/8/5F2/8/3P4/8/8/4K3[] b - - 0 1");
}

TEST(SittuyinRules, ASanWithoutTheOriginIsNotAPromotionByAStep) {
    // d3-d4 and the promotion e5-d4 both reach d4: "d4" is the push, "e5d4=F" the other.
    const Position pos = cached_rules("sittuyin").from_fen("k7/8/8/4P3/8/3P4/8/4K3[] w - - 0 1");
    EXPECT_EQ(pos.parse_san("d4"), pos.parse_move("d3d4"));
    EXPECT_EQ(pos.parse_san("e5d4=F"), pos.parse_move("e5d4f"));
    EXPECT_EQ(pos.san(pos.parse_move("e5d4f")), "e5d4=F");
}

TEST(SittuyinRules, TheLastPawnPromotesAnywhere) {
    const Position pos = cached_rules("sittuyin").from_fen("k7/8/8/8/8/r7/8/4K2P[] w - - 0 1");
    EXPECT_EQ(promotions_from(pos, "h1"), (std::vector<std::string>{"h1g2f", "h1h1f"}));
    // Two pawns off the diagonals: neither promotes.
    const Position two = cached_rules("sittuyin").from_fen("4k3/8/4P3/2P5/8/8/8/4K3[] w - - 0 1");
    EXPECT_TRUE(promotions_from(two, "e6").empty());
    EXPECT_TRUE(promotions_from(two, "c5").empty());
}

TEST(SittuyinRules, NoPromotionWhileTheSideHasAMet) {
    const Position pos = cached_rules("sittuyin").from_fen("k7/8/8/4P3/8/8/8/F3K3[] w - - 0 1");
    EXPECT_TRUE(promotions_from(pos, "e5").empty());
}

TEST(SittuyinRules, TheNewMetMayNotAttackAnEnemyPiece) {
    // The rook on f6: a met on e5 would attack it, one on d6 or f4 would not.
    const Position pos = cached_rules("sittuyin").from_fen("k7/8/5r2/4P3/3P4/8/8/4K3[] w - - 0 1");
    EXPECT_EQ(promotions_from(pos, "e5"), (std::vector<std::string>{"e5d6f", "e5f4f"}));
}

TEST(SittuyinRules, APromotionMayNotGiveCheckByDiscovery) {
    // The pawn on e5 shields the king on h5 from the rook on a5: only standing still keeps it.
    const Position pos = cached_rules("sittuyin").from_fen("8/8/8/R3P2k/8/8/8/4K3[] w - - 0 1");
    EXPECT_EQ(promotions_from(pos, "e5"), (std::vector<std::string>{"e5e5f"}));
}

TEST(SittuyinRules, PromotionMoveKeysAreCheckedWithWhereAndWhy) {
    const std::string good = R"(name: t
board: {files: 8, ranks: 8}
start: "k7/8/8/8/8/8/P7/K7 w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: F, name: met, betza: F}
  - {letter: R, name: rook, betza: R}
  - letter: P
    betza: mfW
    promotion_move: {to: F, squares: [e5, d5], limit: 1}
)";
    EXPECT_TRUE(parse_variant(good, "test.yaml").pieces[3].promotion_move.has_value());
    using referee::test::expect_error;
    using referee::test::replace;
    using referee::test::where;
    const auto refused = [&](const std::string& from, const std::string& to, const std::string& at,
                             const std::string& key, const std::string& mentions) {
        const std::string text = replace(good, from, to);
        const auto [line, column] = where(text, at);
        expect_error(text, {key, line, column, mentions});
    };
    refused("to: F", "to: R", "R, squares", "pieces[3].promotion_move.to", "plain leaps only");
    refused("to: F", "to: Z", "Z, squares", "pieces[3].promotion_move.to", "not a piece");
    refused("to: F", "to: K", "K, squares", "pieces[3].promotion_move.to", "royal");
    refused("[e5, d5]", "[e5, j9]", "j9", "pieces[3].promotion_move.squares[1]", "'j9'");
    refused("limit: 1", "limit: -2", "-2", "pieces[3].promotion_move.limit", "below 0");
    refused("limit: 1", "limits: 1", "limits", "pieces[3].promotion_move.limits", "limits");
    refused("{to: F, squares: [e5, d5], limit: 1}", "e5", "e5", "pieces[3].promotion_move",
            "must be a mapping");
}

}  // namespace
