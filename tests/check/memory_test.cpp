// A file of any length is checked in constant memory: games are read, judged and dropped one
// at a time. Here a stream of 30,000 games (generated as it is read, so the test itself holds
// none of it) must not grow the resident set between the first few thousand and the end.
#include <unistd.h>

#include <fstream>
#include <streambuf>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "check_test_util.hpp"

namespace {

using referee::check::test::random_game;

// The same few games over and over, produced as the reader asks for bytes.
class RepeatingGames : public std::streambuf {
  public:
    RepeatingGames(std::vector<std::string> games, long count)
        : games_(std::move(games)), left_(count) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        if (left_ <= 0) return traits_type::eof();
        --left_;
        current_ = games_[next_++ % games_.size()];
        setg(current_.data(), current_.data(), current_.data() + current_.size());
        return traits_type::to_int_type(*gptr());
    }

  private:
    std::vector<std::string> games_;
    long left_;
    std::size_t next_ = 0;
    std::string current_;
};

long resident_kb() {
    std::ifstream statm("/proc/self/statm");
    long size = 0, resident = 0;
    statm >> size >> resident;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

TEST(Memory, ALongPgnStreamIsCheckedInConstantMemory) {
#if defined(__SANITIZE_ADDRESS__)
    GTEST_SKIP() << "RSS is not the checker's memory under AddressSanitizer (freed memory sits in "
                    "quarantine)";
#endif
    const auto rules = referee::rules::Rules::load("minichess");
    std::vector<std::string> games;
    for (unsigned seed = 0; seed < 64; ++seed)
        games.push_back(referee::match::to_pgn(random_game(rules, seed)));
    constexpr long kGames = 30000;
    RepeatingGames buffer(games, kGames);
    std::istream in(&buffer);
    auto source = referee::check::pgn_games(in, "stream.pgn");
    referee::check::Checker checker("");
    referee::check::RecordedGame game;
    long seen = 0, rss_early = 0;
    while (source->next(game)) {
        const auto v = checker.check(game);
        ASSERT_TRUE(v.checks_out()) << referee::check::format_verdict(v);
        if (++seen == 3000) rss_early = resident_kb();
    }
    const long rss_late = resident_kb();
    EXPECT_EQ(seen, kGames);
    EXPECT_EQ(checker.summary().games, kGames);
    // Ten times the games after the early reading: anything kept per game would show as
    // megabytes here (a move list alone is ~1 KB a game).
    EXPECT_LT(rss_late - rss_early, 2048)
        << "RSS grew from " << rss_early << " KiB to " << rss_late << " KiB";
}

}  // namespace
