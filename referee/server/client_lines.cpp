#include "referee/server/client_lines.hpp"

namespace referee::server {

bool ClientLines::add(std::string_view bytes) {
    partial_.append(bytes);
    std::size_t start = 0;
    for (std::size_t nl; (nl = partial_.find('\n', start)) != std::string::npos; start = nl + 1) {
        std::string line = partial_.substr(start, nl - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.size() > max_line_) return false;
        lines_.push_back(std::move(line));
    }
    partial_.erase(0, start);
    return partial_.size() <= max_line_ && lines_.size() <= max_waiting_;
}

std::string ClientLines::take() {
    std::string line = std::move(lines_.front());
    lines_.pop_front();
    return line;
}

}  // namespace referee::server
