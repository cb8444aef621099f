// `keep: stderr, files`: what an engine wrote on stderr and in its scratch folder outlives
// the game, beside the game's record (`play --out`) or the tournament's journal, one folder
// per engine and game, since students debug from it.
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include <gtest/gtest.h>

#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/text.hpp"

namespace fs = std::filesystem;
using referee::test::count_of;
using referee::test::read_text;
using referee::test::run_referee;
using referee::test::TempDir;
using referee::test::write_text;

namespace {

// An engine of a student's that talks on stderr and leaves notes in its working folder.
std::string noisy_engine(const TempDir& dir) {
    const fs::path script = dir / "noisy.sh";
    write_text(script,
               "#!/bin/sh\necho 'noisy engine starting' >&2\necho notes > notes.txt\n"
               "exec '" REFEREE_BIN_DIR "/random-engine' \"$@\"\n");
    ::chmod(script.c_str(), 0755);
    return script.string();
}

}  // namespace

TEST(KeptOutput, PlayKeepsAnEnginesStderrAndFilesBesideTheRecord) {
    TempDir dir;
    const auto r = run_referee({"play", "minitchess", "--white",
                                "cmd=" + noisy_engine(dir) + " name=noisy keep=stderr,files",
                                "--black", "random", "--tc", "10+0", "--max-plies", "6", "--quiet",
                                "--out", (dir / "game").string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_TRUE(fs::exists(dir / "game.pgn"));
    EXPECT_EQ(count_of(read_text(dir / "game-white-noisy" / "stderr"), "noisy engine starting"),
              1u);
    EXPECT_EQ(read_text(dir / "game-white-noisy" / "files" / "notes.txt"), "notes\n");
    // Nothing is kept of an engine that did not ask.
    EXPECT_FALSE(fs::exists(dir / "game-black-random"));
}

TEST(KeptOutput, ATournamentKeepsEachGamesOwnBesideItsJournal) {
    TempDir dir;
    const fs::path config = dir / "kept.yaml";
    write_text(config, "name: kept\nvariant: minitchess\noutput: " + (dir / "out").string() +
                           "\ngames_per_pairing: 2\ntime_control: 10+0\n"
                           "adjudication: {max_plies: 6}\nengines:\n"
                           "  - {name: noisy, cmd: " +
                           noisy_engine(dir) +
                           ", keep: [stderr, files]}\n"
                           "  - {name: rand, cmd: random}\n");
    const auto r = run_referee({"tournament", config.string(), "--quiet"});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    // A fresh process for each game: each folder holds that game's stderr alone.
    for (const char* game : {"game-0-white-noisy", "game-1-black-noisy"}) {
        const fs::path kept = dir / "out" / "kept" / game;
        EXPECT_EQ(count_of(read_text(kept / "stderr"), "noisy engine starting"), 1u) << game;
        EXPECT_EQ(read_text(kept / "files" / "notes.txt"), "notes\n") << game;
    }
}
