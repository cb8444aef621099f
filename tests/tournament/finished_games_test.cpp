// Journals read back against the config and the rules: a game that does not fit its slot is
// refused with file:line and nothing changes; a complete last line without its newline is
// kept; a merge keeps the games already merged.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "referee/tournament/finished_games.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::tournament {
namespace {

using referee::test::read_text;
using referee::test::TempDir;

namespace fs = std::filesystem;

// Two engines a and b on minitchess, two games: slot 0 a-b, slot 1 b-a.
struct Fixture {
    TournamentConfig config;
    std::vector<GameSlot> schedule;
    rules::Rules rules = rules::Rules::load("minitchess");
    Fixture() {
        config.name = "t";
        config.source = "t.yaml";
        config.variant = "minitchess";
        config.games_per_pairing = 2;
        for (const char* n : {"a", "b"}) {
            engine::EngineConfig e;
            e.name = n;
            config.engines.push_back(e);
        }
        schedule = make_schedule(config);
    }
    TournamentPlan plan() const { return {config, schedule, rules}; }

    // A real, legal game of the slot: White's a2-a3, then Black resigns (a crash).
    match::GameRecord game(int slot, std::vector<std::string> moves = {"a2-a3"}) const {
        match::GameRecord g;
        g.variant = rules.name();
        g.white = config.engines[schedule[slot].white].name;
        g.black = config.engines[schedule[slot].black].name;
        auto pos = rules.start();
        g.start_fen = pos.fen();
        for (const auto& m : moves) g.moves.push_back({m, "", "", 5, -1, false});
        g.result = rules::GameResult::WhiteWins;
        g.termination = match::Termination::Crash;
        g.reason_key = "crash";
        g.reason = "Black crashed";
        g.at_fault = rules::Black;
        return g;
    }
};

void expect_refused(const std::string& path, const Fixture& f, const std::string& mentions,
                    bool names_line = true) {
    const std::string before = read_text(path);
    try {
        games_to_resume(path, f.plan(), true);
        FAIL() << "accepted " << mentions;
    } catch (const JournalError& e) {
        EXPECT_NE(std::string(e.what()).find(mentions), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find(names_line ? path + ":" : path), std::string::npos)
            << "no file:line in " << e.what();
    }
    EXPECT_EQ(read_text(path), before) << "reading changed the journal";
}

TEST(FinishedGames, ALegalJournalResumes) {
    TempDir dir;
    Fixture f;
    {
        JournalWriter w(dir / "j.jsonl", f.config.fingerprint());
        w.append(0, f.game(0));
    }
    EXPECT_EQ(games_to_resume(dir / "j.jsonl", f.plan(), true).size(), 1u);
    EXPECT_THROW(games_to_resume(dir / "j.jsonl", f.plan(), false), JournalError)
        << "games present and no --resume";
    EXPECT_TRUE(games_to_resume(dir / "none.jsonl", f.plan(), false).empty());
}

TEST(FinishedGames, EveryBadLineIsRefusedWithFileAndLine) {
    Fixture f;
    struct Case {
        int slot;
        match::GameRecord game;
        std::string mentions;
    };
    auto other_engines = f.game(0);
    other_engines.white = "zz";
    auto other_variant = f.game(0);
    other_variant.variant = "minichess";
    auto after_end = f.game(0);
    after_end.final_fen = "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1";
    const std::vector<Case> cases = {
        {0, f.game(0, {"a2-a4"}), "move 1: a2-a4 is not a legal move"},
        {0, f.game(0, {"a2-a3", "a5-a4", "a3-a4"}), "move 3"},
        {2, f.game(0), "slot 2 is outside the schedule of 2 games"},
        {0, other_engines, "zz vs b"},
        {0, other_variant, "variant 'minichess'"},
        {0, after_end, "recorded final position"},
    };
    for (const auto& c : cases) {
        TempDir dir;
        const std::string path = dir / "j.jsonl";
        {
            JournalWriter w(path, f.config.fingerprint());
            w.append(1, f.game(1, {}));
            w.append(c.slot, c.game);
        }
        expect_refused(path, f, path + ":3: slot " + std::to_string(c.slot));
        expect_refused(path, f, c.mentions);
    }
}

TEST(FinishedGames, DuplicateAndNegativeSlotsAreRefused) {
    Fixture f;
    for (int second : {0, -1}) {
        TempDir dir;
        const std::string path = dir / "j.jsonl";
        {
            JournalWriter w(path, f.config.fingerprint());
            w.append(0, f.game(0));
            w.append(second, f.game(0));
        }
        expect_refused(path, f,
                       second < 0 ? ":3: slot -1 is negative"
                                  : ":3: slot 0 is already taken by the game on line 2");
    }
}

TEST(FinishedGames, ForeignJournalIsRefusedOnce) {
    TempDir dir;
    Fixture f;
    { JournalWriter w(dir / "j.jsonl", "0000"); }
    expect_refused(dir / "j.jsonl", f, "different config", false);
}

// A crash can leave the last line complete but without its '\n': that game counts, and the
// next append must not cut it off.
TEST(FinishedGames, ACompleteLastLineWithoutNewlineIsKept) {
    TempDir dir;
    Fixture f;
    const std::string path = dir / "j.jsonl";
    {
        JournalWriter w(path, f.config.fingerprint());
        w.append(0, f.game(0));
    }
    std::string text = read_text(path);
    ASSERT_EQ(text.back(), '\n');
    text.pop_back();
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
    EXPECT_EQ(read_journal(path).games.size(), 1u);
    {
        JournalWriter w(path, f.config.fingerprint());
        w.append(1, f.game(1, {}));
    }
    const auto j = read_checked_journal(path, f.plan());
    EXPECT_EQ(j.games.size(), 2u) << read_text(path);
    EXPECT_FALSE(j.torn_tail);
}

// An engine's bytes (not UTF-8, NUL) in a reason or a stderr tail: the game is journaled and
// read back, escaped, instead of the JSON writer throwing and the game being lost.
TEST(FinishedGames, EngineBytesThatAreNotUtf8AreJournaled) {
    TempDir dir;
    Fixture f;
    auto g = f.game(0);
    g.reason = std::string("Black sent 'a\x80\xff\0zz'", 19);
    g.black_stderr_tail = "\xc3\x28 caf\xc3\xa9";
    {
        JournalWriter w(dir / "j.jsonl", f.config.fingerprint());
        ASSERT_NO_THROW(w.append(0, g));
    }
    const auto back = read_checked_journal(dir / "j.jsonl", f.plan());
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games.at(0).reason, "Black sent 'a\\x80\\xFF\\x00zz'");
    EXPECT_EQ(back.games.at(0).black_stderr_tail, "\\xC3( caf\xc3\xa9")
        << "valid UTF-8 is kept as it is";
}

TEST(FinishedGames, MergeKeepsTheGamesAlreadyMerged) {
    TempDir dir;
    Fixture f;
    const auto merged = dir / "journal.jsonl";
    {
        JournalWriter w(merged, f.config.fingerprint());
        w.append(0, f.game(0));
    }
    {
        JournalWriter w(dir / "journal.shard-2-of-2.jsonl", f.config.fingerprint());
        w.append(1, f.game(1, {}));
    }
    const auto m = merge_journals({dir / "journal.shard-2-of-2.jsonl"}, merged, f.plan());
    EXPECT_EQ(m.kept, 1);
    EXPECT_EQ(m.games.size(), 2u);
    EXPECT_EQ(read_journal(merged).games.size(), 2u);
    // A shard that disagrees with the merged journal is refused, and the journal is unchanged.
    {
        JournalWriter w(dir / "journal.shard-1-of-2.jsonl", f.config.fingerprint());
        w.append(0, f.game(0, {"b2-b3"}));
    }
    const std::string before = read_text(merged);
    EXPECT_THROW(merge_journals({dir / "journal.shard-1-of-2.jsonl"}, merged, f.plan()),
                 JournalError);
    EXPECT_EQ(read_text(merged), before);
}

}  // namespace
}  // namespace referee::tournament
