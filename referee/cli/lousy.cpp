// referee lousy replay | puzzle: the Lousy Chess bots (docs/lousy-chess.md).
// Options are read as text and checked by the lousy library, so every bad value gets the
// same one-line error and exit code 1.
#include <charconv>
#include <iostream>
#include <random>
#include <sstream>

#include <fmt/format.h>

#include "referee/cli/commands.hpp"
#include "referee/cli/position_args.hpp"
#include "referee/lousy/choose.hpp"
#include "referee/lousy/history.hpp"
#include "referee/lousy/puzzle.hpp"
#include "referee/lousy/replay.hpp"
#include "referee/lousy/text.hpp"

namespace referee::cli {

namespace {

using lousy::Bot;
using lousy::LousyError;
using lousy::Ruleset;

std::vector<std::string> words(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// One side's bot as the options give it: "--white L4" (module) or "--white-goals G,G
// --white-seed N" (draft).
struct BotArgs {
    std::string module_bot, goals, seed;
    CLI::Option *module_opt = nullptr, *goals_opt = nullptr, *seed_opt = nullptr;

    void add_to(CLI::App& cmd, const std::string& side) {
        module_opt = cmd.add_option(
            "--" + side, module_bot,
            fmt::format("module: {}'s bot, a letter D K L M S and a seed digit, e.g. L4", side));
        goals_opt =
            cmd.add_option("--" + side + "-goals", goals,
                           fmt::format("draft: {}'s goals in order, comma-separated", side));
        seed_opt = cmd.add_option("--" + side + "-seed", seed,
                                  fmt::format("draft: {}'s seed digit 0-9", side));
    }

    Bot make(Ruleset ruleset, const std::string& side, const std::string& serial) const {
        if (ruleset == Ruleset::Module) {
            if (goals_opt->count() || seed_opt->count())
                throw LousyError(fmt::format(
                    "--{0}-goals and --{0}-seed belong to the draft ruleset; the module's bots are "
                    "given as --{0} LETTER+SEED, e.g. --{0} L4",
                    side));
            if (!module_opt->count())
                throw LousyError(fmt::format("the module ruleset needs --{} (e.g. L4)", side));
            return lousy::parse_module_bot(module_bot, serial);
        }
        if (module_opt->count())
            throw LousyError(
                fmt::format("--{0} belongs to the module ruleset; a draft bot is given as "
                            "--{0}-goals and --{0}-seed",
                            side));
        if (!goals_opt->count() || !seed_opt->count())
            throw LousyError(
                fmt::format("the draft ruleset needs --{0}-goals and --{0}-seed", side));
        return Bot::draft(lousy::parse_goal_list(goals), lousy::parse_seed(seed));
    }
};

struct ReplayArgs {
    std::string ruleset = "module";
    std::string serial;
    BotArgs white, black;
    PositionArgs position;
    std::string moves, move_number, to_move, last_move, promoted;
    bool boards = false, explain = false;
    CLI::Option *serial_opt = nullptr, *moves_opt = nullptr, *last_move_opt = nullptr;
};

// The position on display, with the move number and side to move overridden when given.
rules::Position displayed_position(const ReplayArgs& a, const rules::Rules& rules) {
    rules::Position pos = a.position.load(rules);
    if (a.move_number.empty() && a.to_move.empty()) return pos;
    auto fields = words(pos.fen());  // placement side castling en-passant halfmove fullmove
    if (!a.to_move.empty()) {
        if (a.to_move != "white" && a.to_move != "black")
            throw LousyError(fmt::format("--to-move '{}' is neither white nor black", a.to_move));
        fields[1] = a.to_move == "white" ? "w" : "b";
    }
    if (!a.move_number.empty()) {
        int n = 0;
        auto [end, ec] =
            std::from_chars(a.move_number.data(), a.move_number.data() + a.move_number.size(), n);
        if (ec != std::errc() || end != a.move_number.data() + a.move_number.size() || n < 1 ||
            n > 40)
            throw LousyError(
                fmt::format("--move-number '{}' is not a move number 1-40", a.move_number));
        fields[5] = std::to_string(n);
    }
    return rules.from_fen(fmt::format("{} {} {} {} {} {}", fields[0], fields[1], fields[2],
                                      fields[3], fields[4], fields[5]));
}

lousy::History given_history(const ReplayArgs& a, const rules::Position& pos) {
    const rules::Geometry& g = pos.rules().geometry();
    lousy::History h;
    if (!a.last_move.empty()) {
        try {
            const rules::MoveText mt = rules::parse_move_text(g, a.last_move);
            h.last_move = rules::Move::make(mt.from, mt.to);
        } catch (const rules::MoveError& e) {
            throw LousyError(fmt::format("--last-move '{}': {}", a.last_move, e.what()));
        }
    }
    std::string list = a.promoted;
    for (char& c : list)
        if (c == ',') c = ' ';
    for (const std::string& name : words(list)) {
        auto s = g.parse(name);
        if (!s)
            throw LousyError(
                fmt::format("--promoted: '{}' is not a square of the 5x6 board", name));
        h.promoted_queens.push_back(*s);
    }
    return h;
}

// Plays --moves from the displayed position; the history follows them.
void play_given_moves(const ReplayArgs& a, rules::Position& pos, lousy::History& h) {
    int index = 0;
    for (const std::string& text : words(a.moves)) {
        ++index;
        if (auto o = pos.outcome())
            throw LousyError(
                fmt::format("--moves: move {} '{}' comes after the end of the game ({})", index,
                            text, o->description));
        try {
            lousy::play(pos, h, pos.parse_move(text));
        } catch (const rules::MoveError& e) {
            throw LousyError(fmt::format("--moves: move {}: {}", index, e.what()));
        }
    }
}

std::string ply_label(const lousy::ReplayedMove& m) {
    return fmt::format("{}{} {}", m.move_number, m.side == rules::White ? "." : "...", m.name);
}

void run_replay(const ReplayArgs& a) {
    const Ruleset ruleset = lousy::parse_ruleset(a.ruleset);
    if (ruleset == Ruleset::Module && a.serial_opt->count() == 0)
        throw LousyError("the module ruleset needs the bomb's --serial (six letters or digits)");
    if (ruleset == Ruleset::Draft && a.serial_opt->count())
        throw LousyError(
            "--serial belongs to the module ruleset; the draft's bots use no serial number");
    const Bot white = a.white.make(ruleset, "white", a.serial);
    const Bot black = a.black.make(ruleset, "black", a.serial);
    if (a.moves_opt->count() && a.last_move_opt->count())
        throw LousyError(
            "give either --moves (the last move is taken from them) or --last-move, not both");

    const auto rules = rules::Rules::load("minitchess");
    rules::Position pos = displayed_position(a, rules);
    lousy::History history = given_history(a, pos);
    lousy::check_history(pos, history);  // before --moves, so errors name the position given
    play_given_moves(a, pos, history);

    const lousy::Replay game = lousy::replay(white, black, pos, history);
    if (!a.boards && !a.explain) {
        for (const std::string& line : lousy::move_lines(game.moves)) std::cout << line << '\n';
    } else {
        // One ply a line, so that each one's explanation or board follows it.
        if (a.boards) std::cout << lousy::board_diagram(pos) << '\n';
        for (const auto& m : game.moves) {
            std::cout << ply_label(m) << '\n';
            if (a.explain) {
                const Bot& bot = m.side == rules::White ? white : black;
                std::cout << fmt::format(
                    "    {} {}: {}: {}; {} -> {}\n", rules::color_name(m.side), bot.label(),
                    m.choice.rule, fmt::join(m.choice.candidates, " "), m.choice.pick, m.name);
            }
            if (a.boards) {
                lousy::play(pos, history, m.move);
                std::cout << lousy::board_diagram(pos) << '\n';
            }
        }
    }
    std::cout << fmt::format("Result: {}\n", lousy::result_line(game.outcome));
}

void add_replay_command(CLI::App& lousy_cmd) {
    auto a = std::make_shared<ReplayArgs>();
    auto* cmd = lousy_cmd.add_subcommand(
        "replay", "play out a Lousy Chess game from the position on display");
    cmd->add_option("--ruleset", a->ruleset,
                    "module (the published module, default) or draft (the draft rules)");
    a->serial_opt = cmd->add_option("--serial", a->serial,
                                    "module: the bomb's serial number, six letters or digits");
    a->white.add_to(*cmd, "white");
    a->black.add_to(*cmd, "black");
    a->position.add_to(*cmd);
    a->moves_opt = cmd->add_option("--moves", a->moves,
                                   "moves played before the replay starts, from the start position "
                                   "or --fen/--board, e.g. \"a2-a3 b5-b4\"");
    cmd->add_option("--move-number", a->move_number,
                    "the full-move number on display (overrides the FEN's or board's)");
    cmd->add_option("--to-move", a->to_move, "white or black (overrides the FEN's or board's)");
    a->last_move_opt =
        cmd->add_option("--last-move", a->last_move,
                        "the opponent's last move, which mirror bots copy, e.g. d5-d4");
    cmd->add_option("--promoted", a->promoted,
                    "module: squares of queens that were pawns, comma-separated (the S bot aims "
                    "them elsewhere)");
    cmd->add_flag("--boards", a->boards, "print the board after every move");
    cmd->add_flag("--explain", a->explain,
                  "print why each move was made: the goal, the candidates and the pick");
    cmd->footer(
        "Prints every remaining move, one full move a line (\"8. c1-d2 a6-b5\", \"8... a6-b5\" "
        "when\n"
        "Black moves first), then the result and why.\n\n"
        "Examples:\n"
        "  referee lousy replay --serial CH3SS5 --white L8 --black K7 \\\n"
        "      --fen 'k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8'\n"
        "  referee lousy replay --serial CH3SS5 --white M3 --black K7 \\\n"
        "      --fen 'k1b1r/2ppp/p2Q1/Nq2P/PP3/R1B1K w - - 0 8' --last-move a5-a4 --explain\n"
        "  referee lousy replay --serial CH3SS5 --white L4 --black M2 --moves \"b1-c3 e5-e4\"\n"
        "  referee lousy replay --ruleset draft --white-goals king-must-die,mirror-mirror "
        "--white-seed 3 \\\n"
        "      --black-goals white-is-lava --black-seed 5 --board position.txt --boards");
    cmd->callback([a] { run_replay(*a); });
}

struct PuzzleArgs {
    std::string ruleset = "module";
    std::string serial;
    std::string seed;
    bool answer = false;
};

void run_puzzle(const PuzzleArgs& a) {
    const Ruleset ruleset = lousy::parse_ruleset(a.ruleset);
    std::optional<std::string> serial;
    if (!a.serial.empty()) {
        if (ruleset == Ruleset::Draft)
            throw LousyError(
                "--serial belongs to the module ruleset; the draft's bots use no serial number");
        serial = a.serial;
    }
    std::uint64_t seed = 0;
    if (a.seed.empty()) {
        std::random_device device;
        seed = (std::uint64_t{device()} << 32) | device();
    } else {
        auto [end, ec] = std::from_chars(a.seed.data(), a.seed.data() + a.seed.size(), seed);
        if (ec != std::errc() || end != a.seed.data() + a.seed.size())
            throw LousyError(fmt::format("--seed '{}' is not a non-negative whole number", a.seed));
    }
    const auto rules = rules::Rules::load("minitchess");
    const lousy::Puzzle p = lousy::make_puzzle(rules, ruleset, serial, seed);
    std::cout << lousy::puzzle_display(p);
    std::cout << fmt::format("Puzzle seed: {}\n", seed);
    std::cout << fmt::format("Replay: {}\n", lousy::replay_command(p));
    if (a.answer) {
        std::cout << "\nAnswer:\n";
        for (const std::string& line : lousy::move_lines(p.answer.moves)) std::cout << line << '\n';
        std::cout << fmt::format("Result: {}\n", lousy::result_line(p.answer.outcome));
    }
}

void add_puzzle_command(CLI::App& lousy_cmd) {
    auto a = std::make_shared<PuzzleArgs>();
    auto* cmd =
        lousy_cmd.add_subcommand("puzzle", "make a Lousy Chess puzzle the way the module does");
    cmd->add_option("--ruleset", a->ruleset, "module (default) or draft");
    cmd->add_option("--serial", a->serial,
                    "module: the bomb's serial number (default: a random one)");
    cmd->add_option("--seed", a->seed,
                    "makes the puzzle reproducible (default: a random seed, printed)");
    cmd->add_flag("--answer", a->answer,
                  "also print the solution: every remaining move and the result");
    cmd->footer(
        "Two random bots (different letters and seeds) play from the start a game of at least 12 "
        "plies;\n"
        "4 to 6 plies are taken back (one more when the mirror bot is to move). Prints the "
        "display:\n"
        "bots, serial, move number, side to move, board, and the last move when a mirror bot needs "
        "it.\n\n"
        "Example:\n"
        "  referee lousy puzzle --serial CH3SS5 --seed 42 --answer");
    cmd->callback([a] { run_puzzle(*a); });
}

}  // namespace

void add_lousy_command(CLI::App& app) {
    auto* cmd = app.add_subcommand("lousy", "Lousy Chess: replay the scripted bots, make puzzles");
    cmd->require_subcommand(1);
    add_replay_command(*cmd);
    add_puzzle_command(*cmd);
}

}  // namespace referee::cli
