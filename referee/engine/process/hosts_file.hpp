// A hosts file for a client with its server's name built in: the names it must find first,
// each at the address that answers for it, then the machine's own entries. Bound over
// /etc/hosts in the client's bwrap sandbox, the client reaches the referee under that name
// and the machine's /etc/hosts is untouched: an imcs-tcp engine's `server:` (process_spawn),
// and a client of `referee serve --as`.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace referee::engine {

// (name, address) pairs, written to `path`; throws std::runtime_error when it cannot be.
void write_hosts(const std::string& path,
                 const std::vector<std::pair<std::string, std::string>>& names);

}  // namespace referee::engine
