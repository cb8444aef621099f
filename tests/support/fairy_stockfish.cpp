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

}  // namespace referee::test
