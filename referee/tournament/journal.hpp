// The tournament's truth: one JSON line per finished game, appended and flushed to disk
// (fdatasync) before the game counts. Reports are rebuilt from it; a killed tournament resumes
// from it; shards are merged from it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "referee/engine/process/scratch_dir.hpp"
#include "referee/match/game_record.hpp"

namespace referee::tournament {

class JournalError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// Where the tournament's variant came from when it is not a shipped one (rules::Variant's
// file and yaml): kept in the journal's header so that its games can be checked where that
// file is not, or no longer says the same. All empty for a shipped variant.
struct JournalVariant {
    std::string name, file, yaml;
};

struct JournalContents {
    std::string fingerprint;                 // of the config that wrote it
    JournalVariant variant;                  // from the header
    std::map<int, match::GameRecord> games;  // by schedule index
    std::map<int, int> lines;                // by schedule index: the journal line it was read from
    bool torn_tail = false;                  // the last line was cut short by a crash
};

// What a journal says besides its games.
struct JournalScan {
    std::string fingerprint;   // of the config that wrote it
    JournalVariant variant;    // from the header
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

// Appends `text` as a JSON string, quoted and escaped as nlohmann's dump() writes it (made
// printable first): for JSON written by hand where building a document would cost too much.
void append_json_string(std::string& out, std::string_view text);

// The line append() writes for one game (without its newline): byte for byte what
// nlohmann's dump of {"type": "game", "slot": slot, "game": match::to_json(game)} gives, written
// directly, since building that JSON document was half the referee's CPU per ply.
std::string journal_game_line(int slot, const match::GameRecord& game);

class JournalWriter {
  public:
    // Runs on the writer's own thread once a queued game is on disk (nullptr), or could not
    // be written (the JournalError). It must not call back into the writer.
    using Durable = std::function<void(std::exception_ptr)>;

    // Opens for appending; writes the header when the file is new. A torn last line is cut
    // off first so the next record starts on a clean line; a complete last line that lacks
    // only its newline gets it.
    JournalWriter(const std::string& path, const std::string& fingerprint,
                  const JournalVariant& variant = {});
    ~JournalWriter();  // commits what is queued, then stops the writer thread
    JournalWriter(const JournalWriter&) = delete;
    JournalWriter& operator=(const JournalWriter&) = delete;
    // Appends one game and returns only when it is on disk. First checks that the file is
    // still the one it wrote (same inode, same size): if anyone appended to, cut or replaced
    // it, the changed file is kept aside as <path>.tampered-N, the journal rewritten from
    // what this writer knows, and a warning printed and kept in tamper_reports().
    void append(int slot, const match::GameRecord& game);
    // The same guarantee without waiting (group commit): the line is formatted now, and a
    // thread of the writer's own writes every line queued meanwhile in one write and one
    // fdatasync, then calls each game's `durable` in the order they were queued. A game
    // counts (is reported) only from its `durable`, so none is lost after it was reported;
    // a crash loses at most games that were never reported, which a resume plays again.
    // The first game after an idle spell waits up to commit_delay for company, unless
    // commit_now() is called: that is what keeps one fdatasync per game (the costliest
    // thing the referee did per game) from being paid for every game.
    void append_async(int slot, const match::GameRecord& game, Durable durable);
    // Commits what is queued without waiting out the delay (nothing else is in play).
    void commit_now();
    void set_commit_delay(std::chrono::milliseconds delay);
    const std::string& path() const { return path_; }
    // Read it when no append_async is pending (after the last `durable` ran).
    const std::vector<std::string>& tamper_reports() const { return tamper_reports_; }

    static constexpr std::size_t kShadowBatchBytes = 64 * 1024;
    static constexpr std::chrono::milliseconds kDefaultCommitDelay{10};

  private:
    struct Queued {
        std::string line;  // with its newline
        Durable durable;
    };
    void remember_identity();
    std::string check_untouched();
    void write_line(const std::string& text, const char* what);
    void commit(const std::string& lines, const char* what);  // file_mutex_ held
    // check_untouched(), its report printed and kept; file_mutex_ held.
    void repair_if_tampered();
    void flush_shadow();
    void writer_loop();

    std::string path_;
    int fd_ = -1;
    engine::ScratchDir shadow_dir_{"referee-journal-"};  // private: holds the referee's copy
    std::string shadow_;  // the copy: every byte the journal should hold
    int shadow_fd_ = -1;
    // Bytes of the copy not yet written to it: the copy is needed only to rebuild a tampered
    // journal, so it is written in batches (and before any rebuild), not once per game.
    std::string shadow_pending_;
    std::uintmax_t size_ = 0;  // bytes written, header included
    unsigned long device_ = 0, inode_ = 0;
    int tamper_count_ = 0;
    std::vector<std::string> tamper_reports_;

    std::mutex file_mutex_;  // the file state above, used by append() and the writer thread
    std::mutex queue_mutex_;
    std::condition_variable queue_cv_;
    std::deque<Queued> queue_;
    bool urgent_ = false;
    bool closing_ = false;
    std::chrono::milliseconds commit_delay_ = kDefaultCommitDelay;  // under queue_mutex_
    std::thread thread_;  // started by the first append_async
};

}  // namespace referee::tournament
