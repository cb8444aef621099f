// Rules::from_fields makes the position a FEN names without the text: as_read_back must give
// exactly the fields parse_fen reads back from fields_to_fen's text, in every variant whose
// FEN has extras (hands, promoted marks, shogi's '+', check counts, the counting rules).
#include <gtest/gtest.h>

#include <random>

#include "referee/rules/base/fen.hpp"
#include "tests/support/rules.hpp"

namespace referee::rules {
namespace {

// Every field, as one text (PositionFields has no comparison of its own).
std::string every_field(const Geometry& g, const PositionFields& f) {
    auto marks = [](const std::vector<bool>& m) {
        std::string out;
        for (bool b : m) out += b ? '1' : '0';
        return out;
    };
    auto pair = [](const std::optional<std::array<int, 2>>& p) {
        return p ? std::to_string((*p)[0]) + "," + std::to_string((*p)[1]) : std::string("none");
    };
    return fields_to_fen(g, f) + " | stm " + std::to_string(f.side_to_move) + " castling " +
           f.castling + (f.castling_given ? " given" : "") + " ep " + f.en_passant + " clocks " +
           std::to_string(f.halfmove_clock) + "/" + std::to_string(f.fullmove_number) +
           " promoted " + marks(f.promoted) + " plus " + marks(f.plus) + " hand " + f.hand +
           (f.hand_given ? " given" : "") + " checks " + pair(f.checks_remaining) + " given " +
           pair(f.checks_given) + " counting " + pair(f.counting);
}

TEST(FieldsReadBack, FromFieldsIsFromTheFieldsFen) {
    for (const char* name : {"chess", "crazyhouse", "shogi", "makruk", "3check", "seirawan",
                             "kyotoshogi", "janggi", "horde", "minichess"}) {
        const Rules& rules = test::cached_rules(name);
        const Geometry& g = rules.geometry();
        std::mt19937 rng(7);
        int positions = 0;
        for (int game = 0; game < 4; ++game) {
            Position pos = rules.start();
            for (int ply = 0; ply < 120 && !pos.outcome(); ++ply) {
                const PositionFields f = pos.fields();
                const std::string fen = fields_to_fen(g, f);
                EXPECT_EQ(every_field(g, as_read_back(f)), every_field(g, parse_fen(g, fen)))
                    << name << " " << fen;
                EXPECT_EQ(rules.from_fields(f).fen(), rules.from_fen(fen).fen()) << name;
                ++positions;
                const auto moves = pos.legal_moves();
                if (moves.empty()) break;
                pos.play(moves[rng() % moves.size()]);
            }
        }
        EXPECT_GT(positions, 100) << name;
    }
}

TEST(FieldsReadBack, MarksOnEmptySquaresAndGivenCheckCountsAreNotWritten) {
    const Rules& rules = test::cached_rules("crazyhouse");
    PositionFields f = rules.start().fields();
    f.promoted.assign(f.placement.size(), false);
    f.promoted[*rules.geometry().parse("e4")] = true;  // an empty square
    f.checks_given = std::array<int, 2>{1, 0};
    f.castling_given = false;
    const PositionFields back = as_read_back(f);
    EXPECT_TRUE(back.promoted.empty());
    EXPECT_FALSE(back.checks_given.has_value());
    EXPECT_TRUE(back.castling_given);
}

TEST(FieldsReadBack, ACountWrittenInTheClocksPlacesIsReadBackFromThere) {
    const Rules& rules = test::cached_rules("makruk");
    const Geometry& g = rules.geometry();
    // A board's fields keep the half-move clock beside the count; the text has no place for it.
    PositionFields f = parse_fen(g, "8/8/4k3/8/8/4K3/8/7R w - 64 10 1");
    ASSERT_TRUE(f.counting.has_value());
    f.halfmove_clock = 5;
    EXPECT_EQ(every_field(g, as_read_back(f)), every_field(g, parse_fen(g, fields_to_fen(g, f))));
    EXPECT_EQ(as_read_back(f).halfmove_clock, 0);
}

}  // namespace
}  // namespace referee::rules
