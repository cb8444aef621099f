// A built engine executable driven through pipes by the engine tests: started in its own
// process group, read with timeouts, and always killed (the whole group) and reaped.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace engines_test {

using namespace std::chrono_literals;
using Ms = std::chrono::milliseconds;

std::string bin(const std::string& name);  // REFEREE_BIN_DIR/name

// "! a2-a3": an IMCS answer in the server's move form ([a-e][1-6]-[a-e][1-6]). (No
// std::regex: GCC 12 warns falsely inside it under the sanitizers.)
bool is_imcs_answer(const std::string& line);

class Child {
  public:
    explicit Child(const std::string& program, std::vector<std::string> args = {});
    ~Child();
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;

    void send(std::string_view text);  // written as is: add "\n" yourself
    void line(std::string_view text) { send(std::string(text) + "\n"); }
    void close_input();

    // The next line (without "\n"), or nullopt on timeout or end of output.
    std::optional<std::string> read_line(Ms timeout);
    // Lines until one satisfies `match` (returned) or the time is up (nullopt); the lines
    // read on the way are appended to `seen` when given.
    std::optional<std::string> read_until(const std::function<bool(const std::string&)>& match,
                                          Ms timeout, std::vector<std::string>* seen = nullptr);
    std::optional<std::string> read_prefixed(std::string_view prefix, Ms timeout,
                                             std::vector<std::string>* seen = nullptr);
    // Reads whatever arrives for `duration`, until end of output or until `enough` bytes
    // came; returns the byte count. `kept` gets the first megabyte or so.
    std::size_t drain(Ms duration, std::string* kept = nullptr, std::size_t enough = SIZE_MAX);
    bool output_ended() const { return eof_; }

    // The wait status once the process exited within `timeout`, else nullopt. Reaps it.
    std::optional<int> wait_exit(Ms timeout);
    bool running();  // not exited yet (does not reap)
    pid_t pid() const { return pid_; }
    void signal(int sig);  // to the process only
    void kill_group();

  private:
    bool fill(Ms timeout);  // reads what is available within timeout; false on timeout / EOF

    pid_t pid_ = -1;
    int in_ = -1, out_ = -1;
    std::string buffer_;
    bool eof_ = false;
    std::optional<int> status_;
};

}  // namespace engines_test
