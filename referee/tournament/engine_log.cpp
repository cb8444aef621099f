#include "referee/tournament/engine_log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "referee/rules/text/printable.hpp"
#include "referee/tournament/output_files.hpp"

namespace referee::tournament {
namespace {

// Held lines are written once they pass this size, so a long game costs few writes.
constexpr std::size_t kBlockBytes = 64 * 1024;

}  // namespace

EngineLog::EngineLog(const std::string& path)
    : path_(path), start_(std::chrono::steady_clock::now()) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd_ < 0)
        throw OutputError(
            fmt::format("cannot open the engine log {}: {}", path, std::strerror(errno)));
}

EngineLog::~EngineLog() {
    flush();
    if (fd_ >= 0) ::close(fd_);
}

void EngineLog::add(std::string_view engine, bool to_engine, std::string_view line) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - start_)
                        .count();
    const std::string text = rules::printable_text(line);
    std::lock_guard lock(mutex_);
    fmt::format_to(std::back_inserter(pending_), "{}.{:03} {} {} {}\n", ms / 1000, ms % 1000,
                   engine, to_engine ? '<' : '>', text);
    if (pending_.size() >= kBlockBytes) flush_locked();
}

engine::EngineSession::Transcript EngineLog::transcript_for(std::string engine) {
    return [this, name = rules::printable_text(engine)](bool to_engine, std::string_view line) {
        add(name, to_engine, line);
    };
}

void EngineLog::flush() {
    std::lock_guard lock(mutex_);
    flush_locked();
}

void EngineLog::flush_locked() {
    if (pending_.empty() || fd_ < 0) return;
    // A log that cannot be written (disk full) must not stop the games: the lines are dropped.
    (void)write_all(fd_, pending_);
    pending_.clear();
}

}  // namespace referee::tournament
