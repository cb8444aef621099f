// The MinitChess course's legal-move cases (tests/data/imcs-genmoves): each board
// dump must yield exactly the course's sorted move list. The expected lists come from the
// course, not from this engine.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "tests/support/files.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::test::cached_rules;
using referee::test::read_text;
namespace fs = std::filesystem;
using referee::rules::Rules;

const fs::path kCaseDir = fs::path(REFEREE_TEST_DATA_DIR) / "imcs-genmoves";

std::vector<std::string> read_lines(const fs::path& path) {
    std::vector<std::string> lines;
    std::ifstream in(path);
    for (std::string line; std::getline(in, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
        if (!line.empty()) lines.push_back(line);
    }
    return lines;
}

std::vector<std::string> case_names() {
    std::vector<std::string> names;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(kCaseDir, ec))
        if (entry.path().extension() == ".in") names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

class ImcsGenmoves : public ::testing::TestWithParam<std::string> {};

TEST_P(ImcsGenmoves, LegalMovesMatchTheCourse) {
    const std::string name = GetParam();
    const auto pos =
        cached_rules("minitchess").from_board_dump(read_text(kCaseDir / (name + ".in")));
    std::vector<std::string> ours;
    for (const auto& m : pos.legal_moves()) ours.push_back(pos.move_name(m));
    std::sort(ours.begin(), ours.end());
    auto expected = read_lines(kCaseDir / (name + ".out"));
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(ours, expected) << "case " << name << "\n" << pos.board_dump();
}

// The course's dumps are what IMCS prints; writing the parsed position back gives them again.
TEST_P(ImcsGenmoves, BoardDumpRoundTrips) {
    const std::string text = read_text(kCaseDir / (GetParam() + ".in"));
    EXPECT_EQ(cached_rules("minitchess").from_board_dump(text).board_dump(), text);
}

INSTANTIATE_TEST_SUITE_P(Course, ImcsGenmoves, ::testing::ValuesIn(case_names()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                             std::string id = info.param;
                             std::replace(id.begin(), id.end(), '-', '_');
                             return id;
                         });

// Guards against the directory going missing, which would silently run no case above.
TEST(ImcsGenmovesSet, AllHundredAndThreeCasesArePresent) {
    EXPECT_EQ(case_names().size(), 103u);
}

// The README singles these out: move 41, the 40-move draw has happened, yet the course
// lists the moves. legal_moves() must still list them while outcome() reports the draw.
TEST(ImcsGenmovesSet, CasesAtMoveFortyOneAreDrawnButStillListMoves) {
    for (const char* name : {"random-34", "random-35"}) {
        const auto pos = cached_rules("minitchess")
                             .from_board_dump(read_text(kCaseDir / (std::string(name) + ".in")));
        EXPECT_EQ(pos.fullmove_number(), 41) << name;
        const auto end = pos.outcome();
        ASSERT_TRUE(end.has_value()) << name;
        EXPECT_EQ(end->reason, referee::rules::EndReason::MoveLimit) << name;
        EXPECT_FALSE(pos.legal_moves().empty()) << name;
    }
}

}  // namespace
