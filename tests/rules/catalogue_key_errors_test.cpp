// The catalogue's variant-file keys, each misused: the error names the file, the line and
// column of the bad value, the key, and what was wrong.
#include <string>

#include <gtest/gtest.h>

#include "variant_error_support.hpp"

namespace {

using referee::test::expect_error;
using referee::test::replace;
using referee::test::where;

// A valid 8x8 file using every catalogue key; each test breaks one of them.
const std::string kKeyErrorsYaml = R"(name: test
description: "a test variant"
names: [test, test-chess]
board: {files: 8, ranks: 8}
start: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
pieces:
  - {letter: K, name: king, betza: K, royal: true}
  - {letter: Q, name: queen, betza: Q}
  - {letter: R, name: rook, betza: R}
  - {letter: B, name: bishop, betza: B}
  - {letter: N, name: knight, betza: N}
  - letter: P
    name: pawn
    betza: mfWcfF
    pawn: true
    double_step: [2]
    en_passant: true
    promotion: {to: [Q, R, B, N], rank: 7, optional: true, forced_rank: 8, captured_only: true}
check_rules: true
must_capture: false
checks_forbidden: false
chess960: false
captures_to_hand: false
drops: false
castling:
  - {right: K, king: e1, rook: h1, king_to: g1, rook_to: f1}
  - {right: Q, king: e1, rook: a1, king_to: c1, rook_to: d1}
end:
  checkmate: loss
  check_count: 3
  region: {piece: K, squares: [d4, e4, d5, e5]}
  bare_king: {value: loss, reply: true}
  extinction: {value: loss, pieces: [Q]}
  stalemate_piece_count: false
xboard_letters: {N: S}
)";

TEST(CatalogueKeyErrors, TheGoodFileLoads) {
    const auto v = referee::rules::parse_variant(kKeyErrorsYaml, "test.yaml");
    EXPECT_EQ(v.end.check_count, 3);
    EXPECT_TRUE(v.end.region.has_value());
    EXPECT_TRUE(v.pieces[5].promotion_captured_only);
}

// One misuse: the text `from` becomes `to`; the error points at `at` (the first occurrence
// of that text in the broken file) and names `key` and `mentions`.
struct Misuse {
    const char* from;
    const char* to;
    const char* at;
    const char* key;
    const char* mentions;
};

const Misuse kMisuses[] = {
    // Booleans at the top.
    {"must_capture: false", "must_capture: always", "always", "must_capture", "true or false"},
    {"checks_forbidden: false", "checks_forbidden: 2", "2\nchess960", "checks_forbidden",
     "true or false"},
    {"chess960: false", "chess960: yes please", "yes please", "chess960", "true or false"},
    {"drops: false", "drops: [P]", "[P]", "drops", "true or false"},
    {"captures_to_hand: false", "captures_to_hand: 1.5", "1.5", "captures_to_hand",
     "true or false"},
    // Names.
    {"names: [test, test-chess]", "names: test", "test\nboard", "names", "a list of names"},
    // The end section.
    {"check_count: 3", "check_count: three", "three", "end.check_count", "whole number"},
    {"check_count: 3", "check_count: -1", "-1", "end.check_count", "must not be negative"},
    {"region: {piece: K, squares: [d4, e4, d5, e5]}", "region: [d4, e4]", "[d4, e4]", "end.region",
     "must be a mapping"},
    {"piece: K, squares", "piece: X, squares", "X, squares", "end.region.piece",
     "one piece letter of this variant"},
    {"squares: [d4, e4, d5, e5]", "squares: [d4, e9]", "e9", "end.region.squares", "e9"},
    {"squares: [d4, e4, d5, e5]", "squares: []", "[]}", "end.region.squares", "non-empty list"},
    {"squares: [d4, e4, d5, e5]}", "squares: [d4], white: [e4]}", "{piece", "end.region",
     "either 'squares'"},
    {"bare_king: {value: loss, reply: true}", "bare_king: sometimes", "sometimes", "end.bare_king",
     "win, loss or draw"},
    {"bare_king: {value: loss, reply: true}", "bare_king: {reply: true}", "{reply",
     "end.bare_king.value", "needs a 'value'"},
    {"value: loss, reply: true", "value: loss, reply: maybe", "maybe", "end.bare_king.reply",
     "true or false"},
    {"extinction: {value: loss, pieces: [Q]}", "extinction: loss", "loss\n  stale",
     "end.extinction", "{value: loss, pieces: all}"},
    {"extinction: {value: loss, pieces: [Q]}", "extinction: {value: loss}", "{value: loss}",
     "end.extinction.pieces", "a list of letters, or 'all'"},
    {"pieces: [Q]}", "pieces: [Z]}", "[Z]", "end.extinction.pieces", "'Z'"},
    {"stalemate_piece_count: false", "stalemate_piece_count: fewer", "fewer",
     "end.stalemate_piece_count", "true or false"},
    // Promotion and pawns.
    {"optional: true, forced_rank: 8", "optional: no way, forced_rank: 8", "no way",
     "pieces[5].promotion.optional", "true or false"},
    {"optional: true, forced_rank: 8", "optional: false, forced_rank: 8", "8, captured",
     "pieces[5].promotion.forced_rank", "with 'optional: true'"},
    {"forced_rank: 8", "forced_rank: [7, 8]", "[7, 8]", "pieces[5].promotion.forced_rank",
     "give one rank"},
    {"rank: 7, optional: true, forced_rank: 8", "rank: 7, optional: true, forced_rank: 6",
     "6, captured", "pieces[5].promotion.forced_rank", "before the promotion zone"},
    {"captured_only: true", "captured_only: lost", "lost", "pieces[5].promotion.captured_only",
     "true or false"},
    {"double_step: [2]", "double_step: [9]", "9]", "pieces[5].double_step", "9"},
    // The xboard engines' letters: for this variant's pieces, one upper-case letter each,
    // never another piece's own letter while that piece keeps it.
    {"xboard_letters: {N: S}", "xboard_letters: {Z: S}", "Z: S", "xboard_letters.Z",
     "not a piece letter"},
    {"xboard_letters: {N: S}", "xboard_letters: {N: s}", "s}", "xboard_letters.N", "upper-case"},
    {"xboard_letters: {N: S}", "xboard_letters: {N: Q}", "{N: Q}", "xboard_letters",
     "another piece's letter"},
    // One side's letters: a mapping of their own, a piece given one letter once per side,
    // and on that side still no letter that names two pieces.
    {"xboard_letters: {N: S}", "xboard_letters: {black: [N]}", "[N]", "xboard_letters.black",
     "mapping"},
    {"xboard_letters: {N: S}", "xboard_letters: {N: S, black: {N: T}}", "N: T",
     "xboard_letters.black.N", "has an engines' letter already"},
    {"xboard_letters: {N: S}", "xboard_letters: {white: {N: B}}", "{white", "xboard_letters",
     "another piece's letter (White)"},
    {"xboard_letters: {N: S}", "xboard_letters: {N: S, black: {B: S}}", "{N: S, black",
     "xboard_letters", "both N and B (Black)"},
    // A count of checks needs a piece to check.
    {"{letter: K, name: king, betza: K, royal: true}", "{letter: K, name: king, betza: K}",
     "3\n  region", "end.check_count", "royal"},
};

void PrintTo(const Misuse& m, std::ostream* os) {
    *os << "'" << m.from << "' -> '" << m.to << "'";
}

class CatalogueKeyMisuse : public testing::TestWithParam<Misuse> {};

TEST_P(CatalogueKeyMisuse, IsRefusedWithWhereAndWhy) {
    const Misuse& m = GetParam();
    const std::string text = replace(kKeyErrorsYaml, m.from, m.to);
    auto [line, column] = where(text, m.at);
    expect_error(text, {m.key, line, column, m.mentions});
}

INSTANTIATE_TEST_SUITE_P(CatalogueKeyErrors, CatalogueKeyMisuse, testing::ValuesIn(kMisuses),
                         [](const testing::TestParamInfo<Misuse>& info) {
                             return "m" + std::to_string(info.index);
                         });

}  // namespace
