// The arguments an engine process is started with for one game: the configured arguments
// with their placeholders filled in, plus, for in-tree engines, the flags that tell them what
// the referee already knows (protocol, variant, colour, where to connect).
//
// Placeholders, in any argument and any number of times ("-c{color}", "--side={color}"):
//   {color}               W or B, the side this process plays
//   {color:WHITE|BLACK}   the first text for White, the second for Black ({color:white|black})
//   {variant}             the variant's name ("minitchess")
//   {variant_file}        the absolute path of the variant's .yaml file
//   {seed}                the game's seed
//   {host} {port}         imcs-tcp: where the referee listens for this client (127.0.0.1)
//   {user} {password}     imcs-tcp: what it must log in with
//   {{ and }}             a literal brace
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "referee/engine/engine_config.hpp"
#include "referee/rules/variant/variant.hpp"

namespace referee::engine {

// The game a process is started for. A process serves games with the same seat for as long
// as its arguments stay the same (see launch_args_match).
struct Seat {
    char color = 'W';                  // 'W' or 'B'
    std::uint64_t seed = 0;            // the game's seed
    std::string opponent = "referee";  // the other engine's name (imcs-tcp shows it in `list`)
    std::int64_t clock_ms = 300'000;   // each side's clock at the start (imcs-tcp `list`)
};

// imcs-tcp only: where the client connects and how it logs in.
struct TcpLogin {
    std::string host = "127.0.0.1";
    int port = 0;
    std::string user, password;
};

// Throws ConfigError naming the engine, the argument and the placeholder.
std::vector<std::string> launch_args(const EngineConfig& config, const rules::Variant& variant,
                                     const Seat& seat, const TcpLogin* login = nullptr);

// Checks every placeholder of the arguments against the engine's protocol ({host} is only for
// imcs-tcp); throws ConfigError. Part of check_engine_command.
void check_placeholders(const EngineConfig& config);

// Whether a process started for seat `a` may play a game for seat `b`: its arguments would
// be the same. Engines without placeholders are reused across colours; one with {color} is
// restarted when its colour changes, one with {seed} for every game, and one whose output
// is kept (`keep`) for every game, so that what is kept is one game's.
bool launch_args_match(const EngineConfig& config, const rules::Variant& variant, const Seat& a,
                       const Seat& b);

// The user name the referee gives an imcs-tcp client: the engine's name with every character
// IMCS refuses in a name replaced by '_'.
std::string imcs_user_name(std::string_view engine_name);

// An imcs-tcp client's game on its private listener: always game 1, and the opponent the
// lobby lists for it ({game} and {opponent}, for clients that accept rather than offer).
inline constexpr int kImcsTcpGameId = 1;
std::string imcs_opponent_name(const Seat& seat, const TcpLogin& login);

}  // namespace referee::engine
