// Splits a byte stream into lines while never holding more than max_line + one read chunk, so an
// engine that writes an endless line cannot make the referee grow without bound.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <span>
#include <string_view>
#include <vector>

namespace referee::engine {

class LineBuffer {
  public:
    enum class Result { Ok, Stopped, LineTooLong };

    LineBuffer(std::size_t max_line, std::size_t chunk) : max_line_(max_line), chunk_(chunk) {}

    // Room for the next read. The buffer grows lazily: engines that send short lines cost one
    // chunk, and a pending partial line is at most max_line, so the size stays <= max_line + chunk.
    std::span<char> prepare() {
        if (buf_.size() - used_ < chunk_ && start_ > 0) {
            std::memmove(buf_.data(), buf_.data() + start_, used_ - start_);
            used_ -= start_;
            scan_ -= start_;
            start_ = 0;
        }
        if (buf_.size() - used_ < chunk_) buf_.resize(used_ + chunk_);
        return {buf_.data() + used_, chunk_};
    }

    // Takes n bytes written into prepare()'s span and calls on_line(std::string_view) -> bool for
    // each complete line ('\n' and one trailing '\r' removed); on_line returns false to stop.
    // A line is too long when the bytes before its '\n' exceed max_line; once that is reported
    // the buffer must not be used again.
    template <class OnLine>
    Result commit(std::size_t n, OnLine&& on_line) {
        used_ += n;
        peak_ = std::max(peak_, used_ - start_);
        while (scan_ < used_) {
            auto* nl = static_cast<char*>(std::memchr(buf_.data() + scan_, '\n', used_ - scan_));
            if (nl == nullptr) break;
            std::size_t len = static_cast<std::size_t>(nl - (buf_.data() + start_));
            if (len > max_line_) return Result::LineTooLong;
            std::string_view line(buf_.data() + start_, len);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            start_ = scan_ = static_cast<std::size_t>(nl - buf_.data()) + 1;
            if (!on_line(line)) return Result::Stopped;
        }
        scan_ = used_;
        if (used_ - start_ > max_line_) return Result::LineTooLong;
        if (start_ == used_) start_ = used_ = scan_ = 0;
        return Result::Ok;
    }

    std::size_t pending_bytes() const { return used_ - start_; }
    std::size_t peak_bytes() const { return peak_; }
    std::size_t capacity() const { return buf_.size(); }

  private:
    std::size_t max_line_;
    std::size_t chunk_;
    std::vector<char> buf_;
    std::size_t start_ = 0;  // first byte of the pending partial line
    std::size_t scan_ = 0;   // bytes before this are known to hold no '\n' after start_
    std::size_t used_ = 0;
    std::size_t peak_ = 0;
};

}  // namespace referee::engine
