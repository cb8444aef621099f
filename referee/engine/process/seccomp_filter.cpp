#include "referee/engine/process/seccomp_filter.hpp"

#include <linux/seccomp.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

// In an AddressSanitizer build the in-tree engines are sanitized too, and LeakSanitizer stops
// an exiting engine's threads with ptrace from a thread of its own: the filter lets ptrace
// through there (Landlock and a user of its own still keep it to the engine's own processes).
#if defined(__SANITIZE_ADDRESS__)
#define REFEREE_ENGINES_USE_PTRACE 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define REFEREE_ENGINES_USE_PTRACE 1
#endif
#endif

namespace referee::engine {
namespace {

// One argument comparison with every field given: libseccomp's SCMP_A0 macros leave the
// second datum out, which clang's -Wmissing-field-initializers refuses.
scmp_arg_cmp arg(unsigned int index, scmp_compare op, scmp_datum_t a, scmp_datum_t b = 0) {
    return scmp_arg_cmp{index, op, a, b};
}

[[noreturn]] void fail(const std::string& what, int rc) {
    throw std::runtime_error("seccomp: " + what + ": " + std::strerror(rc < 0 ? -rc : rc));
}

struct ContextDeleter {
    void operator()(void* ctx) const { seccomp_release(ctx); }
};

void deny(scmp_filter_ctx ctx, int error, int syscall, unsigned count = 0, scmp_arg_cmp a = {},
          scmp_arg_cmp b = {}) {
    const int rc = count == 0   ? seccomp_rule_add(ctx, SCMP_ACT_ERRNO(error), syscall, 0)
                   : count == 1 ? seccomp_rule_add(ctx, SCMP_ACT_ERRNO(error), syscall, 1, a)
                                : seccomp_rule_add(ctx, SCMP_ACT_ERRNO(error), syscall, 2, a, b);
    // A call this architecture lacks has nothing to deny.
    if (rc != 0 && rc != -EDOM && rc != -EFAULT)
        fail("a rule for system call " + std::to_string(syscall), rc);
}

// The program libseccomp generated, read back from a memory file (version 2.5 exports only
// to a descriptor).
std::vector<sock_filter> export_program(scmp_filter_ctx ctx) {
    const int fd = ::memfd_create("referee-seccomp", MFD_CLOEXEC);
    if (fd < 0) fail("memfd_create", errno);
    std::vector<sock_filter> program;
    const int rc = seccomp_export_bpf(ctx, fd);
    const off_t size = ::lseek(fd, 0, SEEK_END);
    if (rc == 0 && size > 0 && size % sizeof(sock_filter) == 0) {
        program.resize(static_cast<std::size_t>(size) / sizeof(sock_filter));
        if (::pread(fd, program.data(), static_cast<std::size_t>(size), 0) != size) program.clear();
    }
    ::close(fd);
    if (rc != 0) fail("exporting the filter", rc);
    if (program.empty()) fail("reading the exported filter back", EIO);
    return program;
}

// A tiny assembler for the signal filter: jumps name labels, resolved at the end.
class Assembler {
  public:
    void load_nr() { emit(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr))); }
    void load_arch() { emit(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, arch))); }
    // The low 32 bits of an argument: pids and signal numbers are ints (little-endian words).
    void load_arg(int i) {
        const auto offset = offsetof(seccomp_data, args) + i * sizeof(std::uint64_t) + low_word();
        emit(BPF_STMT(BPF_LD | BPF_W | BPF_ABS, static_cast<std::uint32_t>(offset)));
    }
    // Jumps to `label` when the accumulator equals k, else falls through.
    std::size_t jump_if(std::uint32_t k, int label) {
        pending_.push_back({code_.size(), label, true});
        emit(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, k, 0, 0));
        return code_.size() - 1;
    }
    // Jumps to `label` when the accumulator differs from k.
    void jump_unless(std::uint32_t k, int label) {
        pending_.push_back({code_.size(), label, false});
        emit(BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, k, 0, 0));
    }
    void ret(std::uint32_t action) { emit(BPF_STMT(BPF_RET | BPF_K, action)); }
    void label(int name) {
        if (static_cast<std::size_t>(name) >= labels_.size()) labels_.resize(name + 1);
        labels_[name] = code_.size();
    }
    std::vector<sock_filter> finish() {
        for (const auto& p : pending_) {
            const std::size_t offset = labels_.at(p.label) - p.at - 1;
            (p.when_equal ? code_[p.at].jt : code_[p.at].jf) = static_cast<std::uint8_t>(offset);
        }
        return code_;
    }

  private:
    static std::size_t low_word() {
        const std::uint32_t probe = 1;
        unsigned char first = 0;
        std::memcpy(&first, &probe, 1);
        return first == 1 ? 0 : 4;
    }
    void emit(sock_filter f) { code_.push_back(f); }
    struct Pending {
        std::size_t at;
        int label;
        bool when_equal;
    };
    std::vector<sock_filter> code_;
    std::vector<Pending> pending_;
    std::vector<std::size_t> labels_;
};

}  // namespace

std::vector<sock_filter> seccomp_policy_program(const SeccompPolicy& policy) {
    std::unique_ptr<void, ContextDeleter> owner(seccomp_init(SCMP_ACT_ALLOW));
    if (!owner) fail("seccomp_init", ENOMEM);
    scmp_filter_ctx ctx = owner.get();
    for (int call :
         {SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev), SCMP_SYS(pidfd_getfd),
          SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register)})
        deny(ctx, EPERM, call);
#ifndef REFEREE_ENGINES_USE_PTRACE
    deny(ctx, EPERM, SCMP_SYS(ptrace));
#endif
    deny(ctx, EACCES, SCMP_SYS(socket), 1, arg(0, SCMP_CMP_EQ, AF_PACKET));
    for (scmp_datum_t family : {AF_INET, AF_INET6}) {
        if (!policy.tcp) {
            deny(ctx, EACCES, SCMP_SYS(socket), 1, arg(0, SCMP_CMP_EQ, family));
            continue;
        }
        // Only streams: the type's low bits (SOCK_NONBLOCK and SOCK_CLOEXEC are above them).
        for (scmp_datum_t type :
             {SOCK_DGRAM, SOCK_RAW, SOCK_RDM, SOCK_SEQPACKET, SOCK_DCCP, SOCK_PACKET})
            deny(ctx, EACCES, SCMP_SYS(socket), 2, arg(0, SCMP_CMP_EQ, family),
                 arg(1, SCMP_CMP_MASKED_EQ, 0xf, type));
    }
    return export_program(ctx);
}

SignalFilter signal_filter_program() {
    enum { kAllow, kDeny, kKill, kThread, kTkill };
    constexpr std::uint32_t kPlaceholder = 0;
    SignalFilter out;
    Assembler a;
    a.load_arch();
    a.jump_unless(seccomp_arch_native(), kAllow);  // the policy filter kills other arches
    a.load_nr();
    a.jump_if(SYS_kill, kKill);
    a.jump_if(SYS_rt_sigqueueinfo, kKill);
    a.jump_if(SYS_tgkill, kThread);
    a.jump_if(SYS_rt_tgsigqueueinfo, kThread);
    a.jump_if(SYS_tkill, kTkill);
    a.jump_if(SYS_pidfd_send_signal, kDeny);
    a.ret(SECCOMP_RET_ALLOW);
    // kill(pid, sig), rt_sigqueueinfo(pid, sig, info): signal 0, its group, its leader.
    a.label(kKill);
    a.load_arg(1);
    a.jump_if(0, kAllow);
    a.load_arg(0);
    a.jump_if(0, kAllow);
    out.leader_at.push_back(a.jump_if(kPlaceholder, kAllow));
    out.group_at.push_back(a.jump_if(kPlaceholder, kAllow));
    a.ret(SECCOMP_RET_ERRNO | EPERM);
    // tgkill(tgid, tid, sig), rt_tgsigqueueinfo(tgid, tid, sig, info): the leader's threads.
    a.label(kThread);
    a.load_arg(0);
    out.leader_at.push_back(a.jump_if(kPlaceholder, kAllow));
    a.load_arg(2);
    a.jump_if(0, kAllow);
    a.ret(SECCOMP_RET_ERRNO | EPERM);
    // tkill(tid, sig): the leader's main thread.
    a.label(kTkill);
    a.load_arg(0);
    out.leader_at.push_back(a.jump_if(kPlaceholder, kAllow));
    a.load_arg(1);
    a.jump_if(0, kAllow);
    a.label(kDeny);
    a.ret(SECCOMP_RET_ERRNO | EPERM);
    a.label(kAllow);
    a.ret(SECCOMP_RET_ALLOW);
    out.program = a.finish();
    return out;
}

void fill_signal_filter(sock_filter* program, const std::size_t* leader_at,
                        std::size_t leader_count, const std::size_t* group_at,
                        std::size_t group_count, pid_t leader) {
    for (std::size_t i = 0; i < leader_count; ++i)
        program[leader_at[i]].k = static_cast<std::uint32_t>(leader);
    for (std::size_t i = 0; i < group_count; ++i)
        program[group_at[i]].k = static_cast<std::uint32_t>(-leader);
}

int install_seccomp(sock_filter* program, std::size_t length) {
    sock_fprog prog{static_cast<unsigned short>(length), program};
    return ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog, 0, 0) == 0 ? 0 : errno;
}

}  // namespace referee::engine
