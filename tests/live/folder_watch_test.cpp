// `referee watch` on a folder: what the page lists of the games its journals hold already.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include "referee/live/folder_watch.hpp"
#include "referee/tournament/journal.hpp"
#include "tests/support/files.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::live {
namespace {

match::GameRecord game(const std::string& white, const std::string& black) {
    match::GameRecord g;
    g.variant = "minitchess";
    g.white = white;
    g.black = black;
    g.round = 1;
    g.start_fen = test::cached_rules("minitchess").start().fen();
    g.result = rules::GameResult::Draw;
    g.termination = match::Termination::MoveCap;
    g.reason = "the move cap";
    return g;
}

// With two games at once, games finish out of their slots' order; the journal holds them as
// they finished, and the page lists them so (the latest first, as a running tournament's
// page does), not by slot.
TEST(FolderWatch, ListsTheJournalsGamesInTheOrderTheyFinished) {
    test::TempDir dir;
    std::string journal = "{\"fingerprint\":\"0\",\"format\":1,\"type\":\"header\"}\n";
    journal += tournament::journal_game_line(2, game("c", "a")) + "\n";
    journal += tournament::journal_game_line(0, game("a", "b")) + "\n";
    journal += tournament::journal_game_line(1, game("b", "c")) + "\n";
    test::write_text(dir.path() / "journal.jsonl", journal);

    boost::asio::io_context io;
    LiveInfo info;
    info.kind = "watch";
    FolderWatch watch(io, dir.path(), FolderStart{info, "minitchess"}, "127.0.0.1", 0);
    const Json snapshot = watch.state().snapshot();
    std::vector<int> listed;
    for (const auto& row : snapshot["finished"]) listed.push_back(row["n"]);
    // The page puts each row it is given on top: the last one given is the latest finished.
    EXPECT_EQ(listed, (std::vector<int>{3, 1, 2}));
    watch.stop();
}

}  // namespace
}  // namespace referee::live
