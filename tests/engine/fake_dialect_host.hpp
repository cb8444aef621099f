// A DialectHost that records what a dialect does, for tests of one dialect without a process:
// every line sent (with the "\n" the process or socket adds), readiness, faults, moves.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "referee/engine/dialect.hpp"

namespace referee::test {

struct FakeDialectHost : engine::DialectHost {
    std::string sent;  // every byte the engine would receive
    int ready_count = 0;
    int hang_ups = 0;
    int resigns = 0;
    std::vector<std::string> moves;
    std::vector<std::pair<engine::FaultKind, std::string>> faults;

    void send(std::string_view line, std::function<void()> on_written) override {
        sent += std::string(line) + "\n";
        if (on_written) on_written();
    }
    void ready() override { ++ready_count; }
    void fault(engine::FaultKind kind, std::string detail) override {
        faults.emplace_back(kind, std::move(detail));
    }
    void move(std::string text) override { moves.push_back(std::move(text)); }
    void resign() override { ++resigns; }
    void identified(std::string) override {}
    void hang_up() override { ++hang_ups; }

    // What was sent since the last call.
    std::string take() { return std::exchange(sent, std::string()); }
};

}  // namespace referee::test
