// An IMCS client the way course clients are written: connect to the server, log in (`me`,
// or `register` when the name is new), offer a game or accept one (`list`, then `accept`),
// play it with the same game messages as the stdio imcs dialect (imcs_session.hpp), and
// exit when the server closes the connection after the result.
#pragma once

#include "engines/common/command_line.hpp"
#include "engines/common/player.hpp"

namespace engines {

// Returns the exit code: 0 after a game (or a server that hung up), 1 when the connection or
// the lobby failed (the reason goes to stderr).
int run_imcs_client(const CommandLine& cl, Player& player, const referee::rules::Rules& rules);

}  // namespace engines
