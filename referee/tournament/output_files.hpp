// Writing into an output folder without following links anyone planted there. Engines are
// untrusted programs that may run as the same user: every file is opened relative to the
// folder's own descriptor (openat), never through a symlink (O_NOFOLLOW), and new files are
// created exclusively (O_EXCL), so a link or file planted at a predictable name is refused,
// never written through.
#pragma once

#include <functional>
#include <ostream>
#include <stdexcept>
#include <string>

namespace referee::tournament {

class OutputError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class OutputDir {
  public:
    // Creates the folder (and its parents) if needed; refuses a path whose last part is a
    // symlink. Throws OutputError naming the folder.
    explicit OutputDir(const std::string& path);
    ~OutputDir();
    OutputDir(const OutputDir&) = delete;
    OutputDir& operator=(const OutputDir&) = delete;

    const std::string& path() const { return path_; }
    int fd() const { return fd_; }

    // Creates `name` (which must not exist: a planted file or link is refused) with text.
    void write_new(const std::string& name, const std::string& text) const;
    // As write_new, but when `stem + ext` is taken, uses stem-2 + ext, stem-3 + ext, ...;
    // returns the name used.
    std::string write_new_unique(const std::string& stem, const std::string& ext,
                                 const std::string& text) const;
    // Writes text to a fresh temporary name and renames it over `name`: a reader never sees
    // half a file, and a link at `name` is replaced, not followed.
    void replace(const std::string& name, const std::string& text) const;
    // As replace, for a file written piece by piece (reports of any size in constant memory).
    void replace_streamed(const std::string& name,
                          const std::function<void(std::ostream&)>& write) const;

  private:
    std::string path_;
    int fd_ = -1;
};

// Writes all of text to fd, retrying short writes and EINTR; false on error (errno set).
bool write_all(int fd, const std::string& text);

}  // namespace referee::tournament
