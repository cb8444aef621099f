// Sections of a variants.ini counted by the referee (FILE.ini:NAME) and by Fairy-Stockfish
// 11.1 given the same file (setoption name VariantPath, then UCI_Variant): from the start
// and from positions reached by random play. The sections use only keys 11.1 knows (it has
// no custom pieces), on boards of 8 ranks: off 8 ranks 11.1 mirrors Black's promotionRank
// as on 8 ranks, which the referee does not copy. Skipped where Fairy-Stockfish is not installed;
// slow.
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace referee::rules;
using referee::test::ask_fairy_stockfish;
using referee::test::kFairyStockfish;

// Written for this test: children of shipped variants (chess, crazyhouse, shogi, makruk,
// xiangqi-free), a child of a child, sections with no parent on other boards.
const char* kFsIni = R"([nodouble:chess]
doubleStep = false
castling = false

[nodoublechild:nodouble]
stalemateValue = loss
promotionPieceTypes = nq

[knightless:chess]
knight = -
startFen = r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/R1BQKB1R w KQkq - 0 1
promotionPieceTypes = qr

[sixfiles]
pawn = p
king = k
rook = r
queen = q
bishop = b
knight = n
maxFile = 6
startFen = rnqkbn/pppppp/6/6/6/6/PPPPPP/RNQKBN w - - 0 1
doubleStep = false
castling = false

[archchess:chess]
archbishop = a
chancellor = c
maxFile = 10
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1
castlingKingsideFile = i
castlingQueensideFile = c
promotionPieceTypes = qcarbn

[hillhouse:crazyhouse]
flagPiece = k
whiteFlag = d4 e4 d5 e5
blackFlag = d4 e4 d5 e5

[fersmakruk:makruk]
promotionRank = 5

[antichessish:giveaway]
extinctionPieceTypes = kq

[minishogilike:minishogi]
promotionRank = 4

[heldchess:chess]
makpongRule = true
shatarMateRule = true

[kyotohands:kyotoshogi]
startFen = p+nks+l/5/5/5/+LSK+NP[Ss] w - - 0 1
pieceDemotion = true

[oneking:koedem]
extinctionOpponentPieceCount = 1
mustDropType = k
)";

class SlowFairyStockfishIni : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFairyStockfish))
            GTEST_SKIP() << kFairyStockfish
                         << " is not installed (apt-get install fairy-stockfish)";
    }
};

TEST_P(SlowFairyStockfishIni, CountsAgreeWithFairyStockfishGivenTheSameFile) {
    const std::string section = GetParam();
    referee::test::TempDir dir;
    const std::string path = (dir.path() / "variants.ini").string();
    referee::test::write_text(path, kFsIni);
    const Rules rules = Rules::load(path + ":" + section);
    const auto start = ask_fairy_stockfish(section, {}, 4, path);
    ASSERT_TRUE(start.counted) << section << ": Fairy-Stockfish gave no count";
    EXPECT_EQ(rules.from_fen(start.fen).key(), rules.start().key()) << section << " " << start.fen;
    EXPECT_EQ(rules.start().perft(4, PerftStop::Immediate), start.nodes) << section;
    std::mt19937 rng(371);
    for (int game = 0; game < 4; ++game)
        EXPECT_EQ(referee::test::perft_disagreement(
                      rules, section, referee::test::random_uci_moves(rules, rng, 10 + 10 * game),
                      3, path),
                  "");
}

INSTANTIATE_TEST_SUITE_P(Sections, SlowFairyStockfishIni,
                         ::testing::Values("nodouble", "nodoublechild", "knightless", "sixfiles",
                                           "archchess", "hillhouse", "fersmakruk", "antichessish",
                                           "minishogilike", "heldchess", "kyotohands", "oneking"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
