#include "referee/lousy/puzzle.hpp"

#include <random>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::lousy {

namespace {

constexpr int kMinimumPlies = 12;
constexpr int kAttempts = 1000;

// std::mt19937_64's output is fixed by the standard, unlike the standard distributions,
// so a puzzle seed gives the same puzzle with any standard library.
class Draw {
  public:
    explicit Draw(std::uint64_t seed) : rng_(seed) {}
    int below(int n) { return static_cast<int>(rng_() % static_cast<std::uint64_t>(n)); }
    // Two different values in 0..n-1.
    std::pair<int, int> two_different(int n) {
        const int a = below(n);
        int b = below(n - 1);
        if (b >= a) ++b;
        return {a, b};
    }

  private:
    std::mt19937_64 rng_;
};

// Shaped like a bomb's serial number: two letters or digits, a digit, two letters, a digit.
// No letter O, which reads like the digit 0.
std::string random_serial(Draw& draw) {
    const std::string letters = "ABCDEFGHIJKLMNPQRSTUVWXYZ";
    const std::string digits = "0123456789";
    const std::string either = letters + digits;
    std::string s;
    s += either[draw.below(static_cast<int>(either.size()))];
    s += either[draw.below(static_cast<int>(either.size()))];
    s += digits[draw.below(10)];
    s += letters[draw.below(static_cast<int>(letters.size()))];
    s += letters[draw.below(static_cast<int>(letters.size()))];
    s += digits[draw.below(10)];
    return s;
}

std::pair<Bot, Bot> random_bots(Draw& draw, Ruleset ruleset, const std::string& serial) {
    const auto [ws, bs] = draw.two_different(10);
    if (ruleset == Ruleset::Module) {
        const auto [wl, bl] = draw.two_different(static_cast<int>(kModuleLetters.size()));
        return {Bot::module(kModuleLetters[wl], ws, serial),
                Bot::module(kModuleLetters[bl], bs, serial)};
    }
    // The draft does not say how bots are drawn; each gets one row of its table, as each
    // module bot is one goal.
    const auto [wg, bg] = draw.two_different(static_cast<int>(kAllGoals.size()));
    return {Bot::draft({kAllGoals[wg]}, ws), Bot::draft({kAllGoals[bg]}, bs)};
}

const Bot& bot_to_move(const Puzzle& p) {
    return p.position.side_to_move() == rules::White ? p.white : p.black;
}

}  // namespace

bool Puzzle::needs_last_move() const {
    return history.last_move && bot_to_move(*this).has_goal(Goal::MirrorMirror);
}

bool Puzzle::needs_promoted_queens() const {
    return ruleset == Ruleset::Module && !history.promoted_queens.empty() &&
           (white.has_goal(Goal::WeGotThisAllWrong) || black.has_goal(Goal::WeGotThisAllWrong));
}

Puzzle make_puzzle(const rules::Rules& minitchess, Ruleset ruleset,
                   std::optional<std::string> serial, std::uint64_t seed) {
    Draw draw(seed);
    std::string the_serial;
    if (ruleset == Ruleset::Module) {
        the_serial = serial ? *serial : random_serial(draw);
        serial_digits(the_serial);  // throws for a malformed serial before any game is played
    }
    for (int attempt = 0; attempt < kAttempts; ++attempt) {
        auto [white, black] = random_bots(draw, ruleset, the_serial);
        const Replay game = replay(white, black, minitchess.start(), History{});
        const int total = static_cast<int>(game.moves.size());
        if (total < kMinimumPlies) continue;

        int shown = total - (4 + draw.below(3));
        const Bot& to_move = shown % 2 == 0 ? white : black;  // White moves first from the start
        if (to_move.has_goal(Goal::MirrorMirror)) --shown;

        rules::Position pos = minitchess.start();
        History history;
        std::vector<std::string> before;
        for (int i = 0; i < shown; ++i) {
            before.push_back(game.moves[i].name);
            play(pos, history, game.moves[i].move);
        }
        Puzzle p{ruleset, ruleset == Ruleset::Module ? white.serial : "",
                 white,   black,
                 before,  pos,
                 history, {}};

        // Solve from what the display shows only, and check it is the game that was played:
        // a mismatch would mean the display leaves out something the bots use.
        History shown_history;
        if (p.needs_last_move()) shown_history.last_move = history.last_move;
        if (p.needs_promoted_queens()) shown_history.promoted_queens = history.promoted_queens;
        p.answer = replay(white, black, pos, shown_history);
        bool same = static_cast<int>(p.answer.moves.size()) == total - shown;
        for (int i = 0; same && i < total - shown; ++i)
            same = p.answer.moves[i].move == game.moves[shown + i].move;
        if (!same)
            throw std::logic_error(
                fmt::format("puzzle seed {}: the replay from the displayed position differs from "
                            "the game played",
                            seed));
        return p;
    }
    throw LousyError(
        fmt::format("no game of at least {} plies came up in {} tries (puzzle seed {})",
                    kMinimumPlies, kAttempts, seed));
}

}  // namespace referee::lousy
