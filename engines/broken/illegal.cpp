// broken-illegal: answers every move request with a well-formed move that is never legal:
// it moves one of the opponent's pieces to an empty square. The referee must reject it
// (UCI: lose by illegal move; IMCS: "- illegal move", then ask again) and say which move.
#include <cctype>

#include "engines/common/engine_main.hpp"

namespace {

using referee::rules::Move;

class IllegalPlayer : public engines::Player {
  public:
    void new_game(const referee::rules::Rules&, std::uint64_t) override {}
    engines::Reply choose(const engines::Turn& turn) override {
        const auto& pos = turn.position;
        const int squares = pos.rules().geometry().squares();
        const bool white = turn.side() == referee::rules::White;
        int enemy = -1, empty = -1;
        for (int s = 0; s < squares; ++s) {
            const auto piece = pos.piece_at(s);
            if (!piece) {
                if (empty < 0) empty = s;
            } else if ((piece->color == referee::rules::White) != white && enemy < 0) {
                enemy = s;
            }
        }
        // Moving the opponent's piece is illegal for anyone; with no enemy piece on the board
        // a move from a square to itself is.
        if (enemy >= 0 && empty >= 0) return engines::Reply::of(Move::make(enemy, empty));
        return engines::Reply::of(Move::make(0, 0));
    }
};

}  // namespace

int main(int argc, char** argv) {
    IllegalPlayer player;
    return engines::run_engine(
        argc, argv,
        {"broken-illegal", "minichess-referee", "answers with illegal moves (a broken engine)"},
        player);
}
