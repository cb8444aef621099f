// The settings of one Lousy Chess bot, under either ruleset (docs/lousy-chess.md):
// its goals in order and its seed digit and, for the published module, the
// 41-digit string its seed and the bomb's serial number make. Only settings live here; the
// choice of a move is in choose.hpp.
#pragma once

#include <array>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace referee::lousy {

// Any setting or situation the bots cannot work with. The message names the value and
// what was wrong with it.
class LousyError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// draft: the draft rules as written; module: the published module.
enum class Ruleset { Draft, Module };
Ruleset parse_ruleset(std::string_view text);  // "draft" or "module"
const char* ruleset_name(Ruleset r);

// The draft's goals (the module's five bots are made of the same pieces, see module_goal).
enum class Goal {
    KingMustDie,
    WhiteIsLava,
    BlackIsLava,
    QueensWild,
    RooksWild,
    BishopsWild,
    KnightsWild,
    WeGotThisAllWrong,
    MirrorMirror,
};
inline constexpr std::array kAllGoals = {
    Goal::KingMustDie, Goal::WhiteIsLava,       Goal::BlackIsLava,
    Goal::QueensWild,  Goal::RooksWild,         Goal::BishopsWild,
    Goal::KnightsWild, Goal::WeGotThisAllWrong, Goal::MirrorMirror,
};
const char* goal_name(Goal g);  // "king-must-die", ...
Goal parse_goal(std::string_view text);
// "king-must-die,mirror-mirror" (spaces around names allowed); at least one goal.
std::vector<Goal> parse_goal_list(std::string_view text);

// The module's bots, by letter, and the goal each one follows.
inline constexpr std::string_view kModuleLetters = "DKLMS";
Goal module_goal(char letter);  // throws LousyError for a letter not in kModuleLetters

// The serial number's digit string: digits stay, letters become their alphabet position
// written out ("CH3SS5" -> 3 8 3 19 19 5 -> 38319195). Six letters or digits, either case.
std::vector<int> serial_digits(std::string_view serial);

inline constexpr int kModuleDigitCount = 41;  // digit 0 (the seed) and one per full move to 40

struct Bot {
    Ruleset ruleset = Ruleset::Draft;
    std::vector<Goal> goals;
    int seed = 0;             // 0..9
    char letter = 0;          // module only: one of kModuleLetters
    std::string serial;       // module only, upper case
    std::vector<int> digits;  // module only: kModuleDigitCount digits, digits[0] == seed

    // Throws LousyError for a seed outside 0..9.
    static Bot draft(std::vector<Goal> goals, int seed);
    // Throws LousyError for an unknown letter, a seed outside 0..9 or a malformed serial.
    static Bot module(char letter, int seed, std::string_view serial);

    bool has_goal(Goal g) const;
    // "L4" for a module bot; "king-must-die,mirror-mirror seed 3" for a draft bot.
    std::string label() const;
};

// A module bot written as on the module's display: a letter and a seed digit, "L4".
Bot parse_module_bot(std::string_view text, std::string_view serial);
// A seed as typed by a user: one digit 0..9.
int parse_seed(std::string_view text);

}  // namespace referee::lousy
