// A run the SPRT stops: the verdict arrives with a game's report (after its journal line is
// on disk), and at concurrency 1 no further game may be started before that report: the
// game after the deciding one would be played and counted after the test had decided.
#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "referee/tournament/config.hpp"
#include "referee/tournament/journal.hpp"
#include "referee/tournament/runner.hpp"
#include "referee/tournament/schedule.hpp"
#include "tests/support/temp_dir.hpp"

using namespace referee;
namespace fs = std::filesystem;

TEST(RunnerStop, AtConcurrencyOneTheSprtVerdictComesBeforeTheNextGameStarts) {
    test::TempDir dir;
    const fs::path file = dir.path() / "match.yaml";
    std::ofstream(file) << "name: m\nvariant: minichess\ngames_per_pairing: 20\n"
                           "time_control: \"10+0\"\nconcurrency: 1\nseed: 3\n"
                           "sprt: {elo0: 0, elo1: 10}\noutput: "
                        << (dir.path() / "out").string()
                        << "\nengines:\n  - {name: a, cmd: random}\n  - {name: b, cmd: random}\n";
    const auto config = tournament::load_tournament_config(file.string(), REFEREE_BIN_DIR);
    ASSERT_TRUE(config.sprt.enabled);
    const auto slots = tournament::make_schedule(config);
    ASSERT_GT(slots.size(), 6u);
    fs::create_directories(dir.path() / "out");
    tournament::JournalWriter journal((dir.path() / "out" / "journal.jsonl").string(),
                                      config.fingerprint());
    boost::asio::io_context io;
    tournament::RunEvents events;
    tournament::Runner* runner = nullptr;
    // Stands in for the SPRT (cli::MatchWatch): it decides with the fourth game's report.
    int counted = 0;
    tournament::OnGameFinished decide([&](const tournament::GameSlot&, const match::GameRecord&) {
        if (++counted == 4) runner->stop();
    });
    events.subscribe(decide);
    tournament::Runner run(io, config, slots, journal, events);
    runner = &run;
    run.run();
    EXPECT_EQ(counted, 4) << "a game was started before the verdict of the one before it";
}
