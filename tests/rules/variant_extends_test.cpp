// `extends:`: a variant file written as changes to another, as Fairy-Stockfish's
// [name:parent] sections. The child's pieces replace the parent's by letter, its mappings
// merge key by key, and mistakes in the chain name the file they are in.
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "referee/rules/core/position.hpp"
#include "referee/rules/variant/variant.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace fs = std::filesystem;
using referee::rules::EndValue;
using referee::rules::load_variant;
using referee::rules::load_variant_file;
using referee::rules::Rules;
using referee::rules::VariantError;

class VariantExtends : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        const auto path = dir_ / name;
        std::ofstream(path) << text;
        return path.string();
    }
    referee::test::TempDir dir_;
};

const std::string kParent = R"(name: parent
description: "the parent"
board: {files: 5, ranks: 6}
start: "kqbnr/ppppp/5/5/PPPPP/RNBQK w - - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: Q, name: queen, betza: Q}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - {letter: R, name: rook, betza: R}
  - {letter: P, name: pawn, betza: mfWcfF, pawn: true, promotion: [Q]}
end:
  royal_capture: win
  no_legal_moves: draw
  move_limit: 40
  insufficient_material: ["K v K"]
)";

std::string replace_betza(std::string text) {
    const std::string from = "betza: Q}";
    text.replace(text.find(from), from.size(), "betza: Q%}");
    return text;
}

TEST_F(VariantExtends, ChildInheritsWhatItDoesNotSay) {
    write("parent.yaml", kParent);
    const auto child = write("child.yaml", R"(name: child
extends: parent.yaml
pieces:
  - {letter: B, name: bishop, betza: BmW}
  - {letter: A, name: archbishop, betza: BN}
end:
  no_legal_moves: loss
  insufficient_material: []
)");
    const auto v = load_variant_file(child);
    EXPECT_EQ(v.name, "child");
    EXPECT_EQ(v.description, "");  // a description is the parent's own
    EXPECT_EQ(v.geometry.width, 5);
    EXPECT_EQ(v.geometry.height, 6);
    ASSERT_EQ(v.pieces.size(), 7u);
    EXPECT_EQ(v.pieces[2].letter, 'B');  // replaced in place, order kept
    EXPECT_EQ(v.pieces[2].betza, "BmW");
    EXPECT_EQ(v.pieces[6].letter, 'A');  // added
    EXPECT_EQ(v.end.no_legal_moves, EndValue::Loss);
    EXPECT_TRUE(v.end.insufficient_material.empty());
    EXPECT_EQ(v.end.move_limit, 40);  // merged key by key, not replaced whole
}

TEST_F(VariantExtends, MinitchessIsMinichessWithTwoChanges) {
    // The shipped minitchess extends minichess; its rules must be those of the seed.
    const auto minit = load_variant("minitchess");
    const auto mini = load_variant("minichess");
    EXPECT_EQ(minit.start_fen, mini.start_fen);
    EXPECT_EQ(minit.end.no_legal_moves, EndValue::Loss);
    EXPECT_EQ(mini.end.no_legal_moves, EndValue::Draw);
    EXPECT_TRUE(minit.end.insufficient_material.empty());
    EXPECT_FALSE(mini.end.insufficient_material.empty());
    Rules rules = Rules::load("minitchess");
    auto pos = rules.from_board_dump("20 W\nKBk..\nPRP..\n.P...\n.....\n.....\n.....\n");
    EXPECT_TRUE(pos.legal_moves().empty());
}

TEST_F(VariantExtends, ErrorInTheParentNamesTheParentFile) {
    const auto parent = write("parent.yaml", replace_betza(kParent));
    const auto child = write("child.yaml", "name: child\nextends: parent.yaml\n");
    try {
        load_variant_file(child);
        FAIL() << "a broken parent was accepted";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.file(), parent) << e.what();
    }
}

TEST_F(VariantExtends, MissingParentIsNamedAtTheKey) {
    const auto child = write("child.yaml", "name: child\nextends: nowhere.yaml\n");
    try {
        load_variant_file(child);
        FAIL() << "a missing parent was accepted";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.line(), 2) << e.what();
        EXPECT_NE(std::string(e.what()).find("nowhere.yaml"), std::string::npos) << e.what();
    }
}

TEST_F(VariantExtends, CycleIsRefused) {
    write("a.yaml", "name: a\nextends: b.yaml\n");
    const auto b = write("b.yaml", "name: b\nextends: a.yaml\n");
    try {
        load_variant_file(b);
        FAIL() << "a cycle was accepted";
    } catch (const VariantError& e) {
        EXPECT_NE(std::string(e.what()).find("extends itself"), std::string::npos) << e.what();
    }
    const auto self = write("self.yaml", "name: self\nextends: self.yaml\n");
    EXPECT_THROW(load_variant_file(self), VariantError);
}

}  // namespace

// The child's keys are merged over the parent's; a mistake in them keeps its own line.
TEST_F(VariantExtends, ErrorInTheChildKeepsItsLine) {
    write("parent.yaml", kParent);
    const auto child = write("child.yaml",
                             "name: child\n"
                             "extends: parent.yaml\n"
                             "pieces:\n"
                             "  - {letter: Q, name: queen, betza: Qx}\n"
                             "end:\n"
                             "  move_limt: 40\n");
    try {
        load_variant_file(child);
        FAIL() << "a bad Betza text was accepted";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.file(), child) << e.what();
        EXPECT_EQ(e.line(), 4) << e.what();
    }
    const auto misspelt =
        write("misspelt.yaml", "name: misspelt\nextends: parent.yaml\nend:\n  move_limt: 40\n");
    try {
        load_variant_file(misspelt);
        FAIL() << "a misspelt key was accepted";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.line(), 4) << e.what();
    }
}

// A piece the child adds lands after the parent's six in the merged list; its error counts
// the file's own list (its second piece), at its line.
TEST_F(VariantExtends, ErrorInAChildsPieceCountsTheFilesOwnList) {
    write("parent.yaml", kParent);
    const auto child = write("child.yaml",
                             "name: child\n"
                             "extends: parent.yaml\n"
                             "pieces:\n"
                             "  - {letter: Q, name: queen, betza: Q}\n"
                             "  - {letter: A, name: archbishop, betza: BNx}\n");
    try {
        load_variant_file(child);
        FAIL() << "a bad Betza text was accepted";
    } catch (const VariantError& e) {
        EXPECT_EQ(e.file(), child) << e.what();
        EXPECT_EQ(e.line(), 5) << e.what();
        EXPECT_EQ(e.key().rfind("pieces[1]", 0), 0u) << e.what();
    }
}

// Other programs' names for the parent ("normal" for chess) are not the child's.
TEST_F(VariantExtends, NamesAreNotInherited) {
    write("parent.yaml", "names: [normal]\n" + kParent);
    const auto child = write("child.yaml", "name: child\nextends: parent.yaml\n");
    EXPECT_TRUE(load_variant_file(child).names.empty());
    const auto named = write("named.yaml", "name: named\nnames: [other]\nextends: parent.yaml\n");
    ASSERT_EQ(load_variant_file(named).names.size(), 1u);
}
