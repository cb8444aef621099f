// The journal writer notices a journal changed behind its back (a forged line appended, the
// file emptied or replaced) before its next append, keeps the changed file aside and puts
// back what it wrote; and it never writes through a symlink.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "referee/tournament/journal.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace referee;

namespace {

using referee::test::TempDir;

match::GameRecord a_game() {
    match::GameRecord g;
    g.white = "a";
    g.black = "b";
    return g;
}

}  // namespace

TEST(JournalTamper, AForgedLineIsDetectedAndDropped) {
    TempDir d;
    const auto path = (d.path() / "journal.jsonl").string();
    tournament::JournalWriter w(path, "fp");
    w.append(0, a_game());
    std::ofstream(path, std::ios::app) << R"({"type":"game","slot":9999,"game":{"result":"1-0"}})"
                                       << "\n";
    w.append(1, a_game());
    ASSERT_EQ(w.tamper_reports().size(), 1u);
    EXPECT_NE(w.tamper_reports()[0].find("changed by someone else"), std::string::npos);
    const auto j = tournament::read_journal(path);
    EXPECT_EQ(j.games.size(), 2u);
    EXPECT_FALSE(j.games.count(9999));
    EXPECT_TRUE(fs::exists(path + ".tampered-1"));
}

TEST(JournalTamper, AnEmptiedJournalIsRestored) {
    TempDir d;
    const auto path = (d.path() / "journal.jsonl").string();
    tournament::JournalWriter w(path, "fp");
    w.append(0, a_game());
    w.append(1, a_game());
    fs::resize_file(path, 0);
    w.append(2, a_game());
    EXPECT_EQ(w.tamper_reports().size(), 1u);
    const auto j = tournament::read_journal(path);
    EXPECT_EQ(j.fingerprint, "fp");
    EXPECT_EQ(j.games.size(), 3u);
}

TEST(JournalTamper, ASymlinkedJournalIsRefused) {
    TempDir d;
    const auto victim = d.path() / "victim";
    std::ofstream(victim) << "precious\n";
    fs::create_symlink(victim, d.path() / "journal.jsonl");
    EXPECT_THROW(tournament::JournalWriter((d.path() / "journal.jsonl").string(), "fp"),
                 tournament::JournalError);
    std::ifstream in(victim);
    std::string text;
    std::getline(in, text);
    EXPECT_EQ(text, "precious");
}
