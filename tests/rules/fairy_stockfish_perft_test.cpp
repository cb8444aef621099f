// Every catalogue variant counted against Fairy-Stockfish 11.1, where it is installed: perft
// from the start to a depth where Fairy-Stockfish takes at least half a second, and from
// positions reached by random play, each given to the referee in Fairy-Stockfish's own FEN
// (its `d` after `position startpos moves ...`). The referee's walk stops where
// Fairy-Stockfish's does (PerftStop::Immediate). Slow: the suite name starts with "Slow".
#include <cctype>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::ask_fairy_stockfish;
using referee::test::cached_rules;
using referee::test::FsAnswer;
using referee::test::kFairyStockfish;

struct CatalogueVariant {
    const char* name;  // the file's name, which is Fairy-Stockfish's
    int depth;         // from the start: Fairy-Stockfish takes half a second or more
};

// Names the parameter in ctest's listing (gtest would print the struct's bytes, a pointer).
[[maybe_unused]] void PrintTo(const CatalogueVariant& v, std::ostream* os) {
    *os << v.name << " to depth " << v.depth;
}

// Depths measured on the development machine (Fairy-Stockfish's own time, about 0.5 to 5 s).
const std::vector<CatalogueVariant> kCatalogue = {
    {"nocastle", 5},     {"fischerandom", 5}, {"losalamos", 6},     {"gardner", 7},
    {"almost", 5},       {"amazon", 5},       {"chancellor", 5},    {"capablanca", 5},
    {"gothic", 5},       {"janus", 5},        {"embassy", 5},       {"centaur", 5},
    {"knightmate", 5},   {"courier", 5},      {"shatranj", 6},      {"makruk", 5},
    {"asean", 5},        {"ai-wok", 5},       {"kingofthehill", 5}, {"racingkings", 5},
    {"3check", 5},       {"5check", 5},       {"antichess", 5},     {"giveaway", 5},
    {"suicide", 5},      {"losers", 5},       {"extinction", 5},    {"horde", 6},
    {"grand", 4},        {"seirawan", 4},     {"cambodian", 5},     {"xiangqi", 4},
    {"minixiangqi", 5},  {"manchu", 4},       {"shako", 4},         {"crazyhouse", 5},
    {"loop", 5},         {"chessgi", 5},      {"pocketknight", 4},  {"placement", 4},
    {"capahouse", 4},    {"minishogi", 5},    {"shogi", 4},         {"judkins", 5},
    {"gorogoro", 5},     {"euroshogi", 5},    {"dobutsu", 9},       {"micro", 7},
    {"sittuyin", 4},     {"kinglet", 5},      {"codrus", 5},        {"hoppelpoppel", 5},
    {"newzealand", 5},   {"modern", 5},       {"chigorin", 5},      {"clobber", 4},
    {"breakthrough", 5}, {"clobber10", 3},    {"caparandom", 5},    {"karouk", 5},
    {"shouse", 4},       {"makpong", 5},      {"shatar", 5},        {"kyotoshogi", 6},
    {"koedem", 5},       {"fairy", 5},
};
// The janggi family, apart: its long names would reflow the table's columns.
const std::vector<CatalogueVariant> kJanggiFamily = {
    {"janggi", 4},
    {"janggitraditional", 4},
    {"janggimodern", 4},
    {"janggicasual", 4},
};
std::vector<CatalogueVariant> whole_catalogue() {
    std::vector<CatalogueVariant> all = kCatalogue;
    all.insert(all.end(), kJanggiFamily.begin(), kJanggiFamily.end());
    return all;
}

class SlowFairyStockfishPerft : public ::testing::TestWithParam<CatalogueVariant> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFairyStockfish))
            GTEST_SKIP() << kFairyStockfish
                         << " is not installed (apt-get install fairy-stockfish)";
    }
};

TEST_P(SlowFairyStockfishPerft, CountsAgreeFromTheStartAndAfterRandomPlay) {
    const CatalogueVariant& cv = GetParam();
    const Rules& rules = cached_rules(cv.name);
    const FsAnswer start = ask_fairy_stockfish(cv.name, {}, cv.depth);
    ASSERT_TRUE(start.counted) << cv.name << ": Fairy-Stockfish gave no count";
    EXPECT_EQ(rules.from_fen(start.fen).perft(cv.depth, PerftStop::Immediate), start.nodes)
        << cv.name << " from " << start.fen << " depth " << cv.depth;
    // The same start as the variant file's, read from Fairy-Stockfish's FEN.
    EXPECT_EQ(rules.from_fen(start.fen).key(), rules.start().key()) << cv.name << " " << start.fen;

    std::mt19937 rng(20261127);
    for (int game = 0; game < 5; ++game)
        EXPECT_EQ(referee::test::perft_disagreement(
                      rules, cv.name, referee::test::random_uci_moves(rules, rng, 8 + 8 * game), 3),
                  "");
}

// Sittuyin's first 32 plies are drops, so the random games above barely reach its pawn
// promotions (rules/core/promotion_moves.cpp): longer games here, counted at every position
// where a promotion is legal, a promotion played when there is one.
TEST(SlowFairyStockfishSittuyin, PromotionsAgreeAfterLongRandomGames) {
    if (!std::filesystem::exists(kFairyStockfish)) GTEST_SKIP() << kFairyStockfish;
    const Rules& rules = cached_rules("sittuyin");
    std::mt19937 rng(27);
    int promoting_positions = 0;
    for (int game = 0; game < 6 && promoting_positions < 12; ++game) {
        Position pos = rules.start();
        std::vector<std::string> moves;
        for (int ply = 0; ply < 160 && !pos.outcome(); ++ply) {
            const std::vector<Move> legal = pos.legal_moves();
            if (legal.empty()) break;
            std::vector<Move> promotions;
            for (const Move m : legal)
                if (m.promotion) promotions.push_back(m);
            const auto& pick = promotions.empty() ? legal : promotions;
            if (!promotions.empty()) {
                const FsAnswer fs = ask_fairy_stockfish("sittuyin", moves, 2);
                ASSERT_TRUE(fs.counted);
                EXPECT_EQ(rules.from_fen(fs.fen).perft(2, PerftStop::Immediate), fs.nodes)
                    << "from " << fs.fen;
                EXPECT_EQ(rules.from_fen(fs.fen).key(), pos.key()) << fs.fen;
                ++promoting_positions;
            }
            const Move m =
                pick[std::uniform_int_distribution<std::size_t>(0, pick.size() - 1)(rng)];
            moves.push_back(pos.move_name(m, MoveStyle::Uci));
            pos.play(m);
        }
    }
    EXPECT_GE(promoting_positions, 3);
}

INSTANTIATE_TEST_SUITE_P(SlowCatalogue, SlowFairyStockfishPerft,
                         ::testing::ValuesIn(whole_catalogue()), [](const auto& info) {
                             std::string name = info.param.name;
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return "v_" + name;
                         });

}  // namespace
