// A game that ends while a UCI engine thinks (here its xboard opponent resigns right after
// its move), and the same engine process reused for the next game, as a tournament reuses
// it: the engine is told to stop, and the bestmove it owes is not "a move nobody asked for"
// in the next game (seen in a tournament: GNU Chess resigned, and the next game of the
// engine that was thinking ended 1-0 protocol-fault after 0 plies). An engine that never
// answers is replaced by a fresh process for the next game instead of losing it.
#include <gtest/gtest.h>
#include <boost/asio/io_context.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include "referee/engine/dialects/session.hpp"
#include "referee/match/game.hpp"
#include "referee/rules/core/position.hpp"
#include "tests/support/files.hpp"
#include "tests/support/temp_dir.hpp"

using namespace referee;
namespace fs = std::filesystem;

namespace {

// A shell script engine in `dir`, runnable by the user id a root referee gives each engine.
void write_engine(const fs::path& dir, const std::string& name, const std::string& script) {
    const fs::path path = dir / name;
    std::ofstream(path) << "#!/bin/sh\n" << script;
    fs::permissions(path, fs::perms::all);
}

// Runs in `dir` (where the scripts leave and look for their marks), without bwrap, so the
// scripts see one another's marks; the start-up allowance is also the wait for a bestmove
// owed.
engine::EngineConfig scripted(const fs::path& dir, const std::string& name,
                              engine::Protocol protocol = engine::Protocol::Uci) {
    engine::EngineConfig c;
    c.name = name;
    c.command = (dir / name).string();
    c.protocol = protocol;
    c.working_dir = dir.string();
    c.sandbox = engine::Sandbox::None;
    c.startup_timeout = std::chrono::milliseconds(1500);
    c.variant = "minichess";  // played without being told (the UCI scripts list no variants)
    return c;
}

// UCI, Black in both games: answers each `go` with a5a4 (legal after a2a3) a moment late,
// ignoring `stop` as an engine deep in its search may; logs what it is sent. With `hang`,
// its first search never ends (nor does it read anything more).
std::string uci_black(bool hang) {
    return std::string(
               "while read -r line; do\n"
               "  echo \"$line\" >> ./black.log\n"
               "  case \"$line\" in\n"
               "    uci) echo 'id name late-answer'; echo uciok ;;\n"
               "    isready) echo readyok ;;\n"
               "    go*)\n") +
           (hang ? "      if [ ! -e ./hung ]; then : > ./hung; sleep 3600; fi\n" : "") +
           "      sleep 0.3; echo 'bestmove a5a4'; : > ./answered ;;\n"
           "    quit) exit 0 ;;\n"
           "  esac\n"
           "done\n";
}

// xboard, White in the first game: plays a2a3 and resigns at once, while Black thinks.
const char* kResigner =
    "while read -r line; do\n"
    "  case \"$line\" in\n"
    "    protover*) echo 'feature ping=1 setboard=1 variants=\"minichess\" done=1' ;;\n"
    "    ping*) echo \"pong ${line#ping }\" ;;\n"
    "    go) echo 'move a2a3'; echo resign ;;\n"
    "    quit) exit 0 ;;\n"
    "  esac\n"
    "done\n";

// UCI, White in the second game, started fresh for it: its handshake ends only once the
// first game's late bestmove has been written (`answered`), so that bestmove arrives while
// the second game waits for it. Plays a2a3.
const char* kLateStarter =
    "while read -r line; do\n"
    "  case \"$line\" in\n"
    "    uci) while [ ! -e ./answered ]; do sleep 0.02; done; echo uciok ;;\n"
    "    isready) echo readyok ;;\n"
    "    go*) echo 'bestmove a2a3' ;;\n"
    "    quit) exit 0 ;;\n"
    "  esac\n"
    "done\n";

struct TwoGames {
    match::GameRecord first, second;
    pid_t black_pid_first = -1, black_pid_second = -1;
};

// The first game (resigner vs black), then at once the second (late starter vs the same
// black session), each of two plies at most.
TwoGames play_two(const fs::path& dir, const engine::EngineConfig& black_cfg) {
    const auto rules = rules::Rules::load("minichess");
    boost::asio::io_context io;
    const std::string scratch = dir.string();
    auto resigner = engine::EngineSession::create(
        io, scripted(dir, "resigner", engine::Protocol::Xboard), rules.variant(), scratch);
    auto black = engine::EngineSession::create(io, black_cfg, rules.variant(), scratch);
    std::shared_ptr<engine::EngineSession> starter;
    auto spec = [&] {
        match::GameSpec s{rules.start(), {}, match::parse_time_control("10+0")};
        s.max_plies = 2;
        return s;
    };
    TwoGames out;
    auto second_done = [&](const match::GameRecord& r) {
        out.second = r;
        out.black_pid_second = black->pid();
        black->quit(std::chrono::milliseconds(300));
        starter->quit(std::chrono::milliseconds(300));
    };
    auto first_done = [&](const match::GameRecord& r) {
        out.first = r;
        out.black_pid_first = black->pid();
        resigner->quit(std::chrono::milliseconds(300));
        starter =
            engine::EngineSession::create(io, scripted(dir, "starter"), rules.variant(), scratch);
        match::Game::create(io, spec(), starter, black, second_done)->start();
    };
    match::Game::create(io, spec(), resigner, black, first_done)->start();
    io.run();
    return out;
}

void write_engines(const fs::path& dir, bool hang) {
    // Under a root referee each engine runs as a user of its own: the folder is theirs too.
    fs::permissions(dir, fs::perms::all);
    write_engine(dir, "resigner", kResigner);
    write_engine(dir, "black", uci_black(hang));
    write_engine(dir, "starter", kLateStarter);
}

}  // namespace

TEST(LateBestmove, AnEngineThinkingWhenItsGameEndsIsStoppedAndPlaysItsNextGame) {
    test::TempDir dir;
    write_engines(dir.path(), false);
    const auto games = play_two(dir.path(), scripted(dir.path(), "black"));
    EXPECT_EQ(games.first.termination, match::Termination::Resignation) << games.first.reason;
    EXPECT_EQ(games.first.result, rules::GameResult::BlackWins);
    // The second game is played by the same process, to the move cap, by the rules.
    EXPECT_EQ(games.second.termination, match::Termination::MoveCap) << games.second.reason;
    EXPECT_EQ(games.second.moves.size(), 2u) << games.second.reason;
    EXPECT_EQ(games.black_pid_second, games.black_pid_first);
    // Told to stop when the first game ended, before anything of the second game.
    const std::string log = test::read_text(dir.path() / "black.log");
    const auto asked = log.find("go "), stop = log.find("stop\n"),
               again = log.find("ucinewgame", asked);
    EXPECT_NE(stop, std::string::npos) << log;
    EXPECT_LT(asked, stop) << log;
    EXPECT_LT(stop, again) << log;
}

TEST(LateBestmove, AnEngineThatNeverAnswersStopIsReplacedForItsNextGame) {
    test::TempDir dir;
    write_engines(dir.path(), true);
    // The late starter's handshake waits for `answered`, which the hung search never writes:
    // let it go at once.
    std::ofstream(dir.path() / "answered").close();
    const auto games = play_two(dir.path(), scripted(dir.path(), "black"));
    EXPECT_EQ(games.first.termination, match::Termination::Resignation) << games.first.reason;
    // After the start-up allowance a fresh process plays the second game, not a loss before
    // it began.
    EXPECT_EQ(games.second.termination, match::Termination::MoveCap) << games.second.reason;
    EXPECT_EQ(games.second.moves.size(), 2u) << games.second.reason;
    EXPECT_NE(games.black_pid_second, games.black_pid_first);
}
