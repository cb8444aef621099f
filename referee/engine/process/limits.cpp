#include "referee/engine/process/limits.hpp"

#include <charconv>
#include <stdexcept>

namespace referee::engine {

std::size_t ResourceLimits::default_data_mb() {
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
    return 0;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
    return 0;
#else
    return 4096;
#endif
#else
    return 4096;
#endif
}

void set_limit(ResourceLimits& limits, std::string_view key, std::string_view value) {
    std::size_t n = 0;
    const auto* end = value.data() + value.size();
    auto [ptr, ec] = std::from_chars(value.data(), end, n);
    if (ec != std::errc() || ptr != end || value.empty())
        throw std::invalid_argument("limit." + std::string(key) + ": '" + std::string(value) +
                                    "' is not a whole number (0 for none)");
    if (key == "data")
        limits.data_mb = n;
    else if (key == "as")
        limits.address_space_mb = n;
    else if (key == "cpu")
        limits.cpu_seconds = n;
    else if (key == "files")
        limits.open_files = n;
    else if (key == "procs")
        limits.processes = n;
    else if (key == "core")
        limits.core_files = n != 0;
    else if (key == "stdout")
        limits.stdout_mb = n;
    else if (key == "stderr")
        limits.stderr_mb = n;
    else
        throw std::invalid_argument("unknown limit '" + std::string(key) +
                                    "' (known: data, as, cpu, files, procs, core, stdout, stderr)");
}

std::string describe(const ResourceLimits& l) {
    auto fig = [](std::size_t n, const char* unit) {
        return n == 0 ? std::string("none") : std::to_string(n) + unit;
    };
    return "data=" + fig(l.data_mb, " MiB") + ", as=" + fig(l.address_space_mb, " MiB") +
           ", cpu=" + fig(l.cpu_seconds, " s") + ", files=" + fig(l.open_files, "") +
           ", procs=" + fig(l.processes, "") + ", core=" + (l.core_files ? "on" : "off") +
           ", stdout=" + fig(l.stdout_mb, " MiB") + ", stderr=" + fig(l.stderr_mb, " MiB");
}

}  // namespace referee::engine
