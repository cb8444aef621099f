// Sections of a variants.ini counted by the referee (FILE.ini:NAME) and by ffish 0.7.10 (the
// current Fairy-Stockfish as WebAssembly, tests/support/ffish_oracle.js) given the same file:
// from the start and from positions reached by random play. The sections use keys Debian's
// Fairy-Stockfish 11.1 does not know (custom pieces, a custom king, promotion, double-step
// and drop regions; drops that may not check, a confined piece in hand, a letter taken from
// a parent's promoted form), which fairy_stockfish_ini_perft_test.cpp cannot ask it about.
// Skipped, saying why, where node or ffish is not installed (.ci/setup.sh installs both);
// slow.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/ffish.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace referee::rules;

// Written for this test. Names Fairy-Stockfish does not define itself: a section named like
// one of its variants is skipped by it ("already exists") and its own variant counted.
const char* kFfishIni = R"(# sections for the referee's tests against ffish
[twostep:chess]
doubleStepRegionWhite = *2 *3
doubleStepRegionBlack = *7 *6

[sixhouse:crazyhouse]
maxRank = 6
maxFile = 6
startFen = rnbqkr/pppppp/6/6/PPPPPP/RNBQKR[] w - - 0 1
promotionRegionWhite = *6
promotionRegionBlack = *1
doubleStepRegionWhite = *2
doubleStepRegionBlack = *5
castling = false

[mixedarmy:chess]
king = k:KN
customPiece1 = c:mQcN
customPiece2 = w:FsfW
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKBWR w KQkq - 0 1
promotionPieceTypes = qcw

[kingdrops:placement]
startFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1
whiteDropRegion = *1 *2 *3
blackDropRegion = *8 *7 *6

[soldiers]
king = k
rook = r
soldier = s
customPiece1 = a:mfrWmflWcfF
maxRank = 7
maxFile = 7
startFen = r2k2r/7/sasasas/7/SASASAS/7/R2K2R w - - 0 1
castling = false
stalemateValue = loss

[palacedrops:xiangqi]
startFen = rnb1kabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNB1KABNR[ACac] w - - 0 1
pieceDrops = true
capturesToHand = true
dropChecks = false

[lettershogi:shogi]
customPiece1 = i:pB
startFen = lnsgkgsnl/1r5b1/ppppppppp/2S6/9/9/PPPPPPPPP/1B5R1/LN1GKGSNL[I] w - - 0 1
)";

class SlowFfishIni : public ::testing::TestWithParam<const char*> {};

// The referee's counts from ffish's start and from each of its positions after random play.
void expect_counts_agree(const Rules& rules, const referee::test::FfishSection& theirs) {
    const std::string& name = theirs.section;
    ASSERT_TRUE(theirs.known) << name << ": ffish does not define it";
    ASSERT_EQ(theirs.positions.size(), 4u);
    EXPECT_EQ(rules.from_fen(theirs.start_fen).key(), rules.start().key())
        << name << " " << theirs.start_fen;
    const auto& start = theirs.positions[0];
    EXPECT_EQ(rules.start().perft(start.depth, PerftStop::Immediate), start.nodes) << name;
    for (std::size_t i = 1; i < theirs.positions.size(); ++i) {
        const auto& p = theirs.positions[i];
        std::string line;
        for (const auto& m : p.moves) line += m + " ";
        EXPECT_EQ(rules.from_fen(p.fen).perft(p.depth, PerftStop::Immediate), p.nodes)
            << name << " from " << p.fen << " (moves " << line << ")";
    }
}

TEST_P(SlowFfishIni, CountsAgreeWithFfishGivenTheSameFile) {
    const std::string section = GetParam();
    referee::test::TempDir dir;
    const std::string path = (dir.path() / "variants.ini").string();
    referee::test::write_text(path, kFfishIni);
    const auto answer = referee::test::ask_ffish(path, {section}, 3, 3, 10, 37);
    if (!answer.unavailable.empty()) GTEST_SKIP() << answer.unavailable;
    ASSERT_EQ(answer.sections.size(), 1u);
    expect_counts_agree(Rules::load(path + ":" + section), answer.sections[0]);
}

// Shipped variants that the current Fairy-Stockfish plays and Debian's 11.1 does not (so
// fairy_stockfish_perft_test.cpp cannot ask it), against ffish's own variant of the name.
class SlowFfishCatalogue : public ::testing::TestWithParam<const char*> {};

TEST_P(SlowFfishCatalogue, CountsAgreeWithFfishsOwnVariant) {
    const std::string name = GetParam();
    referee::test::TempDir dir;
    const std::string path = (dir.path() / "none.ini").string();
    referee::test::write_text(path, "");
    const auto answer = referee::test::ask_ffish(path, {name}, 4, 3, 16, 41);
    if (!answer.unavailable.empty()) GTEST_SKIP() << answer.unavailable;
    ASSERT_EQ(answer.sections.size(), 1u);
    expect_counts_agree(Rules::load(name), answer.sections[0]);
}

INSTANTIATE_TEST_SUITE_P(Catalogue, SlowFfishCatalogue,
                         ::testing::Values("threekings", "jesonmor", "spartan", "berolina"),
                         [](const auto& info) { return std::string(info.param); });

INSTANTIATE_TEST_SUITE_P(Sections, SlowFfishIni,
                         ::testing::Values("twostep", "sixhouse", "mixedarmy", "kingdrops",
                                           "soldiers", "palacedrops", "lettershogi"),
                         [](const auto& info) { return std::string(info.param); });

}  // namespace
