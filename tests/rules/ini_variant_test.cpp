// Fairy-Stockfish's variants.ini read as a variant source (rules/variant/ini/): errors name
// the file, the line and the key; `[name:parent]` inherits from earlier sections and from the
// shipped catalogue; the YAML written for a section (`referee variants import`) plays and
// counts as the section does. The counts against Fairy-Stockfish itself are in
// fairy_stockfish_ini_perft_test.cpp (slow).
#include <gtest/gtest.h>

#include <string>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "referee/rules/variant/yaml/variant_yaml_writer.hpp"
#include "tests/support/files.hpp"
#include "tests/support/rules.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

using namespace referee::rules;
using referee::test::ini_error;

// Sections written for these tests: a chess child, a child of that child, a section with
// no parent, a custom piece, drops and a flag inherited from the shipped crazyhouse.
const char* kTestIni = R"(# sections for the referee's tests
[nodouble:chess]
doubleStep = false
castling = false

[nodoublechild:nodouble]
stalemateValue = loss
nMoveRule = 30

[small]
king = k
rook = r
pawn = p
maxRank = 6
maxFile = 5
startFen = rpkpr/5/5/5/5/RPKPR w - - 0 1
promotionRank = 6
promotionPieceTypes = r
doubleStep = false
castling = false

[berolinaish:chess]
pawn = -
customPiece1 = p:mfFcfW
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1

[hillhouse:crazyhouse]
flagPiece = k
whiteFlag = d4 e4 d5 e5
blackFlag = d4 e4 d5 e5
)";

TEST(IniVariant, ErrorsNameTheFileTheLineAndTheKey) {
    const std::string text = "[a:chess]\nnMoveRule = 40\nblastOnCapture = true\n";
    EXPECT_EQ(ini_error(text, "a").find("my.ini:3:1: blastOnCapture: "), 0u)
        << ini_error(text, "a");
    // A key nobody knows is refused, not ignored as Fairy-Stockfish 11.1 does.
    const std::string typo = "[a:chess]\n\nnMoveRul = 40\n";
    EXPECT_EQ(ini_error(typo, "a").find("my.ini:3:1: nMoveRul: "), 0u) << ini_error(typo, "a");
    // A value that is not of the key's type.
    const std::string bad = "[a:chess]\ncastling = maybe\n";
    EXPECT_NE(ini_error(bad, "a").find("my.ini:2:1: castling: "), std::string::npos);
    EXPECT_NE(ini_error(bad, "a").find("'maybe' is not true or false"), std::string::npos);
    // Betza the referee cannot read, at its key.
    const std::string betza = "[a:chess]\ncustomPiece1 = a:Xq\n";
    EXPECT_EQ(ini_error(betza, "a").find("my.ini:2:1: customPiece1: "), 0u)
        << ini_error(betza, "a");
    // A parent that is neither a section before it nor a shipped variant.
    const std::string orphan = "[a:nosuchvariant]\nnMoveRule = 40\n";
    EXPECT_NE(ini_error(orphan, "a").find("my.ini:1:"), std::string::npos);
    EXPECT_NE(ini_error(orphan, "a").find("nosuchvariant"), std::string::npos);
    // A key given twice, and a line that is no key.
    EXPECT_NE(ini_error("[a:chess]\nnMoveRule = 1\nnMoveRule = 2\n", "a").find("my.ini:3:1"),
              std::string::npos);
    EXPECT_NE(ini_error("[a:chess]\nno equals sign\n", "a").find("my.ini:2:1"), std::string::npos);
    // A start position with a piece the section does not have: at the startFen line.
    const std::string fen = "[a:chess]\nknight = -\n";
    EXPECT_NE(ini_error(fen, "a").find("my.ini:1:"), std::string::npos) << ini_error(fen, "a");
    const std::string fen2 = "[a:chess]\nknight = -\nstartFen = 4k3/8/8/8/8/8/8/4KN2 w - - 0 1\n";
    EXPECT_EQ(ini_error(fen2, "a").find("my.ini:3:1: startFen: "), 0u) << ini_error(fen2, "a");
    // A castling field that is no castling rights (Fairy-Stockfish's rookmate writes '7+7'
    // there), at its line rather than when the game is set up.
    const std::string rights = "[a:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K3 w 7+7 0 1\n";
    EXPECT_EQ(ini_error(rights, "a").find("my.ini:2:1: startFen: "), 0u) << ini_error(rights, "a");
    EXPECT_NE(ini_error(rights, "a").find("'7+7'"), std::string::npos) << ini_error(rights, "a");
    // A section that is not there names the ones that are.
    EXPECT_NE(ini_error(kTestIni, "nope").find("nodouble, nodoublechild"), std::string::npos);
}

TEST(IniVariant, InheritsFromEarlierSectionsAndTheShippedCatalogue) {
    const Variant child = parse_ini_variant(kTestIni, "my.ini", "nodoublechild");
    EXPECT_EQ(child.name, "nodoublechild");
    EXPECT_EQ(child.end.n_move_rule, 30);
    EXPECT_EQ(child.end.no_legal_moves, EndValue::Loss);
    EXPECT_TRUE(child.castling.empty());  // from its parent [nodouble]
    const PieceType& pawn = child.pieces[static_cast<std::size_t>(child.type_of('P'))];
    EXPECT_TRUE(pawn.double_step_ranks.empty());
    EXPECT_FALSE(pawn.en_passant);
    // And from chess, through [nodouble]: its pieces, promotion and check rules.
    EXPECT_EQ(pawn.promotes_to.size(), 4u);
    EXPECT_TRUE(child.check_rules);
    EXPECT_FALSE(child.uci_default);  // not chess: an engine must be told it
    // Drops and the flag, on the shipped crazyhouse.
    const Variant hill = parse_ini_variant(kTestIni, "my.ini", "hillhouse");
    EXPECT_TRUE(hill.captures_to_hand && hill.drops);
    ASSERT_TRUE(hill.end.region);
    EXPECT_EQ(hill.end.region->piece, 'K');
    EXPECT_EQ(hill.end.region->squares[0].size(), 4u);
}

TEST(IniVariant, ASectionIsNamedAsFileColonSectionAndRecordedWithItsText) {
    referee::test::TempDir dir;
    const auto path = dir.path() / "my.ini";
    referee::test::write_text(path, kTestIni);
    const Variant v = load_variant(path.string() + ":small");
    EXPECT_EQ(v.name, "small");
    EXPECT_EQ(v.file, path.lexically_normal().string() + ":small");
    EXPECT_EQ(v.yaml, kTestIni);  // the whole file: a record checks where the file is gone
    // What a record keeps reads back to the same rules.
    const Rules again(parse_variant_text(v.yaml, v.file));
    EXPECT_EQ(again.start().perft(4), Rules(v).start().perft(4));
    EXPECT_EQ(again.variant().file, v.file);
}

TEST(IniVariant, TheWrittenYamlCountsAsTheSection) {
    for (const char* section : {"nodouble", "nodoublechild", "small", "berolinaish", "hillhouse"}) {
        const Variant v = parse_ini_variant(kTestIni, "my.ini", section);
        const Variant yaml = parse_variant(variant_yaml_text(v, "a header"), "written.yaml");
        EXPECT_EQ(Rules(yaml).start().perft(3), Rules(v).start().perft(3)) << section;
        EXPECT_EQ(Rules(yaml).start().fen(), Rules(v).start().fen()) << section;
    }
}

TEST(IniVariant, AChildOfChessWithNoKeysCountsAsChess) {
    const Variant v = parse_ini_variant("[same:chess]\n", "my.ini", "same");
    EXPECT_EQ(Rules(v).start().perft(4), Rules::load("chess").start().perft(4));
}

}  // namespace
