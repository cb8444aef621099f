// A 2,000-game report built by streaming the games back from the journal, one at a time,
// against the same report built the old way, with every game held in memory: the files
// must be the same bytes. The games are made up here, deterministically (a seeded random
// player on MinitChess, every 97th game lost by an illegal move with a stderr tail), so the
// PGN, results.json and report.md can also be checked against digests taken from the
// reports the referee wrote before the reports streamed.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "referee/report/files.hpp"
#include "referee/report/html_parts.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/standings.hpp"
#include "report_fixture.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

namespace referee::report {
namespace {

using referee::test::read_text;
using referee::test::TempDir;

namespace fs = std::filesystem;

constexpr int kGames = 2000;

std::vector<match::GameRecord> made_up_games(const rules::Rules& rules) {
    const std::vector<std::string> names = {"alpha", "beta", "gamma", fixture::kScriptName};
    std::mt19937_64 rng(2024);
    std::vector<match::GameRecord> games;
    for (int n = 0; n < kGames; ++n) {
        const std::string& white = names[n % 4];
        const std::string& black = names[(n / 4 + 1 + n % 4) % 4];
        rules::Position pos = rules.start();
        std::vector<std::string> moves;
        const int cap = n % 97 == 5 ? 7 : 400;  // the faulty games stop early
        while (!pos.outcome() && static_cast<int>(moves.size()) < cap) {
            const auto legal = pos.legal_moves();
            const auto m = legal[rng() % legal.size()];
            moves.push_back(pos.move_name(m));
            pos.play(m);
        }
        auto g = fixture::played_game(rules, white, black, n / 6 + 1, moves);
        if (const auto end = pos.outcome(); end && cap == 400) {
            g.result = end->result;
            g.termination = match::Termination::Rules;
            g.reason_key = "rules";
            g.reason = end->description;
        } else {
            g.result = pos.side_to_move() == rules::White ? rules::GameResult::BlackWins
                                                          : rules::GameResult::WhiteWins;
            g.termination = match::Termination::IllegalMove;
            g.reason_key = "illegal-move";
            g.reason = "played an illegal move: 'a1-a6' <is> not legal";
            g.at_fault = pos.side_to_move();
            (pos.side_to_move() == rules::White ? g.white_stderr_tail : g.black_stderr_tail) =
                "searching...\n</script>";
        }
        games.push_back(std::move(g));
    }
    return games;
}

std::uint64_t fnv1a(const std::string& text) {
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : text) h = (h ^ c) * 1099511628211ull;
    return h;
}

// A fresh folder, removed afterwards.
ReportInput header_only(const rules::Rules& rules) {
    return ReportInput{"Streaming <test>",
                       "round-robin",
                       "10+0.1",
                       rules,
                       {"alpha", "beta", "gamma", fixture::kScriptName},
                       {},
                       {},
                       kGames + 10};
}

// Every file under `dir`, by its path relative to it.
std::map<std::string, std::string> files_under(const fs::path& dir) {
    std::map<std::string, std::string> out;
    for (const auto& e : fs::recursive_directory_iterator(dir))
        if (e.is_regular_file()) out[fs::relative(e.path(), dir).string()] = read_text(e.path());
    return out;
}

TEST(SlowReportStreaming, FromTheJournalTheSameBytesAsFromMemory) {
    const auto rules = rules::Rules::load("minitchess");
    auto games = made_up_games(rules);
    TempDir dir;
    const auto journal = (dir.path() / "journal.jsonl").string();
    // Written out of schedule order, as concurrent games finish (a slot written twice is
    // refused by the reader: finished_games_test). The header by the journal's writer; the
    // games as its append() writes them, without 2,000 fsyncs.
    { tournament::JournalWriter writer(journal, "fingerprint"); }
    {
        std::ofstream out(journal, std::ios::binary | std::ios::app);
        const auto append = [&](int slot, const match::GameRecord& g) {
            out << nlohmann::json{{"type", "game"}, {"slot", slot}, {"game", match::to_json(g)}}
                       .dump()
                << "\n";
        };
        for (int i = kGames - 1; i >= 0; i -= 2) append(i, games[i]);
        for (int i = kGames - 2; i >= 0; i -= 2) append(i, games[i]);
    }
    EXPECT_EQ(tournament::read_journal(journal).games.at(7).result, games[7].result);

    ReportInput in = header_only(rules);
    in.games = games;
    in.standings = tournament::compute_standings(in.engines, in.games);
    write_reports((dir.path() / "memory").string(), in);
    write_reports_from_journal((dir.path() / "streamed").string(), header_only(rules), journal);

    const auto memory = files_under(dir.path() / "memory");
    const auto streamed = files_under(dir.path() / "streamed");
    ASSERT_EQ(memory.size(), streamed.size());
    // The page, four report files, and 2,000 games in files of 100 beside the page.
    EXPECT_EQ(memory.size(), 4u + kGames / kGamesPerFile);
    for (const auto& [name, text] : memory) {
        ASSERT_TRUE(streamed.count(name)) << name;
        EXPECT_TRUE(text == streamed.at(name)) << name << " differs";
    }
    EXPECT_EQ(memory.at("report-games/games-19.js").rfind("refereeGameFile(19, [{\"n\":1901,", 0),
              0u);

    // Digests of the files the referee writes for these games, so a change to any byte of
    // them is seen. First taken before reports streamed (streaming changed no byte); taken
    // again after this wave's deliberate format changes: one PGN comment per move (the reason
    // joins the last one), match statistics in results.json and report.md, Elo intervals
    // with a prior, and then from the likelihood. The page's game data did not change.
    EXPECT_EQ(fnv1a(streamed.at("games.pgn")), 0xbbdf30ca370dedeaull);
    EXPECT_EQ(fnv1a(streamed.at("results.json")), 0x34b37ead54ea6d60ull);
    EXPECT_EQ(fnv1a(streamed.at("report.md")), 0xebee1a4c955ed5f5ull);
    // The page's game data in one piece: since then the board also says whether the variant
    // has hands, where its regions and rivers are (empty here) and how it is drawn (squares).
    EXPECT_EQ(fnv1a(games_json(in)), 0x2a5ddacb5b0d016eull);
}

}  // namespace
}  // namespace referee::report
