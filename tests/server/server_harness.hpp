// A `referee serve` process for tests (loopback, an ephemeral port, a temporary data
// directory, killed at the end) and plain-socket clients that read everything it sends.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace server_test {

std::filesystem::path fresh_dir(const std::string& name);  // empty, under the system temp dir

class ServeProcess {
  public:
    // Starts `referee serve --port 0 --data <data> <extra...>` and learns its port.
    ServeProcess(const std::filesystem::path& data, std::vector<std::string> extra = {});
    ~ServeProcess();  // SIGTERM, then SIGKILL if it lingers
    ServeProcess(const ServeProcess&) = delete;
    ServeProcess& operator=(const ServeProcess&) = delete;

    int port() const { return port_; }
    bool running();  // false once it has exited
    void stop();

  private:
    pid_t pid_ = -1;
    int port_ = 0;
};

class Client {
  public:
    explicit Client(int port);  // connects to 127.0.0.1:port
    ~Client();
    Client(const Client&) = delete;
    Client& operator=(const Client&) = delete;

    bool send(const std::string& bytes);  // false when the server has gone
    void close();                         // closes the socket (a client dropping)
    // Reads what is available for up to `wait`; returns false on nothing new.
    bool poll(std::chrono::milliseconds wait);
    // Reads until `done(received)` holds or `limit` passes; returns whether it held.
    bool wait_for(const std::function<bool(const std::string&)>& done,
                  std::chrono::milliseconds limit);
    bool wait_for_text(const std::string& text,
                       std::chrono::milliseconds limit = std::chrono::seconds(10));
    bool wait_for_eof(std::chrono::milliseconds limit = std::chrono::seconds(10));

    const std::string& received() const { return received_; }
    std::string take();  // what was received since the last take()
    bool eof() const { return eof_; }
    bool open() const { return fd_ >= 0; }

  private:
    int fd_ = -1;
    std::string received_;
    std::size_t taken_ = 0;
    bool eof_ = false;
};

// Runs `serve` with `--grace`... options as needed; a client that registers and returns.
std::string read_file(const std::filesystem::path& p);

}  // namespace server_test
