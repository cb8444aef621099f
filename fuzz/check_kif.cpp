// Fuzz target: `referee check`'s KIF reader, the game it reads then judged against the rules
// of the variant its first line names (a shipped shogi-family variant) or shogi, as `check`
// does: nothing the file holds may crash it or make it throw.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "checked_game.hpp"
#include "referee/check/game_source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto games = referee::check::kif_games(in, "fuzz.kifu");
    referee::check::RecordedGame game;
    while (games->next(game)) {
        const std::string& name = !game.variant.empty() ? game.variant : game.implied_variant;
        if (const auto* rules = fuzz::rules_among(
                name,
                {"shogi", "minishogi", "judkins", "gorogoro", "euroshogi", "dobutsu", "micro"}))
            fuzz::check_and_print(game, *rules);
    }
    return 0;
}
