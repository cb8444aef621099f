// A program left running while a test talks to it (a tournament with a live page, a server,
// a watch): its output goes to files the test can wait on, and it is stopped (SIGTERM, then
// SIGKILL with its process group) when the test ends, whatever happened.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

namespace referee::test {

class Background {
  public:
    // Starts `program args...` in a process group of its own, stdout and stderr into
    // `folder`/NAME.out and NAME.err.
    Background(const std::string& program, const std::vector<std::string>& args,
               const std::filesystem::path& folder, const std::string& name);
    ~Background();
    Background(const Background&) = delete;
    Background& operator=(const Background&) = delete;

    // Waits until its stdout holds `text` (true), or it exits or `limit` passes (false).
    bool wait_for_output(const std::string& text,
                         std::chrono::milliseconds limit = std::chrono::seconds(20));
    // Waits for it to exit by itself; its exit code, or -1 (killed, or still running at
    // `limit`, when it is then stopped).
    int wait(std::chrono::milliseconds limit = std::chrono::seconds(60));
    void stop();  // SIGTERM, SIGKILL after a second
    bool running();
    std::string out() const;
    std::string err() const;

  private:
    pid_t pid_ = -1;
    pid_t group_ = -1;
    int status_ = -1;
    std::filesystem::path out_, err_;
};

}  // namespace referee::test
