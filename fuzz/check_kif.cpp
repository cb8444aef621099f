// Fuzz target: `referee check`'s KIF reader, the game it reads then judged against the rules
// of the variant its first line names (a shipped shogi-family variant) or shogi, as `check`
// does: nothing the file holds may crash it or make it throw.
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
    static const char* const shipped[] = {"shogi",     "minishogi", "judkins", "gorogoro",
                                          "euroshogi", "dobutsu",   "micro"};
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
    auto games = referee::check::kif_games(in, "fuzz.kifu");
    referee::check::RecordedGame game;
    while (games->next(game)) {
        const std::string& name = !game.variant.empty() ? game.variant : game.implied_variant;
        if (const auto* rules = rules_for(name)) {
            // The verdict as `check` prints it, in words and as JSON (which throws on bad UTF-8).
            const auto verdict = referee::check::check_game(game, *rules);
            (void)referee::check::format_verdict(verdict);
            (void)referee::check::to_json(verdict).dump();
        }
    }
    return 0;
}
