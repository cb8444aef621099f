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

// A tournament in a shogi-family variant leaves a KIF per game in kif/, in games.pgn's
// order, each of which `referee check` reads back; a chess-family one leaves none.
TEST(TournamentKif, EachGameOfAShogiFamilyTournamentGetsAKifThatChecksOut) {
    TempDir dir;
    const auto config = [&](const std::string& variant, const std::string& out) {
        return "name: t\nvariant: " + variant +
               "\ngames_per_pairing: 2\ntime_control: \"30+0\"\nseed: 3\noutput: " +
               (dir / out).string() +
               "\nadjudication: {max_plies: 40}\nengines:\n"
               "  - {name: r1, cmd: random, args: [--seed, '1']}\n"
               "  - {name: r2, cmd: random, args: [--seed, '2']}\n";
    };
    write_text(dir / "shogi.yaml", config("minishogi", "shogi-out"));
    const auto r = run_referee({"tournament", (dir / "shogi.yaml").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    for (const char* name : {"game-0001.kifu", "game-0002.kifu"}) {
        const auto path = dir / "shogi-out" / "kif" / name;
        ASSERT_TRUE(std::filesystem::exists(path)) << path;
        EXPECT_NE(read_text(path).find("variant minishogi"), std::string::npos);
        const auto checked = run_referee({"check", path.string()});
        EXPECT_NE(checked.out.find("1 game in 1 file"), std::string::npos) << checked.out;
        EXPECT_NE(checked.out.find(", 0 wrong"), std::string::npos) << checked.out << checked.err;
    }
    EXPECT_FALSE(std::filesystem::exists(dir / "shogi-out" / "kif" / "game-0003.kifu"));
    // The games in kif/ are games.pgn's, in its order: the same players.
    const std::string pgn = read_text(dir / "shogi-out" / "games.pgn");
    EXPECT_LT(pgn.find("[White \"r1\"]"), pgn.find("[White \"r2\"]"));
    EXPECT_NE(read_text(dir / "shogi-out" / "kif" / "game-0001.kifu").find("先手：r1"),
              std::string::npos);

    write_text(dir / "chess.yaml", config("minichess", "chess-out"));
    ASSERT_EQ(run_referee({"tournament", (dir / "chess.yaml").string()}).exit_code, 0);
    EXPECT_TRUE(std::filesystem::exists(dir / "chess-out" / "games.pgn"));
    EXPECT_FALSE(std::filesystem::exists(dir / "chess-out" / "kif"));
}

}  // namespace
