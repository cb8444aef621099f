// The journal's group commit: games queued with append_async are on disk, in order, when
// their `durable` runs; games queued together share one commit; tampering is still caught
// and repaired on that path; and a writer destroyed with games queued commits them first.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <vector>

#include <gtest/gtest.h>

#include "referee/tournament/journal.hpp"
#include "tests/support/temp_dir.hpp"

namespace fs = std::filesystem;
using namespace referee;
using namespace std::chrono_literals;

namespace {

match::GameRecord a_game(const std::string& white) {
    match::GameRecord g;
    g.white = white;
    g.black = "b";
    return g;
}

// Counts the durable callbacks and, for each, how many games the file held at that moment.
struct Durables {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::size_t> games_on_disk;
    std::vector<int> order;
    int errors = 0;

    tournament::JournalWriter::Durable for_slot(int slot, const std::string& path) {
        return [this, slot, path](std::exception_ptr e) {
            const auto n = tournament::read_journal(path).games.size();
            std::lock_guard lock(m);
            if (e) ++errors;
            games_on_disk.push_back(n);
            order.push_back(slot);
            cv.notify_all();
        };
    }
    bool wait_for(std::size_t n) {
        std::unique_lock lock(m);
        return cv.wait_for(lock, 10s, [&] { return order.size() >= n; });
    }
};

}  // namespace

TEST(JournalGroupCommit, GamesAreOnDiskInOrderWhenTheyCount) {
    referee::test::TempDir dir("journal-group-commit");
    const auto path = (dir / "journal.jsonl").string();
    Durables d;
    tournament::JournalWriter w(path, "fp");
    w.set_commit_delay(50ms);  // long enough that the five are queued together
    for (int slot = 0; slot < 5; ++slot)
        w.append_async(slot, a_game("w" + std::to_string(slot)), d.for_slot(slot, path));
    w.commit_now();
    ASSERT_TRUE(d.wait_for(5));
    EXPECT_EQ(d.errors, 0);
    EXPECT_EQ(d.order, (std::vector<int>{0, 1, 2, 3, 4}));
    // One commit for the five: each saw all five on disk, none saw fewer than its own.
    for (std::size_t k = 0; k < d.games_on_disk.size(); ++k)
        EXPECT_EQ(d.games_on_disk[k], 5u) << "durable " << k;
    const auto j = tournament::read_journal(path);
    ASSERT_EQ(j.games.size(), 5u);
    EXPECT_EQ(j.games.at(3).white, "w3");
}

TEST(JournalGroupCommit, TamperingIsRepairedOnTheAsyncPath) {
    referee::test::TempDir dir("journal-group-commit");
    const auto path = (dir / "journal.jsonl").string();
    Durables d;
    tournament::JournalWriter w(path, "fp");
    w.set_commit_delay(0ms);
    w.append_async(0, a_game("a"), d.for_slot(0, path));
    ASSERT_TRUE(d.wait_for(1));
    fs::resize_file(path, 0);
    w.append_async(1, a_game("a"), d.for_slot(1, path));
    ASSERT_TRUE(d.wait_for(2));
    EXPECT_EQ(w.tamper_reports().size(), 1u);
    const auto j = tournament::read_journal(path);
    EXPECT_EQ(j.fingerprint, "fp");
    EXPECT_EQ(j.games.size(), 2u);
}

TEST(JournalGroupCommit, AWriterDestroyedWithGamesQueuedCommitsThemFirst) {
    referee::test::TempDir dir("journal-group-commit");
    const auto path = (dir / "journal.jsonl").string();
    std::atomic<int> durable{0};
    {
        tournament::JournalWriter w(path, "fp");
        w.set_commit_delay(10s);  // only the destructor ends the wait
        for (int slot = 0; slot < 3; ++slot)
            w.append_async(slot, a_game("a"), [&](std::exception_ptr e) {
                if (!e) ++durable;
            });
    }
    EXPECT_EQ(durable.load(), 3);
    EXPECT_EQ(tournament::read_journal(path).games.size(), 3u);
}
