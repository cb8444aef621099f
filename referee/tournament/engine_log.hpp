// The engine log (`log:` in a config, -log file= on `referee match`): every line the referee
// sends to an engine and every line it reads from one, with the time since the tournament
// started, the engine's name and the direction:
//   12.345 A < go wtime 9800 btime 10000
//   12.346 A > bestmove e2e4
// Engines write any bytes: their lines are escaped (rules::printable_text). Lines are kept in
// memory and written in blocks, under a lock, so games on any thread may share one log; when
// no log is asked for, no session has a transcript and nothing here runs.
#pragma once

#include <chrono>
#include <mutex>
#include <string>
#include <string_view>

#include "referee/engine/dialects/session.hpp"

namespace referee::tournament {

class EngineLog {
  public:
    // Opens `path` for appending (a resumed tournament adds to it), refusing a symlink.
    // Throws OutputError naming the file.
    explicit EngineLog(const std::string& path);
    ~EngineLog();  // writes what is left
    EngineLog(const EngineLog&) = delete;
    EngineLog& operator=(const EngineLog&) = delete;

    void add(std::string_view engine, bool to_engine, std::string_view line);
    // What EngineSession::set_transcript takes, for the engine named `engine`. The log must
    // outlive the session.
    engine::EngineSession::Transcript transcript_for(std::string engine);
    void flush();  // writes the lines held so far (a game's end calls it)

  private:
    void flush_locked();

    std::string path_;
    int fd_ = -1;
    std::chrono::steady_clock::time_point start_;
    std::mutex mutex_;
    std::string pending_;
};

}  // namespace referee::tournament
