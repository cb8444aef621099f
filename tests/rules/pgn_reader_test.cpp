// The PGN reader: tags, movetext with everything PGN allows around the moves, game after
// game from one stream, truncated files; and a PGN written from random games reads back as
// the same moves.
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "referee/rules/notation/pgn.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::rules::list_variants;
using referee::rules::Move;
using referee::rules::MoveError;
using referee::rules::pgn_moves;
using referee::rules::pgn_start;
using referee::rules::PgnGame;
using referee::rules::PgnReader;
using referee::rules::Position;
using referee::rules::Rules;

std::vector<PgnGame> read_all(const std::string& text) {
    std::istringstream in(text);
    PgnReader reader(in, "test.pgn");
    std::vector<PgnGame> games;
    PgnGame g;
    while (reader.next(g)) games.push_back(g);
    return games;
}

std::vector<std::string> texts(const PgnGame& g) {
    std::vector<std::string> out;
    for (const auto& m : g.moves) out.push_back(m.text);
    return out;
}

TEST(PgnReader, TagsMovesCommentsVariationsNagsAndResult) {
    const auto games = read_all(
        "[Event \"a \\\"quoted\\\" name\"]\n"
        "[Variant \"chess\"]\n"
        "[Result \"1-0\"]\n"
        "\n"
        "1. e4 {a comment\n"
        "over two lines} e5 2.Nf3 $1 Nc6!? (2... d6 3. d4 (3. Bc4) exd4) 3. Bb5 ; to the end of "
        "the line\n"
        "3... a6 4. Ba4 ?! {the reason} 1-0\n");
    ASSERT_EQ(games.size(), 1u);
    const PgnGame& g = games[0];
    EXPECT_EQ(g.problem, "");
    EXPECT_EQ(g.first_line, 1);
    ASSERT_NE(g.tag("Event"), nullptr);
    EXPECT_EQ(*g.tag("Event"), "a \"quoted\" name");
    EXPECT_EQ(*g.tag("Variant"), "chess");
    EXPECT_EQ(g.tag("FEN"), nullptr);
    EXPECT_EQ(texts(g), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6!?", "Bb5", "a6", "Ba4"}));
    EXPECT_EQ(g.moves[1].line, 6);
    EXPECT_EQ(g.result, "1-0");
    EXPECT_EQ(g.result_line, 7);
    EXPECT_EQ(g.final_comment, "the reason");
    EXPECT_TRUE(g.ended());
    const auto moves = pgn_moves(Rules::load("chess"), g);
    ASSERT_EQ(moves.size(), 7u);
}

TEST(PgnReader, GameAfterGameWithoutTagsAndWithFen) {
    const auto games = read_all(
        "1. a3 b4 *\n"
        "\n"
        "[SetUp \"1\"]\r\n"
        "[FEN \"k4/P4/5/5/5/4K w - - 0 1\"]\r\n"
        "\r\n"
        "1. a6 1/2-1/2\r\n"
        "[Result \"0-1\"]\n1... Kb4 0-1\n");
    ASSERT_EQ(games.size(), 3u);
    EXPECT_EQ(texts(games[0]), (std::vector<std::string>{"a3", "b4"}));
    EXPECT_EQ(games[0].result, "*");
    EXPECT_EQ(games[1].first_line, 3);
    EXPECT_EQ(*games[1].tag("FEN"), "k4/P4/5/5/5/4K w - - 0 1");
    EXPECT_EQ(games[1].result, "1/2-1/2");
    const Rules minichess = Rules::load("minichess");
    EXPECT_EQ(pgn_start(minichess, games[1]).fen(), "k4/P4/5/5/5/4K w - - 0 1");
    EXPECT_EQ(games[2].result, "0-1");
    // Text after a result on the same line starts the next game.
    const auto more = read_all("1. a3 *  1. b3 *\n");
    ASSERT_EQ(more.size(), 2u);
    EXPECT_EQ(texts(more[1]), (std::vector<std::string>{"b3"}));
}

TEST(PgnReader, TruncatedGamesEndWithoutAResult) {
    const auto cut = read_all("[Variant \"minichess\"]\n\n1. a3 b4 2. b3");
    ASSERT_EQ(cut.size(), 1u);
    EXPECT_FALSE(cut[0].ended());
    EXPECT_EQ(texts(cut[0]), (std::vector<std::string>{"a3", "b4", "b3"}));

    // The next game's tags before the result: the first game was cut short, the second is whole.
    const auto two = read_all("[Round \"1\"]\n\n1. a3 b4\n[Round \"2\"]\n\n1. b3 0-1\n");
    ASSERT_EQ(two.size(), 2u);
    EXPECT_FALSE(two[0].ended());
    EXPECT_EQ(*two[1].tag("Round"), "2");
    EXPECT_EQ(two[1].result, "0-1");
    EXPECT_EQ(two[1].first_line, 4);

    const auto in_comment = read_all("1. a3 {never closed\n b4 *\n");
    ASSERT_EQ(in_comment.size(), 1u);
    EXPECT_FALSE(in_comment[0].ended());
    EXPECT_NE(in_comment[0].problem.find("ends inside a comment"), std::string::npos)
        << in_comment[0].problem;
}

TEST(PgnReader, MalformedTagsAreNamedWithTheirLineAndReadingGoesOn) {
    const auto games =
        read_all("[Event \"x\"]\n[White \"no end]\n\n1. a3 *\n\n[Event \"y\"]\n\n1. b3 *\n");
    ASSERT_EQ(games.size(), 2u);
    EXPECT_EQ(games[0].problem, "line 2: tag White has no closing '\"'");
    EXPECT_EQ(texts(games[0]), (std::vector<std::string>{"a3"}));
    EXPECT_EQ(games[1].problem, "");
}

TEST(PgnReader, IllegalMovesAreNamedWithPlyAndLine) {
    const auto games = read_all("1. a3 b4\n2. a5 *\n");
    ASSERT_EQ(games.size(), 1u);
    try {
        pgn_moves(Rules::load("minichess"), games[0]);
        FAIL() << "accepted a5";
    } catch (const MoveError& e) {
        EXPECT_EQ(
            std::string(e.what()).rfind("ply 3 (line 2): a5 is not a legal move for White", 0), 0u)
            << e.what();
    }
}

// A PGN text written from random games of every shipped variant, with move numbers,
// comments and NAGs between the moves as other tools write them, reads back as the moves played.
TEST(PgnReader, RandomGamesInEveryVariantReadBack) {
    std::mt19937 rng(7);
    std::string text;
    std::vector<std::pair<std::string, std::vector<Move>>> played;
    for (const auto& name : list_variants()) {
        const Rules& rules = referee::test::cached_rules(name);
        for (int game = 0; game < 1; ++game) {  // one a variant: 54 variants
            Position pos = rules.start();
            std::vector<Move> moves;
            text += fmt::format("[Variant \"{}\"]\n[Result \"*\"]\n\n", name);
            for (int ply = 0; ply < 120 && !pos.outcome(); ++ply) {
                const auto legal = pos.legal_moves();
                const Move m =
                    legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
                if (ply % 2 == 0) text += fmt::format("{}.", ply / 2 + 1);
                text += pos.san(m);
                text += ply % 7 == 3 ? " {a note} " : ply % 11 == 5 ? " $2\n" : " ";
                moves.push_back(m);
                pos.play(m);
            }
            text += "*\n\n";
            played.emplace_back(name, moves);
        }
    }
    const auto games = read_all(text);
    ASSERT_EQ(games.size(), played.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        ASSERT_EQ(*games[i].tag("Variant"), played[i].first);
        EXPECT_EQ(pgn_moves(referee::test::cached_rules(played[i].first), games[i]),
                  played[i].second)
            << played[i].first << " game " << i;
    }
}

}  // namespace
