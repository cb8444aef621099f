// The journal writes each game's line directly instead of through a JSON document (that was
// half the referee's CPU per ply); the line must stay byte for byte what nlohmann writes, for
// every kind of text an engine can put in a record.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "referee/tournament/journal.hpp"
#include "report_fixture.hpp"

namespace referee::tournament {
namespace {

std::string by_nlohmann(int slot, const match::GameRecord& g) {
    return nlohmann::json{{"type", "game"}, {"slot", slot}, {"game", match::to_json(g)}}.dump();
}

TEST(JournalLine, SameBytesAsTheJsonLibrary) {
    auto in = report::fixture::sample_tournament();
    for (std::size_t i = 0; i < in.games.size(); ++i)
        EXPECT_EQ(journal_game_line(static_cast<int>(i) * 7 - 3, in.games[i]),
                  by_nlohmann(static_cast<int>(i) * 7 - 3, in.games[i]));

    auto g = in.games[0];
    g.reason = std::string("quotes \" backslash \\ / tab\t nl\n cr\r bs\b ff\f nul") +
               std::string(1, '\0') + "\x01\x1f\x7f end";
    g.white_stderr_tail = "UTF-8: é ü € 𝄞 \xEF\xBF\xBD";
    g.black = "";
    g.at_fault.reset();
    g.standard_start = false;
    g.moves[1].book = true;
    g.moves[1].clock_after_ms = -1;
    g.moves[2].elapsed_ms = 9223372036854775807LL;
    g.round = -2147483647 - 1;
    EXPECT_EQ(journal_game_line(0, g), by_nlohmann(0, g));
    g.at_fault = rules::White;
    EXPECT_EQ(journal_game_line(2147483647, g), by_nlohmann(2147483647, g));
}

// Text that is not UTF-8 goes the library's way, whatever that is (an error, or a
// replacement), and never a different way.
TEST(JournalLine, TextThatIsNotUtf8GoesTheLibrarysWay) {
    auto g = report::fixture::sample_tournament().games[0];
    for (const std::string bad :
         {"\xff", "\xc0\x80", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe2\x82", "ok \xe2"}) {
        g.reason = bad;
        std::string expected, got;
        bool library_threw = false, we_threw = false;
        try {
            expected = by_nlohmann(1, g);
        } catch (const nlohmann::json::exception&) {
            library_threw = true;
        }
        try {
            got = journal_game_line(1, g);
        } catch (const nlohmann::json::exception&) {
            we_threw = true;
        }
        EXPECT_EQ(library_threw, we_threw);
        EXPECT_EQ(got, expected);
    }
}

}  // namespace
}  // namespace referee::tournament
