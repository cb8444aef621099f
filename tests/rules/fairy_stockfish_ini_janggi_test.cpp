// The janggi sections of tests/support/janggi_ini.hpp counted by the referee (FILE.ini:NAME)
// and by Fairy-Stockfish 11.1 given the same file (setoption name VariantPath, then
// UCI_Variant): janggi written out in full with its keys, and children that switch a key
// off or rename pieces. Quick: from the start and after one short game; the slow suite
// counts longer games of every section. Skipped where Fairy-Stockfish is not installed.
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/files.hpp"
#include "tests/support/janggi_ini.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace referee::rules;
using referee::test::kFairyStockfish;

// The UCI moves of a random game without passes (two passes in a row end a janggi game at
// once, so a game with them would seldom get far).
std::vector<std::string> janggi_game_without_passes(const Rules& rules, std::mt19937& rng,
                                                    int plies) {
    Position pos = rules.start();
    std::vector<std::string> moves;
    for (int ply = 0; ply < plies && !pos.outcome(); ++ply) {
        std::vector<Move> legal;
        for (const Move m : pos.legal_moves())
            if (!m.is_pass()) legal.push_back(m);
        if (legal.empty()) break;
        const Move m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        moves.push_back(pos.move_name(m, MoveStyle::Uci));
        pos.play(m);
    }
    return moves;
}

// Each section's count to depth 3 from the start and after `games` games of `plies` plies
// each, against Fairy-Stockfish's; "" when all agree.
std::string janggi_ini_disagreements(const std::vector<std::string>& sections, int games,
                                     int plies) {
    referee::test::TempDir dir;
    const std::string path = (dir.path() / "janggi.ini").string();
    referee::test::write_text(path, referee::test::kJanggiIni);
    std::string out;
    for (const std::string& section : sections) {
        const Rules rules = Rules::load(path + ":" + section);
        out += referee::test::perft_disagreement(rules, section, {}, 3, path);
        std::mt19937 rng(53);
        for (int game = 0; game < games; ++game)
            out += referee::test::perft_disagreement(
                rules, section, janggi_game_without_passes(rules, rng, plies * (game + 1)), 3,
                path);
    }
    return out;
}

TEST(FairyStockfishIniJanggi, JanggiWrittenOutCountsAsFairyStockfishCountsIt) {
    if (!std::filesystem::exists(kFairyStockfish)) GTEST_SKIP() << kFairyStockfish;
    EXPECT_EQ(janggi_ini_disagreements({"janggifull"}, 1, 24), "");
}

// Every section 11.1 reads as the referee does (not `newerpass`: 11.1 ignores `pass`).
TEST(SlowFairyStockfishIniJanggi, EverySectionCountsAsFairyStockfishCountsIt) {
    if (!std::filesystem::exists(kFairyStockfish)) GTEST_SKIP() << kFairyStockfish;
    EXPECT_EQ(
        janggi_ini_disagreements({"janggifull", "myjanggi", "mytraditional", "mymodern", "mycasual",
                                  "upfromcasual", "nopass", "nolines", "kingmoves", "renamed"},
                                 4, 30),
        "");
}

}  // namespace
