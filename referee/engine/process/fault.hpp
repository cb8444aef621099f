// What an engine did wrong that is not a move: one vocabulary for the process (output caps),
// the dialects (protocol, start-up) and the match layer that turns each into a result.
#pragma once

namespace referee::engine {

enum class FaultKind {
    Protocol,     // a reply it cannot use, or a handshake that went wrong
    Unsupported,  // it cannot play this variant
    Startup,      // no handshake within the start-up limit
    Flood,        // too much output: without a move, or past its stdout/stderr volume limit
    LineTooLong,  // one line over the cap; stdout is not read any further
    Disconnect,   // imcs-tcp: the client closed its connection during the game
};

}  // namespace referee::engine
