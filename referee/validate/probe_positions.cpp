#include "referee/validate/probe_positions.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::validate {

using rules::Move;
using rules::Position;

std::vector<std::string> scripted_line(const rules::Rules& rules, int plies, int formula) {
    Position pos = rules.start();
    std::vector<std::string> line;
    for (int ply = 0; ply < plies; ++ply) {
        auto moves = pos.legal_moves();
        std::sort(moves.begin(), moves.end(),
                  [&](Move a, Move b) { return pos.move_name(a) < pos.move_name(b); });
        bool played = false;
        const std::size_t n = moves.size();
        for (std::size_t tried = 0; tried < n && !played; ++tried) {
            const Move m = moves[(static_cast<std::size_t>(ply) * formula + 3 + tried) % n];
            const std::string name = pos.move_name(m, rules::MoveStyle::Uci);
            pos.play(m);
            if (!pos.outcome() && !pos.legal_moves().empty()) {
                line.push_back(name);
                played = true;
            } else {
                pos.undo();
            }
        }
        if (!played)
            throw std::runtime_error(
                fmt::format("no move after ply {} of {} keeps the game going", ply, rules.name()));
    }
    return line;
}

}  // namespace referee::validate
