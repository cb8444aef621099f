#include "referee/tournament/output_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <fmt/format.h>

namespace referee::tournament {

bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

OutputDir::OutputDir(const std::string& path) : path_(path.empty() ? "." : path) {
    std::error_code ec;
    std::filesystem::create_directories(path_, ec);
    fd_ = ::open(path_.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd_ < 0)
        throw OutputError(
            fmt::format("{}: cannot open the output folder: {}{}", path_, std::strerror(errno),
                        errno == ELOOP ? " (it is a symlink; refusing to write through it)" : ""));
}

OutputDir::~OutputDir() {
    if (fd_ >= 0) ::close(fd_);
}

namespace {

int create_exclusive(int dir, const std::string& name) {
    return ::openat(dir, name.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
}

void write_or_throw(int fd, const std::string& where, const std::string& text) {
    const bool ok = write_all(fd, text);
    const int err = errno;
    ::close(fd);
    if (!ok) throw OutputError(fmt::format("{}: cannot write: {}", where, std::strerror(err)));
}

}  // namespace

void OutputDir::write_new(const std::string& name, const std::string& text) const {
    const std::string where = (std::filesystem::path(path_) / name).string();
    const int fd = create_exclusive(fd_, name);
    if (fd < 0)
        throw OutputError(fmt::format("{}: {}{}", where, std::strerror(errno),
                                      errno == EEXIST
                                          ? " (something is already there, perhaps a planted "
                                            "link; refusing to write through it)"
                                          : ""));
    write_or_throw(fd, where, text);
}

std::string OutputDir::write_new_unique(const std::string& stem, const std::string& ext,
                                        const std::string& text) const {
    for (int n = 1; n < 1000; ++n) {
        const std::string name = n == 1 ? stem + ext : fmt::format("{}-{}{}", stem, n, ext);
        const int fd = create_exclusive(fd_, name);
        if (fd < 0 && errno == EEXIST) continue;
        if (fd < 0) throw OutputError(fmt::format("{}/{}: {}", path_, name, std::strerror(errno)));
        write_or_throw(fd, path_ + "/" + name, text);
        return name;
    }
    throw OutputError(fmt::format("{}/{}{}: a thousand names taken", path_, stem, ext));
}

namespace {

// An output stream onto a descriptor the caller opened safely (openat, O_EXCL, O_NOFOLLOW).
class FdBuffer : public std::streambuf {
  public:
    explicit FdBuffer(int fd) : fd_(fd) { setp(buffer_, buffer_ + sizeof buffer_); }
    bool failed() const { return failed_; }

  protected:
    int overflow(int c) override {
        if (!flush_buffer()) return traits_type::eof();
        if (c != traits_type::eof()) {
            *pptr() = static_cast<char>(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }
    int sync() override { return flush_buffer() ? 0 : -1; }

  private:
    bool flush_buffer() {
        const std::string chunk(pbase(), pptr());
        setp(buffer_, buffer_ + sizeof buffer_);
        if (!chunk.empty() && !write_all(fd_, chunk)) failed_ = true;
        return !failed_;
    }
    int fd_;
    bool failed_ = false;
    char buffer_[1 << 16];
};

}  // namespace

void OutputDir::replace_streamed(const std::string& name,
                                 const std::function<void(std::ostream&)>& write) const {
    static std::atomic<unsigned> counter{0};
    const std::string tmp = fmt::format(".{}.tmp-{}-{}", name, ::getpid(), counter++);
    const int fd = create_exclusive(fd_, tmp);
    if (fd < 0) throw OutputError(fmt::format("{}/{}: {}", path_, tmp, std::strerror(errno)));
    bool ok = false;
    try {
        FdBuffer buffer(fd);
        std::ostream out(&buffer);
        write(out);
        out.flush();
        ok = !buffer.failed() && out.good();
    } catch (...) {
        ::close(fd);
        ::unlinkat(fd_, tmp.c_str(), 0);
        throw;
    }
    const int err = errno;
    ::close(fd);
    if (!ok || ::renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0) {
        ::unlinkat(fd_, tmp.c_str(), 0);
        throw OutputError(
            fmt::format("{}/{}: cannot write: {}", path_, name, std::strerror(ok ? errno : err)));
    }
}

void OutputDir::replace(const std::string& name, const std::string& text) const {
    static std::atomic<unsigned> counter{0};
    const std::string tmp = fmt::format(".{}.tmp-{}-{}", name, ::getpid(), counter++);
    const int fd = create_exclusive(fd_, tmp);
    if (fd < 0) throw OutputError(fmt::format("{}/{}: {}", path_, tmp, std::strerror(errno)));
    write_or_throw(fd, path_ + "/" + tmp, text);
    if (::renameat(fd_, tmp.c_str(), fd_, name.c_str()) != 0) {
        const int err = errno;
        ::unlinkat(fd_, tmp.c_str(), 0);
        throw OutputError(
            fmt::format("{}/{}: cannot rename into place: {}", path_, name, std::strerror(err)));
    }
}

}  // namespace referee::tournament
