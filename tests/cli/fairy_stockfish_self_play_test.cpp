// Fairy-Stockfish against itself, one game of every catalogue variant through the referee
// (`referee play VARIANT --white fairy-stockfish --black fairy-stockfish`): each game must
// end by the variant's own rules (mate, a region reached, a bare king, extinction, a draw by
// rule...), never by an illegal move, a clock or an adjudication, so the referee and the
// engine agree on every move of it; `referee check` then reads the game's PGN back. Skipped
// where Fairy-Stockfish is not installed; slow.
#include <cctype>
#include <filesystem>
#include <regex>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/base/outcome.hpp"
#include "tests/support/fairy_stockfish.hpp"
#include "tests/support/files.hpp"
#include "tests/support/run_command.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using referee::test::run_referee;

using referee::test::kFairyStockfish;

// The endings the rules decide, by their keys ("checkmate", "region", ...).
std::set<std::string> rule_endings() {
    using referee::rules::EndReason;
    std::set<std::string> keys;
    for (EndReason r :
         {EndReason::RoyalCapture, EndReason::Checkmate, EndReason::NoLegalMoves,
          EndReason::MoveLimit, EndReason::InsufficientMaterial, EndReason::Repetition,
          EndReason::NMoveRule, EndReason::CheckCount, EndReason::Region, EndReason::BareKing,
          EndReason::Extinction, EndReason::Counting, EndReason::PerpetualCheck, EndReason::Bikjang,
          EndReason::DoublePass})
        keys.insert(referee::rules::end_reason_key(r));
    return keys;
}

class SlowFairyStockfishSelfPlay : public ::testing::TestWithParam<const char*> {
  protected:
    void SetUp() override {
        if (!std::filesystem::exists(kFairyStockfish))
            GTEST_SKIP() << kFairyStockfish
                         << " is not installed (apt-get install fairy-stockfish)";
    }
};

TEST_P(SlowFairyStockfishSelfPlay, OneGameEndsByTheVariantsOwnRules) {
    const std::string variant = GetParam();
    referee::test::TempDir dir;
    const auto r = run_referee({"play", variant, "--white", "fairy-stockfish", "--black",
                                "fairy-stockfish", "--st", "0.02", "--margin", "2", "--quiet",
                                "--out", (dir.path() / "game").string()});
    ASSERT_EQ(r.exit_code, 0) << variant << "\n" << r.out << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\((\S+)\))")))
        << variant << ": no result reason in\n"
        << r.out;
    EXPECT_TRUE(rule_endings().count(m[1].str()))
        << variant << " ended by '" << m[1].str() << "', not by its rules:\n"
        << r.out << r.err;
    // `referee check` reads the game's PGN (SAN of this variant's pieces, its Variant tag)
    // and finds it ended by the rules.
    const auto checked = run_referee({"check", (dir.path() / "game.pgn").string()});
    EXPECT_NE(checked.out.find(": 1 ok,"), std::string::npos) << variant << "\n"
                                                              << checked.out << checked.err;
}

INSTANTIATE_TEST_SUITE_P(
    SlowCatalogue, SlowFairyStockfishSelfPlay,
    ::testing::Values("nocastle", "fischerandom", "losalamos", "gardner", "almost", "amazon",
                      "chancellor", "capablanca", "gothic", "janus", "embassy", "centaur",
                      "knightmate", "courier", "shatranj", "makruk", "asean", "ai-wok",
                      "kingofthehill", "racingkings", "3check", "5check", "antichess", "giveaway",
                      "suicide", "losers", "extinction", "horde", "grand", "crazyhouse", "loop",
                      "chessgi", "pocketknight", "placement", "capahouse", "seirawan", "cambodian",
                      "xiangqi", "minixiangqi", "manchu", "shako", "minishogi", "shogi", "judkins",
                      "gorogoro", "euroshogi", "dobutsu", "micro", "sittuyin", "kinglet", "codrus",
                      "hoppelpoppel", "newzealand", "modern", "chigorin", "clobber", "breakthrough",
                      "clobber10", "caparandom", "karouk", "shouse", "makpong", "shatar",
                      "kyotoshogi", "koedem", "fairy", "janggi", "janggitraditional",
                      "janggimodern", "janggicasual"),
    [](const auto& info) {
        std::string name = info.param;
        for (char& c : name)
            if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
        return "v_" + name;
    });

// A variant of the user's own variants.ini (FILE.ini:NAME): Fairy-Stockfish is given the
// same file (VariantPath, then UCI_Variant) and plays it against itself through the referee;
// the game ends by the section's rules, and `referee check` reads the JSON record back
// without being told the variant (the record names the file and the section).
TEST(SlowFairyStockfishIniSelfPlay, AGameOfAnIniSectionEndsByItsRules) {
    if (!std::filesystem::exists(kFairyStockfish))
        GTEST_SKIP() << kFairyStockfish << " is not installed (apt-get install fairy-stockfish)";
    referee::test::TempDir dir;
    const auto ini = dir.path() / "mine.ini";
    referee::test::write_text(ini, R"([sixhill]
pawn = p
king = k
rook = r
knight = n
maxFile = 6
startFen = rnk1nr/pppppp/6/6/6/6/PPPPPP/RNK1NR w - - 0 1
promotionPieceTypes = rn
doubleStep = false
castling = false
flagPiece = k
whiteFlag = *8
blackFlag = *1
nMoveRule = 20
)");
    const auto r = run_referee({"play", ini.string() + ":sixhill", "--white", "fairy-stockfish",
                                "--black", "fairy-stockfish", "--st", "0.02", "--margin", "2",
                                "--quiet", "--out", (dir.path() / "game").string()});
    ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
    std::smatch m;
    ASSERT_TRUE(std::regex_search(r.out, m, std::regex(R"(\((\S+)\))"))) << r.out;
    EXPECT_TRUE(rule_endings().count(m[1].str())) << "ended by '" << m[1].str() << "':\n"
                                                  << r.out << r.err;
    // The record names FILE.ini:NAME (a journal keeps the text too; play's record only the
    // name), so check is not told the variant.
    const auto checked = run_referee({"check", (dir.path() / "game.json").string()});
    EXPECT_NE(checked.out.find(": 1 ok,"), std::string::npos) << checked.out << checked.err;
}

}  // namespace
