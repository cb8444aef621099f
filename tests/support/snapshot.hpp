// Snapshot tests: a command's whole output compared with a file kept in the repository
// (tests/snapshots/cli/NAME.txt), so a change to what the user sees shows up as a diff in
// review. Run the tests with REFEREE_UPDATE_SNAPSHOTS=1 to rewrite the files instead, then
// read the diff before committing it.
#pragma once

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/run_command.hpp"

namespace referee::test {

// Output made stable: durations ("0.012 s"), rates ("123 nodes/s") and the folders of this
// checkout and build (written <src> and <bin>) are replaced by placeholders.
std::string normalise_output(std::string text);

// One run of the referee as a transcript: the command line, the exit code, stdout and
// stderr, normalised.
std::string transcript(const std::vector<std::string>& args, const CommandResult& result);

// Passes when text equals the file at `path`, a file of the repository that a command
// generates (docs/probes.md). With REFEREE_UPDATE_SNAPSHOTS=1 it writes the file and passes;
// otherwise a difference fails, saying `regenerate`: how to write the file again.
::testing::AssertionResult matches_file(const std::string& path, const std::string& text,
                                        const std::string& regenerate);

// Passes when text equals tests/snapshots/cli/NAME.txt. With REFEREE_UPDATE_SNAPSHOTS=1 it
// writes the file and passes; a missing file fails with the text it would hold.
::testing::AssertionResult matches_snapshot(const std::string& name, const std::string& text);

// Runs the referee with args and compares its transcript with the snapshot NAME.
::testing::AssertionResult referee_matches_snapshot(const std::string& name,
                                                    const std::vector<std::string>& args,
                                                    const std::string& input = "");

}  // namespace referee::test
