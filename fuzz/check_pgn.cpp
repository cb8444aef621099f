// Fuzz target: `referee check`'s PGN reader, each game it reads then judged against the rules
// of the variant its tags name (chess, MiniChess 5x6 or 5x5, or any shipped variant),
// as `check` does: nothing the file holds may crash it or make it throw.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "checked_game.hpp"
#include "referee/check/game_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto games = referee::check::pgn_games(in, "fuzz.pgn");
    referee::check::RecordedGame game;
    for (int n = 0; n < 1000 && games->next(game); ++n) {
        const std::string& name = !game.variant.empty()           ? game.variant
                                  : !game.implied_variant.empty() ? game.implied_variant
                                                                  : std::string("chess");
        if (const auto* rules = fuzz::rules_among(
                name,
                {"minichess", "minitchess", "gardner-castling", "chess", "elephant-monkey-carp"}))
            fuzz::check_and_print(game, *rules);
    }
    return 0;
}
