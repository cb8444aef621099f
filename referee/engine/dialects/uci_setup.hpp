// What UCI and USI engines have in common before a game: the options they list between
// `uci`/`usi` and `uciok`/`usiok`, and the setoption lines that tell them the variant (by
// UCI_Variant, a Fairy-Stockfish variant file, or a VariantFile) and the config's options.
#pragma once

#include <set>
#include <string>
#include <string_view>

#include "referee/engine/dialects/dialect.hpp"

namespace referee::engine {

struct ListedOptions {
    std::set<std::string> names;     // every option name the engine listed
    std::set<std::string> variants;  // the values UCI_Variant may take
    // Reads "option name <Name words> type <t> [default ...] [var a var b ...]".
    void read(std::string_view option_line);
};

// Sends the setoption lines for the variant and then the config's options, in order. USI
// engines call UCI's Hash and Ponder USI_Hash and USI_Ponder: with `usi`, either name in the
// config is sent as the one the engine lists. False when it reported a fault to the host
// (the engine cannot be told the variant, or lists no such option).
bool send_setup(const DialectContext& c, const ListedOptions& listed, bool usi);

}  // namespace referee::engine
