// Bot settings: goal names, the module's letters, the serial number's digit string and each
// bot's 41 digits, and the errors for values the bots cannot use.
#include "referee/lousy/bot.hpp"

#include <gtest/gtest.h>

#include "lousy_test_util.hpp"

namespace {

using lousy_test::expect_error;
using referee::lousy::Bot;
using referee::lousy::Goal;
using referee::lousy::LousyError;
using referee::lousy::Ruleset;

TEST(LousySerial, LettersBecomeTheirAlphabetPosition) {
    // Spec: CH3SS5 -> C=3 H=8 3 S=19 S=19 5 -> 38319195.
    EXPECT_EQ(referee::lousy::serial_digits("CH3SS5"), (std::vector<int>{3, 8, 3, 1, 9, 1, 9, 5}));
    // The published manual's reworded version: SH1HJ3 -> 19 8 1 8 10 3 -> 198181031...
    EXPECT_EQ(referee::lousy::serial_digits("SH1HJ3"), (std::vector<int>{1, 9, 8, 1, 8, 1, 0, 3}));
    // Lower case is read as upper case.
    EXPECT_EQ(referee::lousy::serial_digits("ch3ss5"), referee::lousy::serial_digits("CH3SS5"));
}

TEST(LousySerial, BotDigitsAddTheSerialDigitsModTen) {
    // The reworded manual's table for serial SH1HJ3 and White's seed 2: W2320190034
    // (digit 0 is the seed; the serial's digits repeat after the eighth).
    const Bot w = Bot::module('L', 2, "SH1HJ3");
    ASSERT_EQ(w.digits.size(), 41u);
    EXPECT_EQ(std::vector<int>(w.digits.begin(), w.digits.begin() + 10),
              (std::vector<int>{2, 3, 2, 0, 1, 9, 0, 0, 3, 4}));
    // Same table, Black's seed 7: B7875645589.
    const Bot b = Bot::module('K', 7, "SH1HJ3");
    EXPECT_EQ(std::vector<int>(b.digits.begin(), b.digits.begin() + 10),
              (std::vector<int>{7, 8, 7, 5, 6, 4, 5, 5, 8, 9}));
    // Spec: CH3SS5 and L8 give digit 2 at move 7 and 7 at move 8. By hand:
    // 8, 8+3=1, 1+8=9, 9+3=2, 2+1=3, 3+9=2, 2+1=3, 3+9=2, 2+5=7.
    const Bot l8 = Bot::module('L', 8, "CH3SS5");
    EXPECT_EQ(std::vector<int>(l8.digits.begin(), l8.digits.begin() + 9),
              (std::vector<int>{8, 1, 9, 2, 3, 2, 3, 2, 7}));
}

TEST(LousyBots, ModuleLettersAreTheDraftGoals) {
    EXPECT_EQ(referee::lousy::module_goal('D'), Goal::BlackIsLava);  // dark -> light
    EXPECT_EQ(referee::lousy::module_goal('L'), Goal::WhiteIsLava);  // light -> dark
    EXPECT_EQ(referee::lousy::module_goal('K'), Goal::KingMustDie);
    EXPECT_EQ(referee::lousy::module_goal('M'), Goal::MirrorMirror);
    EXPECT_EQ(referee::lousy::module_goal('S'), Goal::WeGotThisAllWrong);
    EXPECT_EQ(referee::lousy::parse_module_bot("l4", "CH3SS5").label(), "L4");
}

TEST(LousyBots, GoalListsReadEveryDraftGoal) {
    const auto goals = referee::lousy::parse_goal_list(
        "king-must-die, "
        "white-is-lava,black-is-lava,queens-wild,rooks-wild,bishops-wild,knights-wild,"
        "we-got-this-all-wrong,mirror-mirror");
    EXPECT_EQ(goals, std::vector<Goal>(referee::lousy::kAllGoals.begin(),
                                       referee::lousy::kAllGoals.end()));
    EXPECT_EQ(Bot::draft({Goal::KingMustDie, Goal::MirrorMirror}, 3).label(),
              "king-must-die,mirror-mirror seed 3");
}

TEST(LousyBots, BadSettingsAreNamedInTheError) {
    expect_error([] { referee::lousy::parse_goal("queen-wild"); }, "unknown goal 'queen-wild'");
    expect_error([] { referee::lousy::parse_goal_list("king-must-die,,mirror-mirror"); },
                 "empty entry");
    expect_error([] { Bot::module('X', 3, "CH3SS5"); }, "unknown bot letter 'X'");
    expect_error([] { referee::lousy::parse_module_bot("Q4", "CH3SS5"); },
                 "unknown bot letter 'Q'");
    expect_error([] { referee::lousy::parse_module_bot("L12", "CH3SS5"); },
                 "seed 12 is outside 0-9");
    expect_error([] { referee::lousy::parse_module_bot("L", "CH3SS5"); },
                 "not a letter and a seed digit");
    expect_error([] { Bot::draft({Goal::KingMustDie}, 10); }, "seed 10 is outside 0-9");
    expect_error([] { Bot::draft({Goal::KingMustDie}, -1); }, "seed -1 is outside 0-9");
    expect_error([] { referee::lousy::parse_seed("x"); }, "'x' is outside 0-9");
    expect_error([] { Bot::module('L', 4, "CH3SS"); }, "'CH3SS' is not six letters or digits");
    expect_error([] { Bot::module('L', 4, "CH3-S5"); }, "'CH3-S5' is not six letters or digits");
    expect_error([] { referee::lousy::parse_ruleset("published"); }, "unknown ruleset 'published'");
}

}  // namespace
