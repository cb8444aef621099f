#include "tests/support/fairy_stockfish.hpp"

#include <sstream>

#include "tests/support/run_command.hpp"

namespace referee::test {

FsAnswer ask_fairy_stockfish(const std::string& variant, const std::vector<std::string>& moves,
                             int depth, const std::string& variant_path) {
    std::string input;
    if (!variant_path.empty()) input += "setoption name VariantPath value " + variant_path + "\n";
    input += "setoption name UCI_Variant value " + variant + "\nposition startpos";
    if (!moves.empty()) {
        input += " moves";
        for (const auto& m : moves) input += " " + m;
    }
    input += "\nd\ngo perft " + std::to_string(depth) + "\nquit\n";
    const auto result = run_command(kFairyStockfish, {}, input, 600);
    FsAnswer out;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("Fen: ", 0) == 0) out.fen = line.substr(5);
        if (line.rfind("Nodes searched: ", 0) == 0) {
            out.nodes = std::stoull(line.substr(16));
            out.counted = true;
        }
    }
    return out;
}

std::set<std::string> fairy_stockfish_legal_moves(const std::string& variant,
                                                  const std::string& fen) {
    const auto result = run_command(kFairyStockfish, {},
                                    "setoption name UCI_Variant value " + variant +
                                        "\nposition fen " + fen + "\ngo perft 1\nquit\n");
    std::set<std::string> out;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) {
        // "e2e4: 1"; the totals ("Nodes searched: 20") have their colon further on.
        const auto colon = line.find(": 1");
        if (colon != std::string::npos && colon <= 8) out.insert(line.substr(0, colon));
    }
    return out;
}

std::vector<std::string> random_uci_moves(const rules::Rules& rules, std::mt19937& rng, int plies) {
    std::vector<std::string> moves;
    rules::Position pos = rules.start();
    for (int ply = 0; ply < plies && !pos.outcome(); ++ply) {
        const std::vector<rules::Move> legal = pos.legal_moves();
        if (legal.empty()) break;
        const auto m = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)];
        moves.push_back(pos.move_name(m, rules::MoveStyle::Uci));
        pos.play(m);
    }
    return moves;
}

std::string perft_disagreement(const rules::Rules& rules, const std::string& variant,
                               const std::vector<std::string>& moves, int depth,
                               const std::string& variant_path) {
    const FsAnswer fs = ask_fairy_stockfish(variant, moves, depth, variant_path);
    std::string line;
    for (const auto& m : moves) line += m + " ";
    if (!fs.counted) return variant + ": Fairy-Stockfish gave no count (moves " + line + ")";
    try {
        rules::Position pos = rules.from_fen(fs.fen);
        if (rules.variant().pass) {
            // Passes live in the history, which a FEN does not carry (two in a row, or one
            // under bikjang, end the game): the moves are played from the start instead.
            rules::Position played = rules.start();
            for (const auto& m : moves) played.play(played.parse_move(m));
            if (played.key() != pos.key())
                return variant + ": Fairy-Stockfish's FEN " + fs.fen + " is not the position " +
                       played.fen() + " the moves reach (moves " + line + ")";
            pos = played;
        }
        const std::uint64_t ours = pos.perft(depth, rules::PerftStop::Immediate);
        if (ours == fs.nodes) return {};
        return variant + " from " + fs.fen + " depth " + std::to_string(depth) + ": " +
               std::to_string(ours) + " against Fairy-Stockfish's " + std::to_string(fs.nodes) +
               " (moves " + line + ")";
    } catch (const rules::PositionError& e) {
        return variant + ": Fairy-Stockfish's FEN " + fs.fen + " does not read: " + e.what() +
               " (moves " + line + ")";
    }
}

}  // namespace referee::test
