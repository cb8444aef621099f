#include "referee/lousy/bot.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>

namespace referee::lousy {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

std::string goal_names() {
    std::string out;
    for (Goal g : kAllGoals) out += (out.empty() ? "" : ", ") + std::string(goal_name(g));
    return out;
}

void check_seed(int seed) {
    if (seed < 0 || seed > 9)
        throw LousyError(
            fmt::format("the seed {} is outside 0-9; a bot's seed is one digit", seed));
}

}  // namespace

Ruleset parse_ruleset(std::string_view text) {
    if (text == "draft") return Ruleset::Draft;
    if (text == "module") return Ruleset::Module;
    throw LousyError(fmt::format(
        "unknown ruleset '{}'; it is 'draft' (the draft rules) or 'module' (the published module)",
        text));
}

const char* ruleset_name(Ruleset r) {
    return r == Ruleset::Draft ? "draft" : "module";
}

const char* goal_name(Goal g) {
    switch (g) {
        case Goal::KingMustDie:
            return "king-must-die";
        case Goal::WhiteIsLava:
            return "white-is-lava";
        case Goal::BlackIsLava:
            return "black-is-lava";
        case Goal::QueensWild:
            return "queens-wild";
        case Goal::RooksWild:
            return "rooks-wild";
        case Goal::BishopsWild:
            return "bishops-wild";
        case Goal::KnightsWild:
            return "knights-wild";
        case Goal::WeGotThisAllWrong:
            return "we-got-this-all-wrong";
        case Goal::MirrorMirror:
            return "mirror-mirror";
    }
    return "?";
}

Goal parse_goal(std::string_view text) {
    for (Goal g : kAllGoals)
        if (text == goal_name(g)) return g;
    throw LousyError(fmt::format("unknown goal '{}'; the goals are {}", text, goal_names()));
}

std::vector<Goal> parse_goal_list(std::string_view text) {
    std::vector<Goal> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        if (comma == std::string_view::npos) comma = text.size();
        std::string_view name = trim(text.substr(start, comma - start));
        if (name.empty())
            throw LousyError(
                fmt::format("the goal list '{}' has an empty entry; write goals separated by "
                            "commas, e.g. king-must-die,mirror-mirror",
                            text));
        out.push_back(parse_goal(name));
        start = comma + 1;
    }
    return out;
}

Goal module_goal(char letter) {
    switch (letter) {
        case 'D':
            return Goal::BlackIsLava;  // dark -> light, then light -> light
        case 'K':
            return Goal::KingMustDie;
        case 'L':
            return Goal::WhiteIsLava;  // light -> dark, then dark -> dark
        case 'M':
            return Goal::MirrorMirror;
        case 'S':
            return Goal::WeGotThisAllWrong;
    }
    throw LousyError(
        fmt::format("unknown bot letter '{}'; the module's bots are D, K, L, M and S", letter));
}

std::vector<int> serial_digits(std::string_view serial) {
    bool well_formed = serial.size() == 6;
    for (char c : serial) well_formed = well_formed && std::isalnum(static_cast<unsigned char>(c));
    if (!well_formed)
        throw LousyError(
            fmt::format("the serial number '{}' is not six letters or digits", serial));
    std::vector<int> out;
    for (char c : serial) {
        if (std::isdigit(static_cast<unsigned char>(c))) {
            out.push_back(c - '0');
            continue;
        }
        const int position = std::toupper(static_cast<unsigned char>(c)) - 'A' + 1;
        if (position >= 10) out.push_back(position / 10);
        out.push_back(position % 10);
    }
    return out;
}

Bot Bot::draft(std::vector<Goal> goals, int seed) {
    check_seed(seed);
    Bot b;
    b.ruleset = Ruleset::Draft;
    b.goals = std::move(goals);
    b.seed = seed;
    return b;
}

Bot Bot::module(char letter, int seed, std::string_view serial) {
    Bot b;
    b.ruleset = Ruleset::Module;
    b.goals = {module_goal(letter)};
    check_seed(seed);
    const std::vector<int> base = serial_digits(serial);
    b.seed = seed;
    b.letter = letter;
    for (char c : serial)
        b.serial += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    b.digits.push_back(seed);
    for (int k = 0; k + 1 < kModuleDigitCount; ++k)
        b.digits.push_back((b.digits[k] + base[k % base.size()]) % 10);
    return b;
}

bool Bot::has_goal(Goal g) const {
    return std::find(goals.begin(), goals.end(), g) != goals.end();
}

std::string Bot::label() const {
    if (ruleset == Ruleset::Module) return fmt::format("{}{}", letter, seed);
    std::string names;
    for (Goal g : goals) names += (names.empty() ? "" : ",") + std::string(goal_name(g));
    if (names.empty()) names = "(no goals)";
    return fmt::format("{} seed {}", names, seed);
}

int parse_seed(std::string_view text) {
    const std::string_view t = trim(text);
    if (t.size() != 1 || !std::isdigit(static_cast<unsigned char>(t[0])))
        throw LousyError(
            fmt::format("the seed '{}' is outside 0-9; a bot's seed is one digit", text));
    return t[0] - '0';
}

Bot parse_module_bot(std::string_view text, std::string_view serial) {
    const std::string_view t = trim(text);
    auto malformed = [&] {
        return LousyError(fmt::format(
            "the bot '{}' is not a letter and a seed digit as on the module's display, e.g. L4",
            text));
    };
    if (t.size() < 2) throw malformed();
    const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
    module_goal(letter);  // names the unknown letter before anything else
    const std::string_view digits = t.substr(1);
    if (digits.size() > 3 || !std::all_of(digits.begin(), digits.end(), [](char c) {
            return std::isdigit(static_cast<unsigned char>(c));
        }))
        throw malformed();
    int seed = 0;
    for (char c : digits) seed = seed * 10 + (c - '0');
    return Bot::module(letter, seed, serial);
}

}  // namespace referee::lousy
