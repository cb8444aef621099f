#include "referee/engine/process/kept_output.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fmt/format.h>

namespace referee::engine {
namespace {

constexpr int kMaxDepth = 16;

bool write_all(int fd, const char* data, std::size_t size) {
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// The copy of a scratch folder: a budget of bytes and files, and what was left out.
struct Copy {
    std::size_t bytes_left = KeptOutput::kMaxFileBytes;
    std::size_t files_left = KeptOutput::kMaxFiles;
    std::string skipped;

    void skip(const std::string& path, std::string_view why) {
        skipped += fmt::format("{}: {}\n", path, why);
    }

    void file(int from_dir, int to_dir, const char* name, const std::string& path) {
        if (files_left == 0) return skip(path, "over the limit of files kept");
        const int in = ::openat(from_dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        if (in < 0) return skip(path, std::strerror(errno));
        const int out =
            ::openat(to_dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (out < 0) {
            ::close(in);
            return skip(path, std::strerror(errno));
        }
        --files_left;
        char buf[64 * 1024];
        for (;;) {
            const ssize_t n = ::read(in, buf, sizeof buf);
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                skip(path, std::strerror(errno));
                break;
            }
            if (n == 0) break;
            const std::size_t take = std::min(static_cast<std::size_t>(n), bytes_left);
            if (!write_all(out, buf, take)) {
                skip(path, std::strerror(errno));
                break;
            }
            bytes_left -= take;
            if (take < static_cast<std::size_t>(n)) {
                skip(path, "cut short: over the limit of bytes kept");
                break;
            }
        }
        ::close(in);
        ::close(out);
    }

    // Takes ownership of from_dir and to_dir.
    void folder(int from_dir, int to_dir, const std::string& path, int depth) {
        DIR* d = ::fdopendir(from_dir);
        if (!d) {
            ::close(from_dir);
            ::close(to_dir);
            return skip(path, std::strerror(errno));
        }
        while (const dirent* e = ::readdir(d)) {
            const std::string name = e->d_name;
            if (name == "." || name == "..") continue;
            const std::string sub = path.empty() ? name : path + "/" + name;
            if (name.rfind(".referee-", 0) == 0) continue;
            struct stat st {};
            if (::fstatat(::dirfd(d), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
                skip(sub, std::strerror(errno));
            } else if (S_ISREG(st.st_mode)) {
                file(::dirfd(d), to_dir, name.c_str(), sub);
            } else if (S_ISDIR(st.st_mode)) {
                if (depth >= kMaxDepth) {
                    skip(sub, "folders nested too deep");
                    continue;
                }
                const int from = ::openat(::dirfd(d), name.c_str(),
                                          O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (from < 0 || ::mkdirat(to_dir, name.c_str(), 0755) != 0) {
                    skip(sub, std::strerror(errno));
                    if (from >= 0) ::close(from);
                    continue;
                }
                const int to =
                    ::openat(to_dir, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (to < 0) {
                    skip(sub, std::strerror(errno));
                    ::close(from);
                    continue;
                }
                folder(from, to, sub, depth + 1);
            } else {
                skip(sub,
                     S_ISLNK(st.st_mode) ? "a symbolic link (not followed)" : "not a regular file");
            }
        }
        ::closedir(d);
        ::close(to_dir);
    }
};

}  // namespace

KeptOutput::KeptOutput(const std::string& folder, bool keep_stderr, bool keep_files)
    : keep_files_(keep_files) {
    namespace fs = std::filesystem;
    const fs::path wanted(folder);
    const fs::path parent = wanted.parent_path().empty() ? fs::path(".") : wanted.parent_path();
    std::error_code ec;
    fs::create_directories(parent, ec);
    const int parent_fd = ::open(parent.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (parent_fd < 0)
        throw std::runtime_error(fmt::format("keep: cannot open the folder {}: {}", parent.string(),
                                             std::strerror(errno)));
    const std::string stem = wanted.filename().string();
    std::string name = stem;
    for (int n = 2; ::mkdirat(parent_fd, name.c_str(), 0755) != 0; ++n) {
        if (errno != EEXIST || n > 1000) {
            const int err = errno;
            ::close(parent_fd);
            throw std::runtime_error(fmt::format("keep: cannot make the folder {}: {}",
                                                 (parent / name).string(), std::strerror(err)));
        }
        name = fmt::format("{}-{}", stem, n);
    }
    dir_fd_ = ::openat(parent_fd, name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    const int err = errno;
    ::close(parent_fd);
    folder_ = (parent / name).string();
    if (dir_fd_ < 0)
        throw std::runtime_error(
            fmt::format("keep: cannot open the folder {}: {}", folder_, std::strerror(err)));
    if (keep_stderr) {
        stderr_fd_ =
            ::openat(dir_fd_, "stderr",
                     O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_APPEND, 0644);
        if (stderr_fd_ < 0) {
            const int e = errno;
            ::close(dir_fd_);
            throw std::runtime_error(
                fmt::format("keep: cannot create {}/stderr: {}", folder_, std::strerror(e)));
        }
    }
}

KeptOutput::~KeptOutput() {
    if (stderr_fd_ >= 0) ::close(stderr_fd_);
    if (dir_fd_ >= 0) ::close(dir_fd_);
}

void KeptOutput::add_stderr(std::string_view bytes) {
    // A full disk costs the copy, never the game.
    if (stderr_fd_ >= 0 && !write_all(stderr_fd_, bytes.data(), bytes.size())) {
        ::close(stderr_fd_);
        stderr_fd_ = -1;
    }
}

void KeptOutput::copy_files(const std::string& scratch) {
    if (!keep_files_ || dir_fd_ < 0) return;
    keep_files_ = false;  // once
    Copy copy;
    const int from = ::open(scratch.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (from < 0) {
        copy.skip(scratch, std::strerror(errno));
    } else if (::mkdirat(dir_fd_, "files", 0755) != 0) {
        copy.skip("files", std::strerror(errno));
        ::close(from);
    } else {
        const int to = ::openat(dir_fd_, "files", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (to < 0) {
            copy.skip("files", std::strerror(errno));
            ::close(from);
        } else {
            copy.folder(from, to, "", 0);
        }
    }
    if (copy.skipped.empty()) return;
    const int fd = ::openat(dir_fd_, "files-skipped",
                            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) return;
    write_all(fd, copy.skipped.data(), copy.skipped.size());
    ::close(fd);
}

}  // namespace referee::engine
