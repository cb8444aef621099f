// `referee variants import FILE.ini [SECTION...]`: each section written as SECTION.yaml,
// which counts (perft) as the section itself does; a refused section is said with its
// file, line and key, the others still written, and the command fails.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "referee/rules/core/position.hpp"
#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::rules::Rules;
using referee::test::run_referee;

const char* kIni = R"([nodouble:chess]
doubleStep = false
castling = false

[small]
king = k
rook = r
pawn = p
maxRank = 6
maxFile = 5
startFen = rpkpr/5/5/5/5/RPKPR w - - 0 1
promotionRank = 6
promotionPieceTypes = r
doubleStep = false
castling = false

[hillhouse:crazyhouse]
flagPiece = k
whiteFlag = d4 e4 d5 e5
blackFlag = d4 e4 d5 e5

[exploding:chess]
blastOnCapture = true

[reploss:chess]
nFoldValue = loss
)";

TEST(VariantsImport, WritesEachSectionAsAFileThatCountsTheSame) {
    referee::test::TempDir dir;
    const std::string ini = (dir.path() / "my.ini").string();
    referee::test::write_text(ini, kIni);
    const auto out = dir.path() / "out";
    const auto r = run_referee({"variants", "import", ini, "--out", out.string()});
    EXPECT_NE(r.exit_code, 0) << "a refused section fails the command";
    EXPECT_NE(r.err.find("my.ini:23:1: blastOnCapture: "), std::string::npos) << r.err;
    for (const char* section : {"nodouble", "small", "hillhouse"}) {
        const auto yaml = out / (std::string(section) + ".yaml");
        ASSERT_TRUE(std::filesystem::exists(yaml)) << section << "\n" << r.out << r.err;
        const Rules written = Rules::load(yaml.string());
        const Rules section_rules = Rules::load(ini + ":" + section);
        EXPECT_EQ(written.start().perft(3), section_rules.start().perft(3)) << section;
        EXPECT_EQ(written.start().fen(), section_rules.start().fen()) << section;
    }
    EXPECT_FALSE(std::filesystem::exists(out / "exploding.yaml"));
    // A repetition that loses is written as such, and reads back so.
    const auto reploss = out / "reploss.yaml";
    ASSERT_TRUE(std::filesystem::exists(reploss)) << r.out << r.err;
    EXPECT_NE(referee::test::read_text(reploss).find("  repetition_value: loss\n"),
              std::string::npos);
    EXPECT_EQ(Rules::load(reploss.string()).variant().end.repetition_value,
              referee::rules::EndValue::Loss);
    // Named sections only; an existing file is not replaced without --force.
    const auto again = run_referee({"variants", "import", ini, "small", "--out", out.string()});
    EXPECT_NE(again.exit_code, 0);
    const auto forced =
        run_referee({"variants", "import", ini, "small", "--out", out.string(), "--force"});
    EXPECT_EQ(forced.exit_code, 0) << forced.out << forced.err;
}

TEST(VariantsImport, PerftAndShowTakeFileColonSection) {
    referee::test::TempDir dir;
    const std::string ini = (dir.path() / "my.ini").string();
    referee::test::write_text(ini, kIni);
    const auto shown = run_referee({"variants", "show", ini + ":small"});
    EXPECT_EQ(shown.exit_code, 0) << shown.err;
    EXPECT_NE(shown.out.find("small (5x6)"), std::string::npos) << shown.out;
    const auto perft = run_referee({"perft", ini + ":small", "2"});
    EXPECT_EQ(perft.exit_code, 0) << perft.err;
}

}  // namespace
