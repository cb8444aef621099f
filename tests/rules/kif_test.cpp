// The KIF record, checked line by line against what a shogi player writes by hand: files
// counted from the first player's right in full-width digits, ranks from the far side in
// kanji, 同 for a move to the last move's square, 成/不成/打, the source in parentheses.
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/rules/notation/kif.hpp"
#include "tests/support/rules.hpp"

namespace {

using namespace referee::rules;
using referee::test::cached_rules;

std::vector<std::string> record_lines(const std::string& text) {
    std::vector<std::string> out;
    std::size_t at = 0;
    for (std::size_t nl; (nl = text.find('\n', at)) != std::string::npos; at = nl + 1)
        out.push_back(text.substr(at, nl - at));
    EXPECT_EQ(at, text.size()) << "the record ends with a newline";
    return out;
}

TEST(Kif, AShortShogiGameAsAShogiPlayerWritesIt) {
    KifGame game;
    game.sente = "alice";
    game.gote = "bob";
    game.date = "2026.11.27";
    game.event = "club night";
    // 7六歩, 3四歩, 2二角成 (taking the bishop), 同銀, 5五角打; Black resigns.
    game.moves = {"c3c4", "g7g6", "b2h8+", "g9h8", "B@e5"};
    game.move_ms = {1500, 2000, 61'000, 400, 3'999};
    game.ending = KifEnding::Resignation;
    game.winner = White;
    const std::vector<std::string> expected = {
        "# ---- minichess-referee KIF (UTF-8), variant shogi ----",
        "開始日時：2026/11/27",
        "棋戦：club night",
        "先手：alice",
        "後手：bob",
        "後手の持駒：なし",
        "  ９ ８ ７ ６ ５ ４ ３ ２ １",
        "+---------------------------+",
        "|v香v桂v銀v金v玉v金v銀v桂v香|一",
        "| ・v飛 ・ ・ ・ ・ ・v角 ・|二",
        "|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|四",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|五",
        "| ・ ・ ・ ・ ・ ・ ・ ・ ・|六",
        "| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七",
        "| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八",
        "| 香 桂 銀 金 玉 金 銀 桂 香|九",
        "+---------------------------+",
        "先手の持駒：なし",
        "手数----指手---------消費時間--",
        "   1 ７六歩(77)   ( 0:01/00:00:01)",
        "   2 ３四歩(33)   ( 0:02/00:00:02)",
        "   3 ２二角成(88) ( 1:01/00:01:02)",
        "   4 同　銀(31)   ( 0:00/00:00:02)",
        "   5 ５五角打     ( 0:03/00:01:06)",
        "   6 投了",
        "まで5手で先手の勝ち",
    };
    EXPECT_EQ(record_lines(write_kif(cached_rules("shogi"), game)), expected);
}

TEST(Kif, ADeclinedPromotionSaysSoAndHandsAreCounted) {
    KifGame game;
    game.sente = "a";
    game.gote = "b";
    // A silver steps into the zone without promoting, then one that does; Black to move
    // first from this position. Hands: Black two pawns, White a rook and a bishop.
    game.start_fen = "4k4/9/9/4S4/9/9/9/9/4K4[RBpp] b - - 0 1";
    game.moves = {"e9d9", "e6e7", "d9e9", "e7e8+"};
    game.ending = KifEnding::None;
    game.finished = false;
    const std::vector<std::string> lines = record_lines(write_kif(cached_rules("shogi"), game));
    ASSERT_GE(lines.size(), 20u);
    EXPECT_EQ(lines[3], "後手の持駒：歩二");
    EXPECT_EQ(lines[9], "| ・ ・ ・ ・ 銀 ・ ・ ・ ・|四");
    EXPECT_EQ(lines[16], "先手の持駒：角　飛");
    EXPECT_EQ(lines[17], "後手番");
    EXPECT_EQ(lines[18], "手数----指手---------消費時間--");
    EXPECT_EQ(lines[19], "   1 ６一玉(51)");
    EXPECT_EQ(lines[20], "   2 ５三銀不成(54)");
    EXPECT_EQ(lines[21], "   3 ５一玉(61)");
    EXPECT_EQ(lines[22], "   4 ５二銀成(53)");
    EXPECT_EQ(lines[23], "   5 中断");
    EXPECT_EQ(lines[24], "まで4手で中断");
    EXPECT_EQ(lines.size(), 25u);
}

TEST(Kif, MinishogiDrawsItsFiveByFiveBoard) {
    KifGame game;
    game.sente = "a";
    game.gote = "b";
    game.moves = {"a2a3", "e4e3", "a3a4", "e3e2", "a4a5+"};
    game.ending = KifEnding::Checkmate;
    game.winner = White;
    game.comment = "White mates";
    const std::vector<std::string> lines = record_lines(write_kif(cached_rules("minishogi"), game));
    const std::vector<std::string> expected = {
        "後手の持駒：なし",    "  ５ ４ ３ ２ １",    "+---------------+",   "|v飛v角v銀v金v玉|一",
        "| ・ ・ ・ ・v歩|二", "| ・ ・ ・ ・ ・|三", "| 歩 ・ ・ ・ ・|四", "| 玉 金 銀 角 飛|五",
        "+---------------+",   "先手の持駒：なし",
    };
    ASSERT_GE(lines.size(), 20u);
    EXPECT_EQ(std::vector<std::string>(lines.begin() + 3, lines.begin() + 13), expected);
    EXPECT_EQ(lines[14], "   1 ５三歩(54)");
    EXPECT_EQ(lines[18], "   5 ５一歩成(52)");
    EXPECT_EQ(lines[19], "   6 詰み");
    EXPECT_EQ(lines[20], "*White mates");
    EXPECT_EQ(lines[21], "まで5手で先手の勝ち");
}

TEST(Kif, OnlyVariantsWhosePiecesHaveKifNamesAndFitNineByNine) {
    EXPECT_TRUE(can_write_kif(cached_rules("shogi").variant()));
    EXPECT_TRUE(can_write_kif(cached_rules("minishogi").variant()));
    EXPECT_FALSE(can_write_kif(cached_rules("crazyhouse").variant()));
    EXPECT_FALSE(can_write_kif(cached_rules("xiangqi").variant()));
    EXPECT_THROW(write_kif(cached_rules("crazyhouse"), KifGame{}), std::invalid_argument);
}

// Every shogi-family variant shipped names all its pieces: a game of each, played move by
// move through drops, promotions and captures, is written with a KIF name on every line.
TEST(Kif, EveryShogiFamilyVariantNamesEveryPieceItMoves) {
    for (const char* name :
         {"shogi", "minishogi", "judkins", "gorogoro", "euroshogi", "dobutsu", "micro"}) {
        SCOPED_TRACE(name);
        const Rules& rules = cached_rules(name);
        ASSERT_TRUE(can_write_kif(rules.variant())) << kif_refusal(rules.variant());
        std::set<std::string> names;
        for (const PieceType& p : rules.variant().pieces) names.insert(p.kif);
        // A varied game: each move the (ply * 7)th legal one, drops and captures included.
        KifGame game;
        Position pos = rules.start();
        for (std::size_t ply = 0; ply < 80 && !pos.outcome(); ++ply) {
            const auto moves = pos.legal_moves();
            const Move m = moves[(ply * 7 + 3) % moves.size()];
            game.moves.push_back(pos.move_name(m, MoveStyle::Uci));
            pos.play(m);
        }
        const std::vector<std::string> lines = record_lines(write_kif(rules, game));
        const std::regex move_line(R"(^ +\d+ (同　|\S\S\S\S\S\S)(\S+?)(成|不成|打)?(\(\d\d\))?$)");
        std::size_t moves_seen = 0;
        for (const std::string& line : lines) {
            std::smatch m;
            if (!std::regex_match(line, m, move_line)) continue;
            ++moves_seen;
            EXPECT_TRUE(names.count(m[2].str())) << "no piece name in: " << line;
        }
        EXPECT_EQ(moves_seen, game.moves.size());
    }
}

// A variant file that names some pieces for KIF and forgets one is told which.
TEST(Kif, APieceWithoutAKifNameIsNamedInTheRefusal) {
    Variant v = cached_rules("minishogi").variant();
    for (PieceType& p : v.pieces)
        if (p.name == "tokin") p.kif.clear();
    EXPECT_TRUE(wants_kif(v));
    EXPECT_FALSE(can_write_kif(v));
    EXPECT_NE(kif_refusal(v).find("piece 'tokin' (T) has no kif name"), std::string::npos)
        << kif_refusal(v);
    const Rules rules(v);
    try {
        write_kif(rules, KifGame{});
        ADD_FAILURE() << "written without a name for the tokin";
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("'tokin' (T)"), std::string::npos) << e.what();
    }
    EXPECT_FALSE(wants_kif(cached_rules("crazyhouse").variant()));
    EXPECT_NE(kif_refusal(cached_rules("xiangqi").variant()).find("9x10"), std::string::npos)
        << kif_refusal(cached_rules("xiangqi").variant());
}

}  // namespace
