// A tournament of the engines a MiniChess course has, in-tree engines standing in for each: a
// UCI engine, a stdio IMCS engine, IMCS TCP clients (one offers, one accepts; each exits
// after its game and is started again for the next) and an old plain-dialect engine that
// needs -c W / -c B and prints its board. Every game must end by the rules.
#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include <filesystem>
#include <fstream>
#include <map>

#include "referee/tournament/config.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/runner.hpp"
#include "referee/tournament/schedule.hpp"
#include "tests/support/temp_dir.hpp"

using namespace referee;
namespace fs = std::filesystem;

namespace {

using referee::test::TempDir;

tournament::TournamentConfig write_config(const fs::path& dir, const std::string& engines) {
    const fs::path file = dir / "course.yaml";
    std::ofstream(file)
        << "name: course\nvariant: minitchess\nformat: round-robin\ngames_per_pairing: 2\n"
           "time_control: \"10+0\"\nconcurrency: 3\nadjudication: {max_plies: 120}\nseed: 5\n"
           "output: "
        << (dir / "out").string() << "\nengines:\n"
        << engines;
    return tournament::load_tournament_config(file.string(), REFEREE_BIN_DIR);
}

}  // namespace

TEST(CourseTournament, UciImcsTcpAndPlainEnginesPlayEveryGameToARulesResult) {
    TempDir dir;
    const auto config =
        write_config(dir.path(),
                     "  - {name: uci, cmd: random, args: [--seed, \"{seed}\"]}\n"
                     "  - {name: imcs, cmd: random, protocol: imcs}\n"
                     "  - {name: tcp-offer, cmd: random, protocol: imcs-tcp}\n"
                     "  - name: tcp-accept\n"
                     "    cmd: random\n"
                     "    protocol: imcs-tcp\n"
                     "    args: [--host, \"{host}\", --port, \"{port}\", --user, \"{user}\",\n"
                     "           --password, \"{password}\", --accept, any, --seed, \"{seed}\"]\n"
                     "  - {name: student, cmd: plain-student, protocol: plain, args: [-c, "
                     "\"{color}\", -s, \"{seed}\"]}\n");
    ASSERT_EQ(config.engines[4].protocol, engine::Protocol::Plain);
    EXPECT_EQ(tournament::preflight(config), std::vector<std::string>{});
    const auto slots = tournament::make_schedule(config);
    ASSERT_EQ(slots.size(), 20u);
    fs::create_directories(dir.path() / "out");
    tournament::JournalWriter journal((dir.path() / "out" / "journal.jsonl").string(),
                                      config.fingerprint());
    std::map<std::string, int> games_of;
    int played = 0;
    tournament::OnGameFinished count([&](const tournament::GameSlot&, const match::GameRecord& r) {
        ++played;
        ++games_of[r.white];
        ++games_of[r.black];
        EXPECT_TRUE(r.termination == match::Termination::Rules ||
                    r.termination == match::Termination::MoveCap)
            << r.white << " vs " << r.black << ": " << r.reason_key << ": " << r.reason;
    });
    tournament::RunEvents events;
    events.subscribe(count);
    boost::asio::io_context io;
    tournament::Runner(io, config, slots, journal, events).run();
    EXPECT_EQ(played, 20);
    // Each engine played 8 games; the TCP clients and the plain engine with a fresh process each
    // time.
    for (const auto& e : config.engines) EXPECT_EQ(games_of[e.name], 8) << e.name;
}

TEST(CourseTournament, PlaceholdersAreCheckedWhenTheConfigIsRead) {
    TempDir dir;
    try {
        write_config(
            dir.path(),
            "  - {name: a, cmd: random}\n  - {name: b, cmd: random, args: [--x, \"{colour}\"]}\n");
        FAIL() << "an unknown placeholder was accepted";
    } catch (const tournament::TournamentConfigError& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("engines[1].args"), std::string::npos) << what;
        EXPECT_NE(what.find("{colour}"), std::string::npos) << what;
    }
}
