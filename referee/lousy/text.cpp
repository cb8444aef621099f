#include "referee/lousy/text.hpp"

#include <fmt/format.h>

#include "referee/lousy/squares.hpp"

namespace referee::lousy {

namespace {

std::string goal_list(const Bot& bot) {
    std::string out;
    for (Goal g : bot.goals) out += (out.empty() ? "" : ",") + std::string(goal_name(g));
    return out;
}

std::string bot_options(const char* side, const Bot& bot) {
    if (bot.ruleset == Ruleset::Module) return fmt::format(" --{} {}", side, bot.label());
    return fmt::format(" --{}-goals {} --{}-seed {}", side, goal_list(bot), side, bot.seed);
}

}  // namespace

std::vector<std::string> move_lines(const std::vector<ReplayedMove>& moves) {
    std::vector<std::string> lines;
    for (const ReplayedMove& m : moves) {
        if (m.side == rules::White)
            lines.push_back(fmt::format("{}. {}", m.move_number, m.name));
        else if (lines.empty())
            lines.push_back(fmt::format("{}... {}", m.move_number, m.name));
        else
            lines.back() += " " + m.name;
    }
    return lines;
}

std::string result_line(const rules::Outcome& outcome) {
    return fmt::format("{} ({})", rules::result_string(outcome.result), outcome.description);
}

std::string board_diagram(const rules::Position& pos) {
    const rules::Geometry& g = pos.rules().geometry();
    std::string out;
    for (int rank = g.height - 1; rank >= 0; --rank) {
        out += fmt::format("{:>2} ", rank + 1);
        for (int file = 0; file < g.width; ++file)
            out += fmt::format(" {}", pos.letter_at(g.at(file, rank)));
        out += '\n';
    }
    out += "   ";
    for (int file = 0; file < g.width; ++file)
        out += fmt::format(" {}", static_cast<char>('a' + file));
    out += '\n';
    return out;
}

std::string square_list(const rules::Geometry& g, const std::vector<rules::Square>& squares) {
    std::string out;
    for (rules::Square s : squares) out += (out.empty() ? "" : ",") + g.name(s);
    return out;
}

std::string puzzle_display(const Puzzle& p) {
    const rules::Geometry& g = p.position.rules().geometry();
    std::string out = fmt::format("Lousy Chess puzzle ({} ruleset)\n", ruleset_name(p.ruleset));
    if (p.ruleset == Ruleset::Module) out += fmt::format("Serial number: {}\n", p.serial);
    out += fmt::format("White: {}\nBlack: {}\n", p.white.label(), p.black.label());
    out += fmt::format("Move {}, {} to move\n", p.position.fullmove_number(),
                       rules::color_name(p.position.side_to_move()));
    if (p.needs_last_move())
        out += fmt::format("Last move: {}\n", dash_name(g, *p.history.last_move));
    if (p.needs_promoted_queens())
        out += fmt::format("Promoted queens: {}\n", square_list(g, p.history.promoted_queens));
    out += '\n' + board_diagram(p.position) + '\n';
    out += fmt::format("FEN: {}\n", p.position.fen());
    return out;
}

std::string replay_command(const Puzzle& p) {
    const rules::Geometry& g = p.position.rules().geometry();
    std::string out = fmt::format("referee lousy replay --ruleset {}", ruleset_name(p.ruleset));
    if (p.ruleset == Ruleset::Module) out += fmt::format(" --serial {}", p.serial);
    out += bot_options("white", p.white) + bot_options("black", p.black);
    out += fmt::format(" --fen '{}'", p.position.fen());
    if (p.needs_last_move())
        out += fmt::format(" --last-move {}", dash_name(g, *p.history.last_move));
    if (p.needs_promoted_queens())
        out += fmt::format(" --promoted {}", square_list(g, p.history.promoted_queens));
    return out;
}

}  // namespace referee::lousy
