// A game nobody finished (the referee's own deadline, a shutdown) has no result: its record
// says "*" as PGN's unterminated game does, never a draw that would be counted.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "referee/match/game_record.hpp"

namespace {

using referee::match::GameRecord;
using referee::match::Termination;

GameRecord interrupted() {
    GameRecord g;
    g.variant = "minichess";
    g.white = "a";
    g.black = "b";
    g.termination = Termination::Interrupted;
    g.reason_key = "interrupted";
    g.reason = "validate's own deadline passed";
    return g;
}

TEST(InterruptedRecord, ResultIsAsterisk) {
    const auto g = interrupted();
    EXPECT_STREQ(g.result_text(), "*");
    const auto pgn = referee::match::to_pgn(g);
    EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos) << pgn;
    EXPECT_EQ(pgn.find("1/2-1/2"), std::string::npos) << pgn;
    EXPECT_EQ(referee::match::to_json(g)["result"], "*");
}

TEST(InterruptedRecord, JsonRoundTripKeepsIt) {
    const auto back = referee::match::game_from_json(referee::match::to_json(interrupted()));
    EXPECT_EQ(back.termination, Termination::Interrupted);
    EXPECT_STREQ(back.result_text(), "*");
}

TEST(InterruptedRecord, AsteriskWithAnotherTerminationIsRefused) {
    auto j = referee::match::to_json(interrupted());
    j["termination"] = "rules";
    EXPECT_THROW(referee::match::game_from_json(j), std::invalid_argument);
    auto finished = referee::match::to_json(GameRecord{});
    EXPECT_STREQ(referee::match::game_from_json(finished).result_text(), "1/2-1/2");
}

}  // namespace
