// The HTML report: one self-contained file, untrusted text escaped everywhere, and the games
// embedded as data the page can replay without knowing chess.
#include <cctype>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "report_fixture.hpp"
#include "tests/support/text.hpp"

namespace referee::report {
namespace {

using referee::test::count_of;

using fixture::kScriptName;
using fixture::sample_tournament;

// The first src= or href= attribute whose value leaves the page (http:, https:, //), or "".
std::string remote_reference(const std::string& html) {
    std::string lower = html;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const std::string attr : {"src", "href"}) {
        for (auto at = lower.find(attr); at != std::string::npos; at = lower.find(attr, at + 1)) {
            auto k = at + attr.size();
            while (k < lower.size() && std::isspace(static_cast<unsigned char>(lower[k]))) ++k;
            if (k >= lower.size() || lower[k] != '=') continue;
            ++k;
            while (k < lower.size() && (std::isspace(static_cast<unsigned char>(lower[k])) ||
                                        lower[k] == '"' || lower[k] == '\''))
                ++k;
            const std::string value = lower.substr(k, 8);
            if (value.rfind("http:", 0) == 0 || value.rfind("https:", 0) == 0 ||
                value.rfind("//", 0) == 0)
                return html.substr(at, 60);
        }
    }
    return "";
}

nlohmann::json embedded_games(const std::string& html) {
    const std::string open = "<script type=\"application/json\" id=\"games-data\">";
    const auto start = html.find(open);
    if (start == std::string::npos) throw std::runtime_error("the page has no games-data script");
    const auto end = html.find("</script>", start);
    return nlohmann::json::parse(html.substr(start + open.size(), end - start - open.size()));
}

TEST(ReportHtml, NeedsNothingFromTheNetwork) {
    const std::string html = html_report(sample_tournament());
    EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(html.find("<link"), std::string::npos);
    EXPECT_EQ(html.find("<script src"), std::string::npos);
    EXPECT_EQ(html.find("@import"), std::string::npos);
    EXPECT_EQ(html.find("url("), std::string::npos);
    // No attribute may point anywhere but inside the page.
    EXPECT_EQ(remote_reference(html), "");
    EXPECT_EQ(count_of(html, "<script"), 2u);  // the data and the viewer, both inline
}

TEST(ReportHtml, UntrustedNamesAndReasonsAreEscaped) {
    const std::string html = html_report(sample_tournament());
    // Only the page's own two scripts open or close: the engine's name never does.
    EXPECT_EQ(count_of(html, "<script"), 2u);
    EXPECT_EQ(count_of(html, "</script"), 2u);
    EXPECT_EQ(html.find("<b>boom"), std::string::npos);
    EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(html.find("<title>Spring &lt;class&gt; &amp; co — report</title>"),
              std::string::npos);
    EXPECT_NE(html.find("&#39;a6-a1&#39; &lt;is&gt; not legal &amp; never was"), std::string::npos);
    // Inside the data, < > & are \u escapes that read back as the same text.
    const auto data = embedded_games(html);
    EXPECT_EQ(data["games"][0]["black"], kScriptName);
    EXPECT_EQ(data["games"][0]["black_stderr"], "thinking...\n</script><b>boom</b>");
}

TEST(ReportHtml, GamesCarryThePlacementAfterEveryPly) {
    const auto data = embedded_games(html_report(sample_tournament()));
    EXPECT_EQ(data["files"], 5);
    EXPECT_EQ(data["ranks"], 6);
    ASSERT_EQ(data["games"].size(), 3u);
    const auto& g1 = data["games"][0];
    EXPECT_EQ(g1["n"], 1);
    EXPECT_EQ(g1["white"], "alpha");
    EXPECT_EQ(g1["result"], "1-0");
    EXPECT_EQ(g1["start"], "kqbnr/ppppp/5/5/PPPPP/RNBQK");
    ASSERT_EQ(g1["plies"].size(), 3u);
    EXPECT_EQ(g1["plies"][0]["fen"], "kqbnr/ppppp/5/1P3/P1PPP/RNBQK");  // b2-b3
    EXPECT_EQ(g1["plies"][2]["fen"], fixture::kGame1AfterThreePlies);
    EXPECT_EQ(g1["plies"][2]["san"], "bxc4");
    // Squares are indexed rank * 5 + file from a1 = 0: b3 is 11, c4 is 17.
    EXPECT_EQ(g1["plies"][2]["from"], 11);
    EXPECT_EQ(g1["plies"][2]["to"], 17);
    EXPECT_EQ(g1["plies"][2]["ms"], 300);
}

TEST(ReportHtml, AMoveTheRulesRefuseEndsTheReplayWithANote) {
    ReportInput in = sample_tournament();
    in.games[2].moves.push_back({"a1-a6", "a1a6", "", 0, -1, false});
    in.games[2].moves.push_back({"e3-e4", "e3e4", "", 0, -1, false});
    const auto data = embedded_games(html_report(in));
    const auto& g3 = data["games"][2];
    EXPECT_EQ(g3["plies"].size(), 2u);
    EXPECT_NE(g3["error"].get<std::string>().find("The replay stops at ply 3"), std::string::npos)
        << g3["error"];
}

TEST(ReportHtml, BadBytesFromEnginesDoNotBreakThePage) {
    ReportInput in = sample_tournament();
    in.games[1].reason = std::string("bad \xff\xfe bytes and a \x01 control");
    const std::string html = html_report(in);
    EXPECT_NO_THROW(embedded_games(html));  // nlohmann rejects invalid UTF-8
    EXPECT_NE(html.find("bad \xEF\xBF\xBD\xEF\xBF\xBD bytes and a   control"), std::string::npos);
}

TEST(ReportHtml, SameInputSamePage) {
    EXPECT_EQ(html_report(sample_tournament()), html_report(sample_tournament()));
}

TEST(ReportHtml, HasTheTablesThePlotAndTheViewer) {
    const std::string html = html_report(sample_tournament());
    for (const char* id :
         {"id=\"standings\"", "id=\"crosstable-table\"", "id=\"los-table\"", "id=\"rule-breakers\"",
          "id=\"terminations\"", "id=\"game-list\"", "id=\"board\"", "id=\"forward\"",
          "id=\"back\"", "id=\"to-start\"", "id=\"to-end\"", "<svg class=\"elo-plot\""})
        EXPECT_NE(html.find(id), std::string::npos) << id;
    // The plot has one point and one whisker row per engine.
    EXPECT_EQ(count_of(html, "<circle class=\"point\""), 3u);
    // Rule breakers link to their games.
    EXPECT_NE(html.find("<a href=\"#game=1&amp;ply=0\">1</a>"), std::string::npos);
    EXPECT_NE(html.find("<a href=\"#game=2&amp;ply=0\">2</a>"), std::string::npos);
    EXPECT_EQ(html.find("<a href=\"#game=3&amp;ply=0\">"), std::string::npos);
}

}  // namespace
}  // namespace referee::report
