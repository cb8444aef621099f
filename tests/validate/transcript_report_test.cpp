// The transcript keeps the last request and a bounded view of the answer; the report card
// and its JSON say what failed.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "referee/validate/report.hpp"
#include "referee/validate/transcript.hpp"

namespace referee::validate {
namespace {

TEST(Transcript, KeepsTheLastUciRequestAndABoundedAnswer) {
    Transcript t(engine::Protocol::Uci);
    t.add(true, "uci");
    t.add(false, "uciok");
    t.add(true, "position fen a");
    t.add(true, "go wtime 1");
    t.add(false, "bestmove a2a3");
    t.add(true, "position fen b");  // a new request: the old exchange is dropped
    t.add(true, "go wtime 2");
    const std::size_t flood = 20000;
    for (std::size_t i = 0; i < flood; ++i)
        t.add(false, "info string " + std::to_string(i) + std::string(1000, 'x'));
    const auto e = t.last_exchange();
    EXPECT_EQ(e.sent, (std::vector<std::string>{"position fen b", "go wtime 2"}));
    ASSERT_EQ(e.received.size(), Transcript::kReceivedHead + Transcript::kReceivedTail);
    EXPECT_EQ(e.received_omitted, flood - e.received.size());
    EXPECT_EQ(e.received.front().rfind("info string 0x", 0), 0u);
    EXPECT_EQ(e.received.back().rfind("info string 19999x", 0), 0u);
    for (const auto& line : e.received)
        EXPECT_LE(line.size(), Transcript::kLineChars + 6);  // plus " [...]"
    EXPECT_TRUE(t.sounds_like_uci());
    EXPECT_FALSE(t.sounds_like_imcs());
}

TEST(Transcript, ImcsRequestsStartAtTheBlankLineAndMovesSoundLikeImcs) {
    Transcript t(engine::Protocol::Imcs);
    t.add(true, "105 W 0:03 0:03 game starts");
    t.add(true, "");
    t.add(true, "1 W");
    t.add(true, "? 00:03.000 00:03.000");
    t.add(false, "! a2-a3");
    t.add(true, "= B wins");  // after the answer: not part of the request
    const auto e = t.last_exchange();
    EXPECT_EQ(e.sent, (std::vector<std::string>{"", "1 W", "? 00:03.000 00:03.000"}));
    EXPECT_TRUE(t.sounds_like_imcs());
    EXPECT_FALSE(t.sounds_like_uci());
    t.clear();
    EXPECT_FALSE(t.received_any());
    t.add(false, "Unknown command: 105 W 0:03 0:03 game starts");  // Fairy-Stockfish's answer
    EXPECT_TRUE(t.sounds_like_uci());
}

Report sample() {
    Report r;
    r.variant = "minitchess";
    r.engine_name = "student";
    r.engine_command = "./student";
    r.protocol = "imcs";
    ProbeResult pass{"handshake", "starts"};
    pass.verdict = Verdict::Pass;
    pass.detail = "still running";
    ProbeResult fail{"rule-promotion", "a pawn that reaches the promotion zone promotes"};
    fail.verdict = Verdict::Fail;
    fail.detail = "White (student) played an illegal move";
    Evidence e;
    e.fen = "1NBBk/PPPRP/PPPPP/KP3/PP3/5 w - - 0 1";
    e.board_dump = "1 W\n.NBBk\n";
    e.sent = {"", "1 W", "? 00:03.000 00:03.000"};
    e.received = {"! a5-b6"};
    e.expected_moves = {"a5-a6"};
    e.reproduce = "referee play minitchess --fen '...'";
    fail.evidence = e;
    ProbeResult warn{"quit", "exits when asked", true};
    warn.verdict = Verdict::Warn;
    ProbeResult skip{"rule-castling-rights", "castling needs the right"};
    skip.detail = "minitchess has no castling.";
    r.probes = {pass, fail, warn, skip};
    return r;
}

TEST(Report, AFailureFailsTheRunAndShowsItsEvidence) {
    const auto r = sample();
    EXPECT_FALSE(r.passed());
    const auto text = format_text(r);
    EXPECT_NE(text.find("FAIL  rule-promotion"), std::string::npos) << text;
    EXPECT_NE(text.find("! a5-b6"), std::string::npos);
    EXPECT_NE(text.find("a5-a6"), std::string::npos);
    EXPECT_NE(text.find(".NBBk"), std::string::npos);
    EXPECT_NE(text.find("(an empty line)"), std::string::npos);
    EXPECT_NE(text.find("1 passed, 1 failed, 1 warnings, 1 skipped"), std::string::npos);
    EXPECT_NE(text.find("rule-promotion failed"), std::string::npos);

    const auto j = to_json(r);
    EXPECT_FALSE(j["passed"].get<bool>());
    EXPECT_EQ(j["counts"]["fail"], 1);
    EXPECT_EQ(j["probes"][1]["verdict"], "FAIL");
    EXPECT_EQ(j["probes"][1]["evidence"]["sent"][0], "");
    EXPECT_EQ(j["probes"][1]["evidence"]["expected_moves"][0], "a5-a6");
    EXPECT_TRUE(j["probes"][2]["advisory"].get<bool>());
}

TEST(Report, WarningsAndSkipsDoNotFailTheRun) {
    auto r = sample();
    r.probes.erase(r.probes.begin() + 1);
    EXPECT_TRUE(r.passed());
    EXPECT_NE(format_summary(r).find("conforms"), std::string::npos);
}

}  // namespace
}  // namespace referee::validate
