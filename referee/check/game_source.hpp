// Recorded games read one at a time from a file, whatever it holds: PGN, an IMCS server game
// log, a tournament journal, the referee's JSON game records, or a KIF record. The format is
// recognised by content, not by the file name.
#pragma once

#include <iosfwd>
#include <memory>
#include <stdexcept>
#include <string>

#include "referee/check/recorded_game.hpp"

namespace referee::check {

enum class Format { Pgn, ImcsLog, Journal, JsonRecords, Kif };
const char* format_name(Format f);  // "PGN", "IMCS server game log", ...

// A file that cannot be read at all (missing, unreadable). Everything else a file may hold is
// reported per game.
class SourceError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class GameSource {
  public:
    virtual ~GameSource() = default;
    // The next game, or false at the end. Never throws for what the file contains.
    virtual bool next(RecordedGame& game) = 0;
    virtual Format format() const = 0;
    // How far through the file, 0 to 1, for progress on a terminal; negative when unknown.
    virtual double fraction_read() const { return -1; }
};

// Tells the format from the first bytes of a file.
Format detect_format(const std::string& head);

// Opens a file and the reader its content calls for. Throws SourceError.
std::unique_ptr<GameSource> open_games(const std::string& path);

// The readers, for streams already open (tests, standard input). `source` names the stream.
std::unique_ptr<GameSource> pgn_games(std::istream& in, const std::string& source);
std::unique_ptr<GameSource> imcs_log_games(std::istream& in, const std::string& source);
std::unique_ptr<GameSource> json_record_games(std::istream& in, const std::string& source);
// A KIF record, one game (kif_source.cpp).
std::unique_ptr<GameSource> kif_games(std::istream& in, const std::string& source);
// Journals are read by the tournament layer's reader, which takes a path.
std::unique_ptr<GameSource> journal_games(const std::string& path);

}  // namespace referee::check
