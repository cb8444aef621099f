#include "engines/common/line_reader.hpp"

#include <unistd.h>

#include <cerrno>

namespace engines {

bool LineReader::fill() {
    if (eof_) return false;
    char chunk[4096];
    for (;;) {
        const ssize_t n = ::read(fd_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            eof_ = true;
            return false;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
        return true;
    }
}

std::optional<std::string> LineReader::next() {
    bool overlong = false;
    for (;;) {
        const std::size_t newline = buffer_.find('\n', start_);
        if (newline != std::string::npos) {
            std::string line = buffer_.substr(start_, newline - start_);
            start_ = newline + 1;
            if (start_ > 65536) buffer_.erase(0, start_), start_ = 0;
            if (overlong) {
                overlong = false;
                continue;
            }
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return line;
        }
        if (buffer_.size() - start_ > kMaxLineBytes) {
            // Keep reading to the end of this line, but not its bytes.
            overlong = true;
            buffer_.clear();
            start_ = 0;
        }
        if (!fill()) {
            if (start_ < buffer_.size() && !overlong) {
                std::string line = buffer_.substr(start_);
                buffer_.clear();
                start_ = 0;
                if (!line.empty() && line.back() == '\r') line.pop_back();
                return line;
            }
            return std::nullopt;
        }
    }
}

}  // namespace engines
