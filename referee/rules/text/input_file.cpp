#include "referee/rules/text/input_file.hpp"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

namespace referee::rules {
namespace {

// Reads fd to its end, failing once more than `limit` bytes arrive.
std::string read_bounded(int fd, const std::string& name, std::size_t limit) {
    std::string out;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0)
            throw InputFileError(fmt::format("{}: cannot read: {}", name, std::strerror(errno)));
        if (n == 0) return out;
        if (out.size() + static_cast<std::size_t>(n) > limit)
            throw InputFileError(fmt::format(
                "{}: larger than {} bytes; this is not a file the referee reads", name, limit));
        out.append(buf, static_cast<std::size_t>(n));
    }
}

}  // namespace

std::string read_input_file(const std::string& path, std::size_t limit) {
    if (path == "-") return read_bounded(STDIN_FILENO, "standard input", limit);
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
    int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        throw InputFileError(fmt::format("{}: cannot read: {}", path, std::strerror(errno)));
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        throw InputFileError(
            fmt::format("{}: not a regular file (a FIFO, device or folder is not read)", path));
    }
    int flags = ::fcntl(fd, F_GETFL);
    if (flags >= 0) ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    try {
        std::string text = read_bounded(fd, path, limit);
        ::close(fd);
        return text;
    } catch (...) {
        ::close(fd);
        throw;
    }
}

}  // namespace referee::rules
