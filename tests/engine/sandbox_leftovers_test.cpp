// What an engine left behind when it ended (ExitInfo::outlived) counts its own helpers, never
// the sandbox's processes: the bwrap the referee starts exits with the engine's status while
// its init, the first process of the engine's PID namespace, is still on its way out (longer
// on a loaded machine), and is the referee's child for that moment.
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "referee/engine/process/containment.hpp"

namespace {

using Lines = std::vector<std::string>;

// A child of this process that waits to be killed, named like bwrap, in the process group
// `group` (0: one of its own), and in a PID namespace of its own when asked (then -1 where
// none can be made). It has its name before this returns.
int wait_forever(void* ready_fd) {
    ::prctl(PR_SET_NAME, "bwrap", 0, 0, 0);
    const char c = 'x';
    if (::write(*static_cast<int*>(ready_fd), &c, 1) != 1) ::_exit(1);
    for (;;) ::pause();
}

pid_t start_child(pid_t group, bool own_pid_namespace) {
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return -1;
    alignas(16) static char stacks[4][64 * 1024];
    static int used = 0;
    char* top = stacks[used++ % 4] + sizeof stacks[0];
    pid_t pid = -1;
    if (!own_pid_namespace) {
        pid = ::clone(wait_forever, top, SIGCHLD, &fds[1]);
    } else {
        pid = ::clone(wait_forever, top, CLONE_NEWPID | SIGCHLD, &fds[1]);
        // Not root: a user namespace of its own may allow it.
        if (pid < 0)
            pid = ::clone(wait_forever, top, CLONE_NEWUSER | CLONE_NEWPID | SIGCHLD, &fds[1]);
    }
    if (pid > 0) {
        ::setpgid(pid, group == 0 ? pid : group);
        char c = 0;
        if (::read(fds[0], &c, 1) != 1) pid = -1;
    }
    ::close(fds[0]);
    ::close(fds[1]);
    return pid;
}

void end(pid_t pid) {
    if (pid <= 0) return;
    ::kill(pid, SIGKILL);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
}

TEST(SandboxLeftovers, TheInitOfTheEnginesPidNamespaceIsNoLeftoverOfTheEngine) {
    // The engine's leader, and a helper it forked that outlived it.
    const pid_t leader = start_child(0, false);
    ASSERT_GT(leader, 0);
    const pid_t helper = start_child(leader, false);
    ASSERT_GT(helper, 0);
    const auto helpers = referee::engine::detail::live_orphans_in_group(leader);
    if (helpers.empty()) {
        end(helper);
        end(leader);
        GTEST_SKIP() << "this kernel has no /proc/self/task/TID/children to find them by";
    }
    EXPECT_EQ(helpers, Lines{std::to_string(helper) + " (bwrap)"});
    // bwrap's init, in the same group, first of a PID namespace of its own.
    const pid_t init = start_child(leader, true);
    if (init <= 0) {
        end(helper);
        end(leader);
        GTEST_SKIP() << "no PID namespace can be made here";
    }
    EXPECT_EQ(referee::engine::detail::live_orphans_in_group(leader),
              Lines{std::to_string(helper) + " (bwrap)"});
    end(init);
    end(helper);
    end(leader);
}

}  // namespace
