// Variant files: a good one loads with every feature read; each kind of mistake is refused
// with the file, line, column and key, so a person writing YAML can find it.
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <tuple>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "variant_error_support.hpp"

namespace {

using referee::rules::EndValue;
using referee::rules::parse_variant;
using referee::rules::Variant;
using referee::rules::VariantError;
using referee::test::expect_error;
using referee::test::replace;
using referee::test::where;

// A complete, valid 5x6 variant; tests replace one line to break it.
const std::string kGood = R"(name: test
description: "a test variant"
board: {files: 5, ranks: 6}
start: "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: Q, name: queen, betza: Q}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - {letter: R, name: rook, betza: R}
  - letter: P
    name: pawn
    betza: mfWcfF
    pawn: true
    promotion: [Q]
end:
  royal_capture: win
  move_limit: 40
)";

TEST(VariantYaml, GoodFileReadsEveryField) {
    const Variant v = parse_variant(kGood, "test.yaml");
    EXPECT_EQ(v.name, "test");
    EXPECT_EQ(v.description, "a test variant");
    EXPECT_EQ(v.geometry.width, 5);
    EXPECT_EQ(v.geometry.height, 6);
    ASSERT_EQ(v.pieces.size(), 6u);
    EXPECT_TRUE(v.pieces[0].royal);
    EXPECT_FALSE(v.pieces[1].royal);
    EXPECT_TRUE(v.pieces[5].pawn);
    ASSERT_EQ(v.pieces[5].promotes_to.size(), 1u);
    EXPECT_EQ(v.pieces[5].promotes_to[0], 'Q');
    EXPECT_EQ(v.pieces[5].promotion_rank, 0) << "no rank given: the last rank";
    EXPECT_FALSE(v.check_rules);
    ASSERT_TRUE(v.end.royal_capture.has_value());
    EXPECT_EQ(*v.end.royal_capture, EndValue::Win);
    EXPECT_EQ(v.end.no_legal_moves, EndValue::Draw) << "the default";
    EXPECT_EQ(v.end.move_limit, 40);
}

TEST(VariantYaml, PromotionMapWithRankDoubleStepEnPassantAndCastling) {
    std::string text =
        replace(kGood, "    promotion: [Q]\n",
                "    promotion: {to: [Q, N], rank: 5}\n    double_step: 2\n    en_passant: true\n");
    text = replace(text, "end:\n",
                   "check_rules: true\ncastling:\n  - {right: Q, king: e1, rook: a1, king_to: c1, "
                   "rook_to: d1}\nend:\n");
    text = replace(text, "\"kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\"",
                   "\"rnbqk/ppppp/5/5/PPPPP/RNBQK w Qq - 0 1\"");
    const Variant v = parse_variant(text, "test.yaml");
    const auto& pawn = v.pieces[5];
    EXPECT_EQ(std::string(pawn.promotes_to.begin(), pawn.promotes_to.end()), "QN");
    EXPECT_EQ(pawn.promotion_rank, 5);
    ASSERT_EQ(pawn.double_step_ranks.size(), 1u);
    EXPECT_EQ(pawn.double_step_ranks[0], 2);
    EXPECT_TRUE(pawn.en_passant);
    EXPECT_TRUE(v.check_rules);
    ASSERT_EQ(v.castling.size(), 1u);
    EXPECT_EQ(v.castling[0].right, 'Q');
    EXPECT_EQ(v.geometry.name(v.castling[0].king_from), "e1");
    EXPECT_EQ(v.geometry.name(v.castling[0].rook_to), "d1");
}

TEST(VariantYaml, BoardsUpToSixteenBySixteen) {
    std::string text = replace(kGood, "{files: 5, ranks: 6}", "{files: 16, ranks: 16}");
    text = replace(text, "\"kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\"",
                   "\"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - - 0 1\"");
    const referee::rules::Rules rules{parse_variant(text, "test.yaml")};
    // Hand: rook a1 reaches a2..a16 (15) and b1..o1 (14); king p1 reaches o1, o2, p2.
    // o1 is counted for both pieces: 15 + 14 + 3 = 32.
    EXPECT_EQ(rules.start().perft(1), 32u);
    expect_error(replace(kGood, "{files: 5, ranks: 6}", "{files: 17, ranks: 6}"),
                 {"board.files", where(kGood, "5, ranks").first, where(kGood, "5, ranks").second,
                  "17 files"});
}

TEST(VariantYaml, DeadPositionWithBishopsOnOneColour) {
    const std::string text = replace(kGood, "  move_limit: 40\n",
                                     "  move_limit: 40\n  insufficient_material: [\"K v K\", "
                                     "{material: \"KB v KB\", same_square_colour: B}]\n");
    const Variant v = parse_variant(text, "test.yaml");
    ASSERT_EQ(v.end.insufficient_material.size(), 2u);
    EXPECT_EQ(v.end.insufficient_material[1].same_square_colour, 'B');
    EXPECT_EQ(v.end.insufficient_material[1].strong, "BK");
    const std::string bad = replace(text, "same_square_colour: B", "same_square_colour: Z");
    auto [line, column] = where(bad, "Z}");
    expect_error(
        bad, {"end.insufficient_material.same_square_colour", line, column, "one piece letter"});
}

// How the viewer draws the board: read from `drawing:`, inherited through extends, and checked.
TEST(VariantYaml, DrawingSaysHowTheBoardIsDrawn) {
    using referee::rules::Drawing;
    EXPECT_EQ(parse_variant(kGood, "test.yaml").drawing, Drawing::Squares);
    EXPECT_EQ(
        parse_variant(replace(kGood, "end:\n", "drawing: tiles\nend:\n"), "test.yaml").drawing,
        Drawing::Tiles);
    EXPECT_EQ(referee::rules::load_variant("xiangqi").drawing, Drawing::Points);
    EXPECT_EQ(referee::rules::load_variant("manchu").drawing, Drawing::Points);
    EXPECT_EQ(referee::rules::load_variant("minishogi").drawing, Drawing::Tiles);
    EXPECT_EQ(referee::rules::load_variant("chess").drawing, Drawing::Squares);
    const std::string bad = replace(kGood, "end:\n", "drawing: hexes\nend:\n");
    auto [line, column] = where(bad, "hexes");
    expect_error(bad, {"drawing", line, column, "squares, points or tiles"});
}

TEST(VariantYamlErrors, UnknownKeyAtTheTop) {
    const std::string text = replace(kGood, "end:\n", "colour: red\nend:\n");
    auto [line, column] = where(text, "colour");
    expect_error(text, {"colour", line, column, "unknown key 'colour'"});
}

TEST(VariantYamlErrors, UnknownKeyInAPiece) {
    const std::string text = replace(kGood, "betza: R}", "betza: R, flies: true}");
    auto [line, column] = where(text, "flies");
    expect_error(text, {"pieces[4].flies", line, column, "unknown key 'flies'"});
}

TEST(VariantYamlErrors, UnknownKeyInEnd) {
    const std::string text = replace(kGood, "  move_limit: 40", "  move_limt: 40");
    auto [line, column] = where(text, "move_limt");
    expect_error(text, {"end.move_limt", line, column, "move_limit"});
}

TEST(VariantYamlErrors, StartPositionOfTheWrongSize) {
    const std::string text =
        replace(kGood, "kqbnr/ppppp/5/5/PPPPP/RNBQK", "kqbnr/ppppp/5/PPPPP/RNBQK");
    auto [line, column] = where(text, "\"kqbnr");
    expect_error(text, {"start", line, column, "5 ranks"});
    const std::string wide =
        replace(kGood, "kqbnr/ppppp/5/5/PPPPP/RNBQK", "kqbnr/ppppp/6/5/PPPPP/RNBQK");
    auto [wline, wcolumn] = where(wide, "\"kqbnr");
    expect_error(wide, {"start", wline, wcolumn, "wide"});
}

TEST(VariantYamlErrors, StartPositionWithAnUnknownPiece) {
    const std::string text =
        replace(kGood, "kqbnr/ppppp/5/5/PPPPP/RNBQK", "kqbnr/ppppp/5/5/PPPPP/RNBQX");
    auto [line, column] = where(text, "\"kqbnr");
    expect_error(text, {"start", line, column, "'X'"});
}

TEST(VariantYamlErrors, PieceLetterUsedTwice) {
    const std::string text = replace(kGood, "{letter: R, name: rook", "{letter: N, name: rook");
    auto [line, column] = where(text, "N, name: rook");
    expect_error(text, {"pieces[4].letter", line, column, "'N' is used by two pieces"});
}

TEST(VariantYamlErrors, PromotionToAPieceThatDoesNotExist) {
    const std::string text = replace(kGood, "promotion: [Q]", "promotion: [X]");
    auto [line, column] = where(text, "[X]");
    expect_error(text, {"pieces[5].promotion", line, column, "'X'"});
}

TEST(VariantYamlErrors, UnparsableBetzaPointsAtTheBadCharacter) {
    const std::string plain = replace(kGood, "betza: mfWcfF", "betza: mfWxfF");
    auto [line, column] = where(plain, "xfF");
    expect_error(plain, {"pieces[5].betza", line, column, "unsupported part: 'x'"});
    // Quoted: the column still lands on the x, past the quote.
    const std::string quoted = replace(kGood, "betza: mfWcfF", "betza: \"mfWxfF\"");
    auto [qline, qcolumn] = where(quoted, "xfF");
    expect_error(quoted, {"pieces[5].betza", qline, qcolumn, "'x'"});
}

TEST(VariantYamlErrors, MissingRequiredKey) {
    const std::string no_start =
        replace(kGood, "start: \"kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\"\n", "");
    expect_error(no_start, {"start", 1, 1, "no 'start'"});
    const std::string no_betza =
        replace(kGood, "{letter: Q, name: queen, betza: Q}", "{letter: Q, name: queen}");
    auto [line, column] = where(no_betza, "{letter: Q");
    expect_error(no_betza, {"pieces[1].betza", line, column, "no betza"});
    const std::string no_ranks = replace(kGood, "{files: 5, ranks: 6}", "{files: 5}");
    auto [bline, bcolumn] = where(no_ranks, "{files: 5}");
    expect_error(no_ranks, {"board.ranks", bline, bcolumn, "ranks"});
}

TEST(VariantYamlErrors, WrongValueTypes) {
    const std::string verdict = replace(kGood, "royal_capture: win", "royal_capture: maybe");
    auto [line, column] = where(verdict, "maybe");
    expect_error(verdict, {"end.royal_capture", line, column, "win, loss or draw"});
    const std::string limit = replace(kGood, "move_limit: 40", "move_limit: forty");
    auto [lline, lcolumn] = where(limit, "forty");
    expect_error(limit, {"end.move_limit", lline, lcolumn, "whole number"});
}

TEST(VariantYamlErrors, NotYaml) {
    try {
        parse_variant("name: [unclosed\n", "test.yaml");
        FAIL() << "accepted";
    } catch (const VariantError& e) {
        EXPECT_GE(e.line(), 1);
        EXPECT_NE(std::string(e.what()).find("not valid YAML"), std::string::npos) << e.what();
    }
}

TEST(VariantYamlErrors, KingCaptureWithoutARoyalPiece) {
    const std::string text = replace(kGood, "betza: K, royal: true}", "betza: K}");
    auto [line, column] = where(text, "- {letter: K");
    expect_error(text, {"pieces", line, column, "royal: true"});
}

TEST(VariantYamlErrors, CastlingRookSquareEmptyAtTheStart) {
    // The castling piece is the one on the rook's square at the start; none is guessed.
    std::string text =
        replace(kGood, "end:\n",
                "castling:\n  - {right: Q, king: e1, rook: a1, king_to: c1, rook_to: d1}\nend:\n");
    text = replace(text, "start: \"kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\"",
                   "start: \"kqbnr/ppppp/5/5/PPPPP/1NBQK w Qq - 0 1\"");
    auto [line, column] = where(text, "\"kqbnr/ppppp/5/5/PPPPP/1NBQK");
    expect_error(text, {"start", line, column, "castling 'Q' moves the White piece on a1"});
    // With the rook there it loads, and the castling piece is that rook.
    const auto ok = replace(text, "PPPPP/1NBQK w Qq", "PPPPP/RNBQK w Qq");
    EXPECT_NO_THROW(parse_variant(ok, "ok.yaml"));
}

TEST(VariantYamlErrors, PromotionRankMustBeOneRank) {
    const std::string text =
        replace(kGood, "    promotion: [Q]\n", "    promotion: {to: [Q], rank: []}\n");
    auto [line, column] = where(text, "[]}");
    expect_error(text, {"pieces[5].promotion.rank", line, column, "give one rank"});
}

TEST(VariantYamlErrors, DuplicateKeyIsRefused) {
    const std::string text =
        replace(kGood, "  move_limit: 40\n", "  move_limit: 40\n  move_limit: 30\n");
    auto [line, column] = where(text, "move_limit: 30");
    expect_error(text, {"end.move_limit", line, column, "given twice"});
}

TEST(VariantYamlErrors, KeyThatIsNotAWordIsNamed) {
    const std::string text = replace(kGood, "end:\n", "[a, b]: 1\nend:\n");
    auto [line, column] = where(text, "[a, b]");
    expect_error(text, {"", line, column, "keys must be plain words"});
}

TEST(VariantYamlErrors, NameMustBeAPlainFileName) {
    for (const char* bad : {"\"..\"", "\".\"", "\"a/b\"", "\"\""}) {
        const std::string text = replace(kGood, "name: test", std::string("name: ") + bad);
        auto [line, column] = where(text, bad);
        expect_error(text, {"name", line, column, "not a plain name"});
    }
}

TEST(VariantYamlErrors, CheckRulesNeedARoyalPieceOfEachSideAtTheStart) {
    std::string text = replace(kGood, "  royal_capture: win\n", "");
    text = replace(text, "end:\n", "check_rules: true\nend:\n");
    text = replace(text, "PPPPP/RNBQK w", "PPPPP/RNBQ1 w");
    auto [line, column] = where(text, "\"kqbnr");
    expect_error(text, {"start", line, column, "White needs a royal piece"});
}

TEST(VariantYamlErrors, APawnOnItsLastRankInTheStartIsRefusedAtTheStartKey) {
    // The position would refuse it too, but with neither the file nor the line.
    std::string text = replace(kGood, "kqbnr/ppppp/5/5/PPPPP", "kqbnP/pppp1/5/5/PPPP1");
    auto [line, column] = where(text, "\"kqbnP");
    expect_error(text, {"start", line, column, "White's pawn on e6, where it must already have"});
    // Black's last rank is rank 1.
    text = replace(kGood, "PPPPP/RNBQK w", "PPPPP/RNBQp w");
    std::tie(line, column) = where(text, "\"kqbnr");
    expect_error(text, {"start", line, column, "Black's pawn on e1"});
}

TEST(VariantYamlErrors, OnlyRegularFilesAreRead) {
    for (const char* path : {"/dev/zero", "/dev/null", "/tmp"}) {
        try {
            referee::rules::load_variant(path + std::string(path[1] == 't' ? "/" : ""));
            FAIL() << path << " was read";
        } catch (const VariantError& e) {
            EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos)
                << e.what();
        }
    }
    // A FIFO with no writer: reading it would wait for ever.
    const std::string fifo = std::filesystem::temp_directory_path() /
                             ("variant-fifo-" + std::to_string(::getpid()) + ".yaml");
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THROW(referee::rules::load_variant(fifo), VariantError);
    std::filesystem::remove(fifo);
}

TEST(VariantYamlErrors, MissingFileIsNamed) {
    try {
        referee::rules::load_variant("/nonexistent/dir/none.yaml");
        FAIL() << "accepted";
    } catch (const VariantError& e) {
        EXPECT_NE(std::string(e.what()).find("/nonexistent/dir/none.yaml"), std::string::npos)
            << e.what();
    }
    try {
        referee::rules::load_variant("no-such-variant");
        FAIL() << "accepted";
    } catch (const VariantError& e) {
        // The message lists the variants that do exist.
        EXPECT_NE(std::string(e.what()).find("minichess"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("no-such-variant"), std::string::npos) << e.what();
    }
}

}  // namespace

// `names`: what other programs call the game (xboard's `variant`), never inherited.
TEST(VariantYaml, NamesAreReadAndCheckedWithTheirLine) {
    const Variant v =
        parse_variant(replace(kGood, "board:", "names: [normal, los-alamos]\nboard:"), "test.yaml");
    ASSERT_EQ(v.names.size(), 2u);
    EXPECT_EQ(v.names[0], "normal");
    EXPECT_EQ(v.names[1], "los-alamos");
    EXPECT_TRUE(parse_variant(kGood, "test.yaml").names.empty());

    const std::string spaced = replace(kGood, "board:", "names: [normal, \"two words\"]\nboard:");
    const auto at = where(spaced, "\"two words\"");
    expect_error(spaced, {"names[1]", at.first, at.second, "not a plain name"});
    const std::string scalar = replace(kGood, "board:", "names: normal\nboard:");
    const auto at2 = where(scalar, "normal");
    expect_error(scalar, {"names", at2.first, at2.second, "a list of names"});
}

// `xboard_start`: the xboard world's array for those names, a position of this board whose
// letters are this variant's pieces.
TEST(VariantYaml, XboardStartIsAPositionOfThisBoard) {
    const std::string good =
        replace(kGood, "board:", "xboard_start: \"kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1\"\nboard:");
    EXPECT_EQ(parse_variant(good, "test.yaml").xboard_start_fen,
              "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1");
    EXPECT_TRUE(parse_variant(kGood, "test.yaml").xboard_start_fen.empty());
    const std::string narrow = replace(good, "kqbnr/ppppp", "kqbn/ppppp");
    auto at = where(narrow, "\"kqbn/");
    expect_error(narrow, {"xboard_start", at.first, at.second, "does not fit the 5x6 board"});
    const std::string stranger = replace(good, "kqbnr/ppppp", "kqbnz/ppppp");
    at = where(stranger, "\"kqbnz/");
    expect_error(stranger, {"xboard_start", at.first, at.second, "'z', which is not a piece"});
}

TEST(VariantYaml, ChessIsXboardsNormal) {
    const auto rules = referee::rules::Rules::load("chess");
    ASSERT_FALSE(rules.variant().names.empty());
    EXPECT_EQ(rules.variant().names[0], "normal");
}

namespace {

// The keys of gating, first moves and counting: misuse is refused where it is written.
TEST(VariantYaml, GatingFirstMovesAndCountingKeys) {
    const std::string counting = replace(kGood, "  move_limit: 40\n", "  counting: thai\n");
    auto [line, column] = where(counting, "thai");
    expect_error(counting, {"end.counting", line, column, "'thai' is not a counting rule"});
    EXPECT_EQ(parse_variant(replace(counting, "thai", "asean"), "test.yaml").end.counting,
              referee::rules::CountingRule::Asean);

    const std::string rider =
        replace(kGood, "betza: K, royal: true}", "betza: K, royal: true, first_move: fR}");
    EXPECT_EQ(parse_variant(rider, "test.yaml").pieces[0].first_moves.size(), 1u);
    const std::string hop = replace(rider, "first_move: fR", "first_move: pR");
    std::tie(line, column) = where(hop, "pR}");
    expect_error(hop, {"pieces[0].first_move", line, column, "a first move may not hop"});
    const std::string bad_betza = replace(rider, "first_move: fR", "first_move: fX");
    std::tie(line, column) = where(bad_betza, "fX}");
    expect_error(bad_betza, {"pieces[0].first_move", line, column + 1, "unsupported part: 'X'"});
    EXPECT_EQ(
        parse_variant(replace(rider, "fR}", "mfsN}"), "test.yaml").pieces[0].first_moves.size(),
        2u);

    const std::string both =
        replace(replace(rider, "fR}", "mfsN}"), "end:\n", "gating: true\nend:\n");
    std::tie(line, column) = where(both, "- {letter: K");
    expect_error(both, {"pieces", line, column, "a variant may have one of them"});
}

// The betza's `i` moves are first moves; `first_move_ranks` says where an unmoved piece
// stands, so that nothing is kept in the FEN and gating may go with them.
TEST(VariantYaml, InitialMovesAndTheirRanks) {
    const std::string berolina = replace(kGood, "betza: mfWcfF", "betza: mfFcfWimfnA");
    const auto v = parse_variant(berolina, "test.yaml");
    const auto& pawn = v.pieces[v.type_of('P')];
    EXPECT_EQ(pawn.moves.size(), 3u);
    ASSERT_EQ(pawn.first_moves.size(), 2u);
    EXPECT_TRUE(pawn.first_moves[0].initial && pawn.first_moves[0].lame);
    EXPECT_TRUE(v.tracks_unmoved());
    const std::string ranked =
        replace(berolina, "pawn: true", "pawn: true\n    first_move_ranks: 2");
    EXPECT_FALSE(parse_variant(ranked, "test.yaml").tracks_unmoved());
    EXPECT_NO_THROW(parse_variant(replace(ranked, "end:\n", "gating: true\nend:\n"), "t.yaml"));

    const std::string only_first = replace(kGood, "betza: N}", "betza: iN}");
    auto [line, column] = where(only_first, "iN}");
    expect_error(only_first, {"pieces[3].betza", line, column, "has only first moves"});
    const std::string no_first =
        replace(kGood, "pawn: true", "pawn: true\n    first_move_ranks: 2");
    std::tie(line, column) = where(no_first, "2\n    promotion");
    expect_error(no_first, {"pieces[5].first_move_ranks", line, column, "has no first moves"});
    const std::string off_board = replace(ranked, "first_move_ranks: 2", "first_move_ranks: 9");
    std::tie(line, column) = where(off_board, "9\n    promotion");
    expect_error(off_board, {"pieces[5].first_move_ranks", line, column, "rank 9 is not on"});
}

// Chess with Different Armies: castling rules of one side, Black's own promotions, and the
// game of Fairy-Max's that its option chooses.
TEST(VariantYaml, OneSidesCastlingBlacksPromotionsAndTheXboardGame) {
    const std::string armies = replace(
        replace(kGood, "promotion: [Q]", "promotion: {to: [Q], black: [R, N]}"), "end:\n",
        "castling:\n  - {right: Q, king: e1, rook: a1, king_to: c1, rook_to: d1, side: white}\n"
        "  - {right: Q, king: e1, rook: a1, king_to: b1, rook_to: c1, side: black}\n"
        "xboard_variant: {name: fairy, options: {Variant fairy selects: FIDE-Nutters}}\nend:\n");
    const std::string board = replace(armies, "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1",
                                      "r3k/ppppp/5/5/PPPPP/R3K w Qq - 0 1");
    const auto v = parse_variant(replace(board, "board: {files: 5", "board: {files: 5"), "t.yaml");
    ASSERT_EQ(v.castling.size(), 2u);
    EXPECT_TRUE(v.castling[0].applies(referee::rules::White) &&
                !v.castling[0].applies(referee::rules::Black));
    EXPECT_EQ(v.pieces[5].promotions(referee::rules::White), std::vector<char>{'Q'});
    EXPECT_EQ(v.pieces[5].promotions(referee::rules::Black), (std::vector<char>{'R', 'N'}));
    EXPECT_EQ(v.xboard_variant.name, "fairy");
    ASSERT_EQ(v.xboard_variant.options.size(), 1u);
    EXPECT_EQ(v.xboard_variant.options[0].second, "FIDE-Nutters");

    const std::string twice = replace(board, "side: black", "side: white");
    auto [line, column] = where(twice, "Q, king: e1, rook: a1, king_to: b1");
    expect_error(twice, {"castling[1].right", line, column, "the right 'Q' is defined twice"});
    const std::string bad_side = replace(board, "side: black", "side: blue");
    std::tie(line, column) = where(bad_side, "blue");
    expect_error(bad_side, {"castling[1].side", line, column, "'blue' is not a side"});
    const std::string two_words = replace(board, "name: fairy", "name: fairy chess");
    std::tie(line, column) = where(two_words, "fairy chess");
    expect_error(two_words, {"xboard_variant.name", line, column, "is not one word"});
}

}  // namespace
