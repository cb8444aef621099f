// A variant that is not shipped (a YAML file of one's own, or a folder of them in
// $REFEREE_VARIANTS) as a user plays and checks it: the records say where the variant came
// from, so `referee check` reads them by that file, or by the text the journal kept when the
// file has moved; and a folder of one's own adds to the shipped variants, which its files may
// extend.
#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using referee::test::read_text;
using referee::test::run_referee;
using referee::test::TempDir;
using referee::test::write_text;

const std::string kHoppelpoppel =
    "name: hoppelpoppel\n"
    "description: \"minichess under another name\"\n"
    "extends: minichess\n";

TEST(VariantFileRecords, ATournamentsJournalIsCheckedByItsVariantFileWhereverItIs) {
    TempDir dir;
    fs::create_directories(dir / "mine");
    write_text(dir / "mine" / "hoppelpoppel.yaml", kHoppelpoppel);
    write_text(dir / "t.yaml",
               "name: t\nvariant: mine/hoppelpoppel.yaml\ngames_per_pairing: 2\n"
               "time_control: \"30+0\"\nseed: 3\noutput: " +
                   (dir / "out").string() +
                   "\nadjudication: {max_plies: 20}\nengines:\n"
                   "  - {name: r1, cmd: random, args: [--seed, '1']}\n"
                   "  - {name: r2, cmd: random, args: [--seed, '2']}\n");
    const auto t = run_referee({"tournament", (dir / "t.yaml").string(), "--quiet"});
    ASSERT_EQ(t.exit_code, 0) << t.out << t.err;
    const std::string journal = (dir / "out" / "journal.jsonl").string();
    EXPECT_NE(read_text(journal).find("\"variant_file\""), std::string::npos);

    auto r = run_referee({"check", journal});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find("[hoppelpoppel]: "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(", 0 wrong"), std::string::npos) << r.out;

    // Moved away: the journal's header kept the text, and the line says what was used.
    fs::rename(dir / "mine", dir / "moved");
    r = run_referee({"check", journal});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(", 0 wrong"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("is gone or unreadable since; checked by the text the journal kept"),
              std::string::npos)
        << r.out;
}

TEST(VariantFileRecords, AGameRecordNamesItsVariantFile) {
    TempDir dir;
    write_text(dir / "hoppelpoppel.yaml", kHoppelpoppel);
    const auto p =
        run_referee({"play", (dir / "hoppelpoppel.yaml").string(), "--white", "random", "--black",
                     "random", "--max-plies", "10", "--quiet", "--out", (dir / "game").string()});
    ASSERT_EQ(p.exit_code, 0) << p.out << p.err;
    auto r = run_referee({"check", (dir / "game.json").string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_NE(r.out.find(", 0 wrong"), std::string::npos) << r.out;
    // Gone, with nothing kept: said so, and --variant is the way out.
    fs::remove(dir / "hoppelpoppel.yaml");
    r = run_referee({"check", (dir / "game.json").string()});
    EXPECT_NE(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("hoppelpoppel.yaml cannot be read"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("--variant"), std::string::npos) << r.out;
}

TEST(VariantFileRecords, RefereeVariantsAddsAFolderToTheShippedOne) {
    TempDir dir;
    write_text(dir / "hoppelpoppel.yaml",
               "name: hoppelpoppel\ndescription: \"chess by another name\"\nextends: chess\n");
    const std::string env = "REFEREE_VARIANTS='" + dir.path().string() + "' ";
    const std::string referee = REFEREE_BIN_DIR "/referee";
    auto r = referee::test::run_shell(env + referee + " variants");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("hoppelpoppel"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("minichess"), std::string::npos) << r.out;
    r = referee::test::run_shell(env + referee + " perft hoppelpoppel 2");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find("400"), std::string::npos) << r.out;
}

}  // namespace
