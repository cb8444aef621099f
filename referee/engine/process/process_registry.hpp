// Internal: the table of live engine process groups behind kill_all_engines().
#pragma once

#include <sys/types.h>

namespace referee::engine::detail {

// False when the table is full; the group then still works but escapes signal cleanup.
// Registering a group twice keeps one entry.
bool register_group(pid_t pgid) noexcept;
void unregister_group(pid_t pgid) noexcept;
bool is_registered_group(pid_t pgid) noexcept;

}  // namespace referee::engine::detail
