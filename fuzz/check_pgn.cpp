// Fuzz target: `referee check`'s PGN reader, each game it reads then judged against the rules
// of the variant its tags name (chess, MiniChess 5x6 or 5x5, or any shipped variant),
// as `check` does: nothing the file holds may crash it or make it throw.
#include <cstddef>
#include <cstdint>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "referee/check/check_game.hpp"
#include "referee/check/game_source.hpp"

namespace {

const referee::rules::Rules* rules_for(const std::string& name) {
    static std::map<std::string, referee::rules::Rules> loaded;
    static const char* const shipped[] = {"minichess", "minitchess", "gardner-castling", "chess",
                                          "elephant-monkey-carp"};
    for (const char* s : shipped)
        if (name == s) {
            auto it = loaded.find(name);
            if (it == loaded.end())
                it = loaded.emplace(name, referee::rules::Rules::load(name)).first;
            return &it->second;
        }
    return nullptr;  // a path or an unknown name: not loaded from the fuzzer's input
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto games = referee::check::pgn_games(in, "fuzz.pgn");
    referee::check::RecordedGame game;
    for (int n = 0; n < 1000 && games->next(game); ++n) {
        const std::string& name = !game.variant.empty()           ? game.variant
                                  : !game.implied_variant.empty() ? game.implied_variant
                                                                  : std::string("chess");
        if (const auto* rules = rules_for(name)) {
            // The verdict as `check` prints it, in words and as JSON (which throws on bad UTF-8).
            const auto verdict = referee::check::check_game(game, *rules);
            (void)referee::check::format_verdict(verdict);
            (void)referee::check::to_json(verdict).dump();
        }
    }
    return 0;
}
