// The Markdown report: the tables and the rule breakers as a reader sees them, with the
// untrusted names escaped. Expected figures are those of the fixture, worked out by hand.
#include <sstream>

#include <gtest/gtest.h>

#include "report_fixture.hpp"

namespace referee::report {
namespace {

using fixture::sample_tournament;

// The cells of every table row (lines starting with '|'), trimmed; separator rows dropped.
std::vector<std::vector<std::string>> table_rows(const std::string& md,
                                                 const std::string& section) {
    const auto start = md.find("## " + section);
    EXPECT_NE(start, std::string::npos) << section;
    const auto end = md.find("\n## ", start + 3);
    std::istringstream in(
        md.substr(start, end == std::string::npos ? std::string::npos : end - start));
    std::vector<std::vector<std::string>> rows;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] != '|' || line.find("---") != std::string::npos) continue;
        std::vector<std::string> cells;
        std::size_t pos = 1;
        // Split on '|' that is not backslash-escaped.
        std::string cell;
        for (; pos < line.size(); ++pos) {
            if (line[pos] == '\\' && pos + 1 < line.size()) {
                cell += line.substr(pos, 2);
                ++pos;
            } else if (line[pos] == '|') {
                const auto a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
                cells.push_back(a == std::string::npos ? "" : cell.substr(a, b - a + 1));
                cell.clear();
            } else {
                cell += line[pos];
            }
        }
        rows.push_back(cells);
    }
    return rows;
}

const std::string kEscapedScript = "\\<script\\>alert(1)\\</script\\>";

TEST(ReportMarkdown, HeaderSaysWhatWasPlayed) {
    const std::string md = markdown_report(sample_tournament());
    EXPECT_EQ(md.rfind("# Spring \\<class\\> \\& co\n", 0), 0u) << md.substr(0, 80);
    EXPECT_NE(md.find("- **Variant:** minitchess\n"), std::string::npos);
    EXPECT_NE(md.find("- **Format:** round-robin\n"), std::string::npos);
    EXPECT_NE(md.find("- **Time control:** 10+0.1\n"), std::string::npos);
    EXPECT_NE(md.find("- **Games played:** 3 of 4\n"), std::string::npos);
}

TEST(ReportMarkdown, StandingsRowsHaveScoresAndFaults) {
    const auto rows = table_rows(markdown_report(sample_tournament()), "Standings");
    ASSERT_EQ(rows.size(), 4u);  // header and three engines
    EXPECT_EQ(rows[0], (std::vector<std::string>{"Rank", "Engine", "Games", "Points", "Score",
                                                 "Elo", "W", "D", "L", "Time", "Illegal", "Crash",
                                                 "Protocol", "Start"}));
    // alpha won both its games; <script> beat beta and lost to alpha by an illegal move;
    // beta lost both, one on time. A dot stands for no faults of that kind.
    auto without_elo = [](std::vector<std::string> r) {
        r.erase(r.begin() + 5);
        return r;
    };
    EXPECT_EQ(without_elo(rows[1]), (std::vector<std::string>{"1", "alpha", "2", "2", "100.0%", "2",
                                                              "0", "0", "·", "·", "·", "·", "·"}));
    EXPECT_EQ(without_elo(rows[2]),
              (std::vector<std::string>{"2", kEscapedScript, "2", "1", "50.0%", "1", "0", "1", "·",
                                        "1", "·", "·", "·"}));
    EXPECT_EQ(without_elo(rows[3]), (std::vector<std::string>{"3", "beta", "2", "0", "0.0%", "0",
                                                              "0", "2", "1", "·", "·", "·", "·"}));
    // Elo as "+N +U/-D" (how far its interval reaches up and down; two games say far less
    // about how strong alpha is than about how weak it is not): alpha above the average,
    // beta below.
    EXPECT_EQ(rows[1][5].rfind("+", 0), 0u) << rows[1][5];
    EXPECT_NE(rows[1][5].find(" +"), std::string::npos) << rows[1][5];
    EXPECT_NE(rows[1][5].find("/-"), std::string::npos) << rows[1][5];
    EXPECT_EQ(rows[3][5].rfind("-", 0), 0u) << rows[3][5];
}

TEST(ReportMarkdown, CrosstableAndLosAreInRankOrder) {
    const std::string md = markdown_report(sample_tournament());
    const auto cross = table_rows(md, "Crosstable");
    ASSERT_EQ(cross.size(), 4u);
    EXPECT_EQ(cross[0], (std::vector<std::string>{"Rank", "Engine", "1", "2", "3"}));
    EXPECT_EQ(cross[1], (std::vector<std::string>{"1", "alpha", "—", "1/1", "1/1"}));
    EXPECT_EQ(cross[2], (std::vector<std::string>{"2", kEscapedScript, "0/1", "—", "1/1"}));
    EXPECT_EQ(cross[3], (std::vector<std::string>{"3", "beta", "0/1", "0/1", "—"}));
    // One win, no loss: 0.5 * (1 + erf(1 / sqrt 2)) = 0.8413, the normal CDF at 1.
    const auto los = table_rows(md, "Likelihood of superiority");
    ASSERT_EQ(los.size(), 4u);
    EXPECT_EQ(los[1], (std::vector<std::string>{"1", "alpha", "—", "84%", "84%"}));
    EXPECT_EQ(los[3], (std::vector<std::string>{"3", "beta", "16%", "16%", "—"}));
}

TEST(ReportMarkdown, RuleBreakersListEachGameLostByAFault) {
    const std::string md = markdown_report(sample_tournament());
    EXPECT_NE(
        md.find("- Game 1, round 1: alpha – " + kEscapedScript + ", 1-0 (" + kEscapedScript +
                " at fault): " + kEscapedScript +
                " (Black) played an illegal move: 'a6-a1' \\<is\\> not legal \\& never was\n"),
        std::string::npos)
        << md;
    EXPECT_NE(md.find("- Game 2, round 2: beta – alpha, 0-1 (beta at fault): beta (White) took "
                      "12.500 s for a move it had "
                      "10.000 s for (margin 0.050 s)\n"),
              std::string::npos);
    // A resignation breaks no rule.
    EXPECT_EQ(md.find("- Game 3"), std::string::npos);
}

TEST(ReportMarkdown, EndingsAreCounted) {
    const auto rows = table_rows(markdown_report(sample_tournament()), "How the games ended");
    ASSERT_EQ(rows.size(), 4u);
    EXPECT_EQ(rows[1], (std::vector<std::string>{"illegal-move", "illegal-move", "1"}));
    EXPECT_EQ(rows[2], (std::vector<std::string>{"resignation", "resignation", "1"}));
    EXPECT_EQ(rows[3], (std::vector<std::string>{"time-forfeit", "time-forfeit", "1"}));
}

TEST(ReportMarkdown, UntrustedTextCannotBecomeMarkup) {
    ReportInput in = sample_tournament();
    in.games[1].reason = "line one\nline two | a [link](http://x) *bold* `code`";
    const std::string md = markdown_report(in);
    EXPECT_EQ(md.find("<script>"), std::string::npos);
    EXPECT_NE(md.find("line one line two \\| a \\[link\\](http://x) \\*bold\\* \\`code\\`"),
              std::string::npos)
        << md;
}

TEST(ReportMarkdown, NoGamesYetStillReads) {
    ReportInput in = sample_tournament();
    in.games.clear();
    in.standings = tournament::compute_standings(in.engines, {});
    const std::string md = markdown_report(in);
    EXPECT_NE(md.find("- **Games played:** 0 of 4\n"), std::string::npos);
    EXPECT_NE(md.find("No game was lost by breaking the rules."), std::string::npos);
    EXPECT_NE(md.find("| alpha "), std::string::npos);
}

}  // namespace
}  // namespace referee::report
