// Debian's xboard engines, unchanged, play whole games: Fairy-Max, GNU Chess, Phalanx and
// HoiChess play chess against the in-tree engines and against Stockfish, and Fairy-Max
// plays each variant it knows that the referee ships against Fairy-Stockfish. Every game
// must end by the rules (or by a fault the rules confirm), its moves replaying legally.
// Slow (seconds a game): the `slow` label. An engine that is not installed is skipped, with
// the package to install.
//
// CrazyWa plays the drop games it knows (crazyhouse and the shogi family), MaxQi and
// HoiXiangqi play xiangqi (ranks counted from 0 on the wire), HaChu shatranj and makruk, each
// against Fairy-Stockfish.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <gtest/gtest.h>

#include "match_harness.hpp"

namespace referee::test {
namespace {

using engine::Protocol;
using match::Termination;

struct Installed {
    std::string name, command, package;
    std::vector<std::string> args;
};

const Installed kFairyMax{"fairymax", "/usr/games/fairymax", "fairymax", {}};
const Installed kGnuChess{"gnuchess", "/usr/games/gnuchess", "gnuchess", {"-x"}};
const Installed kPhalanx{"phalanx", "/usr/games/phalanx", "phalanx", {}};
const Installed kHoiChess{"hoichess", "/usr/games/hoichess", "hoichess", {}};
const Installed kCrazyWa{"crazywa", "/usr/games/crazywa", "crazywa", {}};
const Installed kMaxQi{"maxqi", "/usr/games/maxqi", "maxqi", {}};
const Installed kHoiXiangqi{"hoixiangqi", "/usr/games/hoixiangqi", "hoichess", {}};
const Installed kHaChu{"hachu", "/usr/games/hachu", "hachu", {}};

engine::EngineConfig xboard(const Installed& e) {
    engine::EngineConfig c;
    c.name = e.name;
    c.command = e.command;
    c.args = e.args;
    c.protocol = Protocol::Xboard;
    return c;
}

engine::EngineConfig stockfish() {
    engine::EngineConfig c;
    c.name = "stockfish";
    c.command = "/usr/games/stockfish";
    return c;
}

#define SKIP_UNLESS_INSTALLED(path, package) \
    if (!std::filesystem::exists(path))      \
    GTEST_SKIP() << path << " is not installed (apt-get install " << package << ")"

// The game ended by the rules, or by a fault of one side that the rules confirm (a time
// loss, a false claim): never by the referee misreading an engine.
void expect_proper_end(const std::string& variant, const match::GameRecord& r) {
    SCOPED_TRACE(r.white + " - " + r.black + ": " + r.reason);
    EXPECT_NE(r.termination, Termination::StartFailure);
    EXPECT_NE(r.termination, Termination::Unsupported);
    EXPECT_NE(r.reason_key, "unparsable-move");
    EXPECT_NE(r.reason_key, "rules-disagreement");
    EXPECT_NE(r.termination, Termination::IllegalMove);
    auto rules = rules::Rules::load(variant);
    auto pos = rules.from_fen(r.start_fen);
    for (const auto& m : r.moves) ASSERT_NO_THROW(pos.play(pos.parse_move(m.uci))) << m.uci;
    if (r.termination == Termination::Rules) {
        const auto o = pos.outcome();
        ASSERT_TRUE(o.has_value());
        EXPECT_EQ(o->result, r.result);
    }
}

void chess_games(const Installed& e) {
    // Against the in-tree alphabeta (UCI) with the xboard engine as White, then against
    // Stockfish with it as Black.
    auto spec = spec_for("chess", "4+0.05");
    auto vs_tree = play("chess", xboard(e), in_tree("alphabeta-engine", Protocol::Uci), spec);
    expect_proper_end("chess", vs_tree.record);
    EXPECT_GT(vs_tree.record.moves.size(), 4u);
    for (pid_t g : vs_tree.groups) EXPECT_TRUE(group_gone(g));
    auto vs_stockfish = play("chess", stockfish(), xboard(e), spec_for("chess", "4+0.05"));
    expect_proper_end("chess", vs_stockfish.record);
    EXPECT_GT(vs_stockfish.record.moves.size(), 4u);
    for (pid_t g : vs_stockfish.groups) EXPECT_TRUE(group_gone(g));
}

TEST(SlowXboardEngines, FairyMaxPlaysChess) {
    SKIP_UNLESS_INSTALLED(kFairyMax.command, kFairyMax.package);
    chess_games(kFairyMax);
}

TEST(SlowXboardEngines, GnuChessPlaysChess) {
    SKIP_UNLESS_INSTALLED(kGnuChess.command, kGnuChess.package);
    chess_games(kGnuChess);
}

TEST(SlowXboardEngines, PhalanxPlaysChess) {
    SKIP_UNLESS_INSTALLED(kPhalanx.command, kPhalanx.package);
    chess_games(kPhalanx);
}

TEST(SlowXboardEngines, HoiChessPlaysChess) {
    SKIP_UNLESS_INSTALLED(kHoiChess.command, kHoiChess.package);
    chess_games(kHoiChess);
}

// One game of each variant against Fairy-Stockfish, the xboard engine White, then Black.
void against_fairy_stockfish(const Installed& e, const std::vector<std::string>& variants) {
    for (const auto& variant : variants) {
        SCOPED_TRACE(variant);
        auto as_white = play(variant, xboard(e), fairy_stockfish(), spec_for(variant, "4+0.05"));
        expect_proper_end(variant, as_white.record);
        EXPECT_GT(as_white.record.moves.size(), 4u);
        for (pid_t g : as_white.groups) EXPECT_TRUE(group_gone(g));
        auto as_black = play(variant, fairy_stockfish(), xboard(e), spec_for(variant, "4+0.05"));
        expect_proper_end(variant, as_black.record);
        EXPECT_GT(as_black.record.moves.size(), 4u);
    }
}

TEST(SlowXboardEngines, CrazyWaPlaysCrazyhouseAndTheShogiFamily) {
    SKIP_UNLESS_INSTALLED(kCrazyWa.command, kCrazyWa.package);
    SKIP_UNLESS_INSTALLED("/usr/games/fairy-stockfish", "fairy-stockfish");
    against_fairy_stockfish(kCrazyWa, {"crazyhouse", "minishogi", "shogi", "judkins"});
}

TEST(SlowXboardEngines, MaxQiAndHoiXiangqiPlayXiangqi) {
    SKIP_UNLESS_INSTALLED("/usr/games/fairy-stockfish", "fairy-stockfish");
    for (const auto& e : {kMaxQi, kHoiXiangqi}) {
        if (!std::filesystem::exists(e.command)) {
            std::cout << "[ SKIPPED  ] " << e.command << " is not installed (apt-get install "
                      << e.package << ")\n";
            continue;
        }
        against_fairy_stockfish(e, {"xiangqi"});
    }
}

TEST(SlowXboardEngines, HaChuPlaysShatranjAndMakruk) {
    SKIP_UNLESS_INSTALLED(kHaChu.command, kHaChu.package);
    SKIP_UNLESS_INSTALLED("/usr/games/fairy-stockfish", "fairy-stockfish");
    against_fairy_stockfish(kHaChu, {"shatranj", "makruk"});
}

// Each shipped variant that names one of Fairy-Max's variants (its `feature variants`, as
// Fairy-Max 5.0b lists them) is played against Fairy-Stockfish.
TEST(SlowXboardEngines, FairyMaxPlaysItsShippedVariantsAgainstFairyStockfish) {
    SKIP_UNLESS_INSTALLED(kFairyMax.command, kFairyMax.package);
    SKIP_UNLESS_INSTALLED("/usr/games/fairy-stockfish", "fairy-stockfish");
    const std::vector<std::string> fairy_max_variants = {"normal",
                                                         "nocastle",
                                                         "shatranj",
                                                         "asean",
                                                         "makruk",
                                                         "cambodian",
                                                         "ai-wok",
                                                         "courier",
                                                         "knightmate",
                                                         "capablanca",
                                                         "gothic",
                                                         "janus",
                                                         "falcon",
                                                         "cylinder",
                                                         "berolina",
                                                         "super",
                                                         "seirawan",
                                                         "spartan",
                                                         "great",
                                                         "light-brigade",
                                                         "king-of-the-hill",
                                                         "bifurcator",
                                                         "team-mate",
                                                         "los-alamos",
                                                         "ciccolini",
                                                         "mexican",
                                                         "grande-acedrex",
                                                         "roman",
                                                         "almost-wildebeest",
                                                         "fairy"};
    int played = 0;
    for (const auto& entry : std::filesystem::directory_iterator(REFEREE_VARIANT_DIR)) {
        if (entry.path().extension() != ".yaml") continue;
        const auto rules = rules::Rules::load(entry.path().string());
        const auto& names = rules.variant().names;
        const bool known = std::any_of(names.begin(), names.end(), [&](const std::string& n) {
            return std::find(fairy_max_variants.begin(), fairy_max_variants.end(), n) !=
                   fairy_max_variants.end();
        });
        if (!known) continue;
        const std::string variant = entry.path().string();
        auto game =
            play(variant, xboard(kFairyMax), fairy_stockfish(), spec_for(variant, "4+0.05"));
        ++played;
        // Fairy-Max refuses a few moves that Fairy-Stockfish plays and the rules allow (Black's
        // promotion on the first rank of los-alamos' 6x6 board, any piece): the referee ends
        // the game saying which program disagrees. That is Fairy-Max's rule, not a misreading;
        // the moves up to it must still be legal.
        if (game.record.reason_key == "rules-disagreement" &&
            game.record.reason.find("(fairymax) disagrees with the rules: it calls") !=
                std::string::npos) {
            std::printf("%s: %s\n", variant.c_str(), game.record.reason.c_str());
            auto rules = rules::Rules::load(variant);
            auto pos = rules.from_fen(game.record.start_fen);
            for (const auto& m : game.record.moves)
                ASSERT_NO_THROW(pos.play(pos.parse_move(m.uci))) << m.uci;
            continue;
        }
        expect_proper_end(variant, game.record);
    }
    EXPECT_GE(played, 1) << "chess at least is shipped and known to Fairy-Max";
}

}  // namespace
}  // namespace referee::test
