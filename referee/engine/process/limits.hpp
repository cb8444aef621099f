// What one engine process may use, enforced by the kernel (setrlimit in the child before
// exec) or by the referee (output volume). Always on; every figure can be changed per engine
// ("limit.NAME=VALUE" in an engine description, "limits:" in a tournament config).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace referee::engine {

struct ResourceLimits {
    // 0 means "no limit" for each figure.
    // Memory is bounded by RLIMIT_DATA (the heap, brk and private writable mappings: what a
    // process can actually fill), not by its address space: a JVM reserves several times the
    // memory it uses (its heap's maximum, class space, code cache, a malloc arena a thread)
    // as inaccessible mappings, and under a 4 GiB RLIMIT_AS it cannot start.
    std::size_t data_mb = default_data_mb();  // RLIMIT_DATA
    std::size_t address_space_mb = 0;         // RLIMIT_AS: none unless asked for
    std::size_t cpu_seconds = 0;    // RLIMIT_CPU; a game's clock already bounds thinking time
    std::size_t open_files = 1024;  // RLIMIT_NOFILE
    std::size_t processes = 4096;   // RLIMIT_NPROC: counted per user by the kernel, see README
    bool core_files = false;        // RLIMIT_CORE 0 unless true
    std::size_t stdout_mb = 1024;   // total stdout over the process's life; beyond: a fault
    std::size_t stderr_mb = 16;     // total stderr over the process's life; beyond: a fault

    // 4096 MiB, or none when the referee is built with a sanitizer: AddressSanitizer's shadow
    // memory is terabytes of writable mappings, and the in-tree engines are built the same way.
    static std::size_t default_data_mb();
};

// Sets one figure from "data", "as", "cpu", "files", "procs", "core", "stdout", "stderr" and a
// number (MiB, seconds, count; core: 0 or 1). Throws std::invalid_argument naming the key.
void set_limit(ResourceLimits& limits, std::string_view key, std::string_view value);
// "data=4096 MiB, as=none, cpu=none, files=1024, procs=4096, core=off, stdout=1024 MiB, stderr=16
// MiB"
std::string describe(const ResourceLimits& limits);

}  // namespace referee::engine
