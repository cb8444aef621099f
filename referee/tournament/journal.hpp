// The tournament's truth: one JSON line per finished game, appended and flushed to disk
// (fsync) before the game counts. Reports are rebuilt from it; a killed tournament resumes
// from it; shards are merged from it.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "referee/match/game_record.hpp"

namespace referee::tournament {

class JournalError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct JournalContents {
    std::string fingerprint;                 // of the config that wrote it
    std::map<int, match::GameRecord> games;  // by schedule index
    std::map<int, int> lines;                // by schedule index: the journal line it was read from
    bool torn_tail = false;                  // the last line was cut short by a crash
};

// Reads a journal. A last line cut off mid-write (a crash, kill -9) is dropped and
// reported in torn_tail; any other bad line (not JSON, a negative or repeated slot, a second
// header) is an error naming the file and line. Checks against a config and the rules are
// in finished_games.hpp.
JournalContents read_journal(const std::string& path);

class JournalWriter {
public:
  // Opens for appending; writes the header when the file is new. A torn last line is cut
  // off first so the next record starts on a clean line; a complete last line that lacks
  // only its newline gets it.
  JournalWriter(const std::string& path, const std::string& fingerprint);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;
  // Appends one game and returns only when it is on disk.
  void append(int slot, const match::GameRecord& game);
  const std::string& path() const { return path_; }

private:
  void write_line(const std::string& line);  // line + '\n', all of it, then fsync

  std::string path_;
  int fd_ = -1;
};

}  // namespace referee::tournament
