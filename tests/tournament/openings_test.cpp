// Opening books: each format read, checked against the rules, cut to N plies, and ordered
// the same way on every run; bad openings named with file and line.
#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

#include "referee/rules/text/words.hpp"
#include "referee/tournament/openings.hpp"

namespace referee::tournament {
namespace {

namespace fs = std::filesystem;

struct TempFile {
    fs::path path;
    explicit TempFile(const std::string& name, const std::string& text)
        : path(fs::temp_directory_path() /
               ("referee-openings-" + std::to_string(::getpid()) + "-" + name)) {
        std::ofstream(path) << text;
    }
    ~TempFile() { fs::remove(path); }
};

Openings load(const TempFile& f, Openings::Format format, int plies = 0,
              Openings::Order order = Openings::Order::Sequential, std::uint64_t seed = 1) {
    Openings o;
    o.source = f.path.string();
    o.format = format;
    o.plies = plies;
    o.order = order;
    o.seed = seed;
    load_openings(o, rules::Rules::load("minichess"));
    return o;
}

TEST(Openings, EpdRecordsKeepTheirBoardAndDropTheirOperations) {
    TempFile f("book.epd",
               "# a comment\n"
               "kqbnr/ppppp/5/1P3/P1PPP/RNBQK b - - bm e5-e4; id \"one\";\n"
               "\n"
               "kqbnr/p1ppp/5/1p3/PPPPP/RNBQK w - - 0 2\n");
    const auto o = load(f, Openings::Format::Epd);
    ASSERT_EQ(o.list.size(), 2u);
    EXPECT_EQ(o.list[0].fen, "kqbnr/ppppp/5/1P3/P1PPP/RNBQK b - -");
    EXPECT_EQ(o.list[0].line, 2);
    EXPECT_TRUE(o.list[0].moves.empty());
    EXPECT_EQ(o.list[1].fen, "kqbnr/p1ppp/5/1p3/PPPPP/RNBQK w - - 0 2");
    const auto rules = rules::Rules::load("minichess");
    EXPECT_EQ(opening_start(o.list[0], rules).side_to_move(), rules::Black);
}

TEST(Openings, PgnGamesGiveTheirStartAndFirstPlies) {
    TempFile f("book.pgn",
               "[Event \"one\"]\n[Result \"*\"]\n\n1. b3 {a comment} d4 2. c3 (2. a3 a4) dxc3 *\n\n"
               "[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"kqbnr/ppppp/5/1P3/P1PPP/RNBQK b - - 0 "
               "1\"]\n\n1... d4 2. a3 *\n");
    const auto o = load(f, Openings::Format::Pgn, 3);
    ASSERT_EQ(o.list.size(), 2u);
    EXPECT_EQ(o.list[0].fen, "");
    EXPECT_EQ(o.list[0].moves, (std::vector<std::string>{"b2-b3", "d5-d4", "c2-c3"}));
    EXPECT_EQ(o.list[0].line, 1);
    EXPECT_EQ(o.list[1].moves, (std::vector<std::string>{"d5-d4", "a2-a3"}));
    const auto rules = rules::Rules::load("minichess");
    EXPECT_EQ(opening_start(o.list[1], rules).side_to_move(), rules::Black);
    TempFile bad("bad.pgn", "[Event \"x\"]\n\n1. b3 d4 2. Qxe8 *\n");
    try {
        load(bad, Openings::Format::Pgn);
        FAIL() << "an illegal PGN move was accepted";
    } catch (const OpeningsError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.pgn:1:"), std::string::npos) << e.what();
    }
}

TEST(Openings, MoveListsAreCutToThePlies) {
    TempFile f("book.txt", "1. b2-b3 d5-d4 2. c2-c3 b5-b4\na2-a3 *\n");
    const auto o = load(f, Openings::Format::Moves, 3);
    ASSERT_EQ(o.list.size(), 2u);
    EXPECT_EQ(o.list[0].moves, (std::vector<std::string>{"b2-b3", "d5-d4", "c2-c3"}));
    EXPECT_EQ(o.list[1].moves, (std::vector<std::string>{"a2-a3"}));
}

TEST(Openings, RandomOrderIsASeededShuffle) {
    std::string text;
    for (const char* m :
         {"a2-a3", "b2-b3", "c2-c3", "d2-d3", "e2-e3", "a2-a3 a5-a4", "b2-b3 b5-b4", "c2-c3 c5-c4"})
        text += std::string(m) + "\n";
    TempFile f("many.txt", text);
    const auto in_order = load(f, Openings::Format::Moves);
    const auto a = load(f, Openings::Format::Moves, 0, Openings::Order::Random, 7);
    const auto b = load(f, Openings::Format::Moves, 0, Openings::Order::Random, 7);
    const auto c = load(f, Openings::Format::Moves, 0, Openings::Order::Random, 8);
    std::vector<std::string> ta, tb, tc, t0;
    for (std::size_t i = 0; i < a.list.size(); ++i) {
        ta.push_back(a.list[i].text()), tb.push_back(b.list[i].text()),
            tc.push_back(c.list[i].text());
        t0.push_back(in_order.list[i].text());
    }
    EXPECT_EQ(ta, tb);  // the same seed, the same order
    EXPECT_NE(ta, t0);
    EXPECT_NE(ta, tc);
    auto sorted_a = ta, sorted_0 = t0;
    std::sort(sorted_a.begin(), sorted_a.end());
    std::sort(sorted_0.begin(), sorted_0.end());
    EXPECT_EQ(sorted_a, sorted_0);  // every opening still there, once
}

TEST(Openings, BadOpeningsNameFileAndLine) {
    TempFile illegal("bad.txt", "a2-a3\n\nb2-b5\n");
    try {
        load(illegal, Openings::Format::Moves);
        FAIL() << "an illegal move was accepted";
    } catch (const OpeningsError& e) {
        EXPECT_NE(std::string(e.what()).find("bad.txt:3:"), std::string::npos) << e.what();
    }
    TempFile short_epd("short.epd", "kqbnr/ppppp/5/5/PPPPP/RNBQK w\n");
    EXPECT_THROW(load(short_epd, Openings::Format::Epd), OpeningsError);
    TempFile empty("empty.epd", "# nothing\n");
    EXPECT_THROW(load(empty, Openings::Format::Epd), OpeningsError);
}

TEST(Openings, WordsAndMoves) {
    EXPECT_EQ(rules::split_words("  a\tb  c\n"), (std::vector<std::string>{"a", "b", "c"}));
    EXPECT_TRUE(rules::split_words("   ").empty());
    EXPECT_EQ(opening_moves("1. e2e4 e7e5 2... g1f3 1/2-1/2"),
              (std::vector<std::string>{"e2e4", "e7e5", "g1f3"}));
}

}  // namespace
}  // namespace referee::tournament
