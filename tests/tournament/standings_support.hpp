// For the standings tests: one engine's row of a table.
#pragma once

#include <stdexcept>
#include <string>

#include "referee/tournament/standings.hpp"

namespace referee::tournament::test {

inline const EngineStanding& row(const Standings& s, const std::string& name) {
    for (const auto& r : s.table)
        if (r.name == name) return r;
    throw std::runtime_error("no row for " + name);
}

}  // namespace referee::tournament::test
