// The tournament's truth: one JSON line per finished game, appended and flushed to disk
// (fsync) before the game counts. Reports are rebuilt from it; a killed tournament resumes
// from it; shards are merged from it.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "referee/engine/scratch_dir.hpp"
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

// What a journal says besides its games.
struct JournalScan {
    std::string fingerprint;   // of the config that wrote it
    bool torn_tail = false;    // the last line was cut short by a crash
    std::map<int, int> lines;  // by schedule index: the journal line its game was read from
};

// One game as it is read: its schedule slot, the byte offset of its line in the file (to
// read it again with JournalGameReader), and the record.
using JournalGameVisitor =
    std::function<void(int slot, std::uint64_t offset, match::GameRecord&& game)>;

// Reads a journal one line at a time, handing each game to `visit` as soon as it is read, so
// a journal of any length is read in the memory of one game. Lines come in the order they
// were written (games finish out of schedule order). A last line cut off mid-write (a crash,
// kill -9) is dropped and reported in torn_tail; any other bad line (not JSON, a negative or
// repeated slot, a second header) is an error naming the file and line. Checks against a
// config and the rules are in finished_games.hpp.
JournalScan scan_journal(const std::string& path, const JournalGameVisitor& visit);

// Clears what makes a record grow with the game (the moves, the stderr tails) and the
// positions (start and final FEN): what a long run keeps of each game for its standings and
// tables, while the journal keeps the rest.
void drop_moves(match::GameRecord& game);

// Reads a whole journal into memory (the last record of a slot wins).
JournalContents read_journal(const std::string& path);

// Reads single games of a journal again, by the offsets scan_journal gave, so a report can
// go through the games in schedule order holding one at a time.
class JournalGameReader {
  public:
    explicit JournalGameReader(const std::string& path);
    match::GameRecord at(std::uint64_t offset);

  private:
    std::string path_;
    std::ifstream in_;
    std::string line_;
};

// The line append() writes for one game (without its newline): byte for byte what
// nlohmann's dump of {"type": "game", "slot": slot, "game": match::to_json(game)} gives, written
// directly, since building that JSON document was half the referee's CPU per ply.
std::string journal_game_line(int slot, const match::GameRecord& game);

class JournalWriter {
  public:
    // Opens for appending; writes the header when the file is new. A torn last line is cut
    // off first so the next record starts on a clean line; a complete last line that lacks
    // only its newline gets it.
    JournalWriter(const std::string& path, const std::string& fingerprint);
    ~JournalWriter();
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;
    // Appends one game and returns only when it is on disk. First checks that the file is
    // still the one it wrote (same inode, same size): if anyone appended to, cut or replaced
    // it, the changed file is kept aside as <path>.tampered-N, the journal rewritten from
    // what this writer knows, and a warning printed and kept in tamper_reports().
    void append(int slot, const match::GameRecord& game);
    const std::string& path() const { return path_; }
    const std::vector<std::string>& tamper_reports() const { return tamper_reports_; }

  private:
    void remember_identity();
    std::string check_untouched();
    void write_line(const std::string& text, const char* what);

    std::string path_;
    int fd_ = -1;
    engine::ScratchDir shadow_dir_{"referee-journal-"};  // private: holds the referee's copy
    std::string shadow_;  // the copy: every byte the journal should hold
    int shadow_fd_ = -1;
    std::uintmax_t size_ = 0;  // bytes written, header included
    unsigned long device_ = 0, inode_ = 0;
    int tamper_count_ = 0;
    std::vector<std::string> tamper_reports_;
};

}  // namespace referee::tournament
