// What an engine process leaves, kept beyond its game when its config asks (`keep: stderr`,
// `keep: files`), since students debug from it: everything it wrote to stderr, written to
// a file as it arrives, and the files of its scratch folder, copied when the process ends.
// Both go into a folder the referee creates for that process next to the game's record.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace referee::engine {

class KeptOutput {
  public:
    // At most this much of the scratch folder is copied (an engine may fill it with
    // gigabytes); what is left out is listed in <folder>/files-skipped.
    static constexpr std::size_t kMaxFileBytes = 64u << 20;
    static constexpr std::size_t kMaxFiles = 1000;

    // Creates `folder` (and its parents); when the name is taken (a game played again after
    // --resume), `folder-2`, `folder-3`, ... A link at the name is never followed. With
    // keep_stderr, opens <folder>/stderr. Throws std::runtime_error naming the folder.
    KeptOutput(const std::string& folder, bool keep_stderr, bool keep_files);
    ~KeptOutput();
    KeptOutput(const KeptOutput&) = delete;
    KeptOutput& operator=(const KeptOutput&) = delete;

    const std::string& folder() const { return folder_; }
    // Appends to <folder>/stderr; nothing without keep_stderr.
    void add_stderr(std::string_view bytes);
    // Copies the folders and regular files under `scratch` into <folder>/files (links,
    // FIFOs and devices are skipped, never followed; names starting ".referee-" are the
    // referee's own). Nothing without keep_files. Errors are noted in files-skipped.
    void copy_files(const std::string& scratch);

  private:
    std::string folder_;
    int dir_fd_ = -1;
    int stderr_fd_ = -1;
    bool keep_files_ = false;
};

}  // namespace referee::engine
