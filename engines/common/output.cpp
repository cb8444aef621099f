#include "engines/common/output.hpp"

#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <string>

namespace engines {

Output::Output(int fd) : fd_(fd) {
    ::signal(SIGPIPE, SIG_IGN);
}

void Output::line(std::string_view text) {
    std::string buffer;
    buffer.reserve(text.size() + 1);
    buffer.append(text);
    buffer += '\n';
    std::lock_guard lock(mutex_);
    if (closed_) return;
    const char* p = buffer.data();
    std::size_t left = buffer.size();
    while (left > 0) {
        const ssize_t n = ::write(fd_, p, left);
        if (n < 0) {
            if (errno == EINTR) continue;
            closed_ = true;
            return;
        }
        p += n;
        left -= static_cast<std::size_t>(n);
    }
}

}  // namespace engines
