// The command line every in-tree engine accepts:
//   --protocol uci|usi|xboard|imcs|plain|imcs-tcp  --variant NAME_OR_PATH  --seed N  --help
//   plain:    --color W|B (or -c W|B)  [--clock SECONDS]
//   imcs-tcp: --host H --port N --user U --password P, and --offer W|B|? or --accept ID|any
//   imcs, imcs-tcp: --own-board (ignore the boards sent; follow the game from the start)
// plus the player's own parameters as --<flag> <value> (or --<flag>=<value>).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engines/common/player.hpp"

namespace engines {

struct EngineIdentity {
    std::string name;     // "alphabeta-engine"; UCI's `id name`
    std::string author;   // UCI's `id author`
    std::string summary;  // one line for --help
};

enum class Dialect { Uci, Usi, Imcs, Plain, ImcsTcp, Xboard };

struct CommandLine {
    Dialect dialect = Dialect::Uci;
    std::string variant = "minitchess";
    std::uint64_t seed = 0;
    char color = 0;                 // plain: the side we play ('W'/'B'), required there
    long long clock_seconds = 300;  // plain: our own clock, as no one sends one
    // imcs-tcp: where the server is and how we log in; we either offer a game or accept one.
    std::string host = "127.0.0.1";
    int port = 3589;
    std::string user, password;
    std::string offer;   // "W", "B" or "?"; empty with --accept
    std::string accept;  // a game id or "any" (the first offer `list` shows)
    // imcs, imcs-tcp: keep our own board from the start and ignore the boards sent, as many
    // course clients do (for tests of how the referee probes such a client).
    bool own_board = false;
    std::vector<std::pair<std::string, std::string>> parameters;  // (flag, checked value)
    bool help = false;
};

// The seed as a parameter, so the command line and UCI check it the same way.
const Parameter& seed_parameter();

// Checks a value against a parameter and returns it in canonical form ("true"/"false" for a
// Check, the number without leading zeros for a Spin). Throws std::invalid_argument.
std::string checked_value(const Parameter& p, std::string_view value, std::string_view where);

// Throws std::invalid_argument naming the offending argument.
CommandLine parse_command_line(std::span<const std::string> args,
                               const std::vector<Parameter>& parameters);

std::string usage(const EngineIdentity& id, const std::vector<Parameter>& parameters);

}  // namespace engines
