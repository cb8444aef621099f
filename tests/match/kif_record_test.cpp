// A game record as KIF: the referee's terminations in KIF's words, and the record's names,
// date and move times.
#include <string>

#include <gtest/gtest.h>

#include "referee/match/kif_record.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee;

TEST(KifRecord, ALossOnTimeIsKifsKireMakeAndTheRecordsNamesAndTimesAreKept) {
    const rules::Rules& rules = test::cached_rules("minishogi");
    match::GameRecord g;
    g.white = "alice";
    g.black = "bob";
    g.date = "2026.01.02";
    g.moves = {{"a2-a3", "a2a3", "", 2500, -1, false}, {"e4-e3", "e4e3", "", 700, -1, false}};
    g.termination = match::Termination::TimeForfeit;
    g.result = rules::GameResult::BlackWins;
    g.reason = "alice (White) ran out of time";
    const std::string kif = match::to_kif(rules, g);
    EXPECT_NE(
        kif.find("開始日時：2026/01/02\n棋戦：minichess-referee game\n先手：alice\n後手：bob\n"),
        std::string::npos)
        << kif;
    EXPECT_NE(kif.find("\n   1 ５三歩(54)   ( 0:02/00:00:02)\n   2 １三歩(12)   ( 0:00/00:00:00)\n"
                       "   3 切れ負け\n*alice (White) ran out of time\nまで2手で後手の勝ち\n"),
              std::string::npos)
        << kif;
}

TEST(KifRecord, AnInterruptedGameHasNoWinner) {
    match::GameRecord g;
    g.white = "a";
    g.black = "b";
    g.termination = match::Termination::Interrupted;
    const std::string kif = match::to_kif(test::cached_rules("shogi"), g);
    EXPECT_NE(kif.find("\n   1 中断\nまで0手で中断\n"), std::string::npos) << kif;
}

}  // namespace
