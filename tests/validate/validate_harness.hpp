// Shared by the validate tests: options for a run against the built engines, finding one
// probe's result, and checking that a run left no process of ours behind.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "referee/validate/validate.hpp"

namespace referee::test {

// Options for validating `engine` (as `referee validate --engine` takes it) on `variant`,
// with REFEREE_BIN_DIR's engines, a 5 s start-up limit and a margin that tolerates a busy
// machine (0.25 s; the broken engines overrun by far more).
validate::ValidateOptions options_for(const std::string& variant, const std::string& engine,
                                      std::optional<engine::Protocol> protocol = std::nullopt,
                                      std::vector<std::string> only = {});

// The result of the named probe; fails the test (and returns an empty result) if absent.
validate::ProbeResult probe(const validate::Report& report, const std::string& name);

// True when this test process has no live descendant (allowing the kernel a second to
// finish the kills it was ordered).
bool no_children_left();

bool have_variant(const std::string& name);
bool have_fairy_stockfish();

}  // namespace referee::test
