// Runs a program with arguments and optional standard input, and collects its exit code,
// standard output and standard error separately. For tests of the built `referee` binary.
#pragma once

#include <string>
#include <vector>

namespace referee::test {

struct CommandResult {
    int exit_code = -1;  // -1 when the program did not exit normally (signal or timeout)
    std::string out;
    std::string err;
    bool timed_out = false;
};

// Kills the program (its process group) if it runs longer than timeout_seconds.
CommandResult run_command(const std::string& program, const std::vector<std::string>& args,
                          const std::string& input = "", int timeout_seconds = 60);

// The built referee binary, REFEREE_BIN_DIR/referee.
CommandResult run_referee(const std::vector<std::string>& args, const std::string& input = "");

// Shell text run by /bin/sh -c: for command lines the referee prints for a user to paste
// (a validate card's reproduce line, a puzzle's replay command).
CommandResult run_shell(const std::string& command, int timeout_seconds = 60);

// The built referee with its arguments written as shell text ("lousy replay --moves 'a2-a3'").
CommandResult run_referee_shell(const std::string& args);

}  // namespace referee::test
