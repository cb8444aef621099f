// Talking to a live page as a script would, without a browser: one GET and its answer, and an
// SSE stream read event by event.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace live_test {

struct HttpAnswer {
    int status = 0;  // 0: no answer
    std::string head, body;
};
// Sends `request` (a whole request; a GET of `target` when it starts with '/') to
// 127.0.0.1:port and reads the answer to the end of the connection.
HttpAnswer http(int port, const std::string& request,
                std::chrono::milliseconds limit = std::chrono::seconds(10));

struct SseEvent {
    long id = -1;
    std::string event;
    nlohmann::json data;
};

class SseStream {
  public:
    explicit SseStream(int port);  // GET /events
    ~SseStream();
    SseStream(const SseStream&) = delete;
    SseStream& operator=(const SseStream&) = delete;
    // Reads until an event satisfies `done` (true) or the stream ends or `limit` passes.
    bool read_until(const std::function<bool(const SseEvent&)>& done,
                    std::chrono::milliseconds limit);
    const std::vector<SseEvent>& events() const { return events_; }
    const std::string& head() const { return head_; }
    bool ended() const { return ended_; }

  private:
    int fd_ = -1;
    std::string buffer_, head_;
    std::vector<SseEvent> events_;
    bool ended_ = false;
};

// A round-robin of three alphabeta engines (alpha, beta, gamma), one game a pairing, two at
// once, capped at `max_plies`, writing into `out`.
std::string three_engine_config(const std::filesystem::path& out, const std::string& time_control,
                                int max_plies);

// A port nobody listens on now (bound and released): for --live PORT.
int free_port();

}  // namespace live_test
