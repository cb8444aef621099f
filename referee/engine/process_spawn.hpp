// Internal: fork/exec of one engine through Boost.Process, in its own process group.
#pragma once

#include <sys/types.h>

#include <boost/process/async_pipe.hpp>

#include "referee/engine/process.hpp"

namespace referee::engine::detail {

// The pipes' child ends are handed to the child and closed here; the parent ends stay open.
// Throws StartError naming spec.command; never leaves a zombie behind.
pid_t spawn_in_own_group(const ProcessSpec& spec, boost::process::async_pipe& in,
                         boost::process::async_pipe& out, boost::process::async_pipe& err);

}  // namespace referee::engine::detail
