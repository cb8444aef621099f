// `referee play` and the KIF record: every shogi-family variant shipped gets a .kifu beside
// the PGN and JSON, which `referee check` reads back and judges as it judges the PGN; a
// variant file that forgets a piece's `kif:` name is told which piece, and gets no half-named
// record.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::read_text;
using referee::test::run_referee;
using referee::test::TempDir;
using referee::test::write_text;

TEST(PlayKif, AVariantFileMissingOneKifNameIsToldWhichAndGetsNoKif) {
    TempDir dir;
    std::string yaml = read_text(std::filesystem::path(REFEREE_VARIANT_DIR) / "minishogi.yaml");
    const std::string tokin = ", kif: と}";
    ASSERT_NE(yaml.find(tokin), std::string::npos);
    yaml.replace(yaml.find(tokin), tokin.size(), "}");
    write_text(dir / "forgetful.yaml", yaml);
    const auto r =
        run_referee({"play", (dir / "forgetful.yaml").string(), "--white", "random", "--black",
                     "random", "--max-plies", "6", "--quiet", "--out", (dir / "game").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.err.find("note: no KIF record: variant minishogi cannot be written as KIF: its "
                         "piece 'tokin' (T) has no kif name"),
              std::string::npos)
        << r.err;
    EXPECT_TRUE(std::filesystem::exists(dir / "game.pgn"));
    EXPECT_FALSE(std::filesystem::exists(dir / "game.kifu"));
}

}  // namespace
