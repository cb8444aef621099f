// A DialectHost that records what a dialect does, for tests of one dialect without a process:
// every line sent (with the "\n" the process or socket adds), readiness, faults, moves and
// the other events, and the dialect's timer, fired by hand.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "referee/engine/dialects/dialect.hpp"
#include "referee/rules/core/position.hpp"

namespace referee::test {

struct FakeDialectHost : engine::DialectHost {
    std::string sent;  // every byte the engine would receive
    int ready_count = 0;
    int hang_ups = 0;
    int resigns = 0;
    std::vector<rules::Move> moves;
    std::vector<std::string> illegal, unreadable_replies;  // sentences of refused replies
    std::vector<std::pair<rules::GameResult, std::string>> claims;
    int draw_offers = 0;
    std::vector<std::string> disagreements;  // "<fen before> <move> | <what it said>"
    std::vector<std::pair<engine::FaultKind, std::string>> faults;
    std::function<void()> timer;  // the dialect's timer, when set; fire() runs it

    void send(std::string_view line, std::function<void()> on_written) override {
        sent += std::string(line) + "\n";
        if (on_written) on_written();
    }
    void ready() override { ++ready_count; }
    void fault(engine::FaultKind kind, std::string detail) override {
        faults.emplace_back(kind, std::move(detail));
    }
    void move(rules::Move m) override { moves.push_back(m); }
    void illegal_move(std::string why) override { illegal.push_back(std::move(why)); }
    void unreadable(std::string why) override { unreadable_replies.push_back(std::move(why)); }
    void resign() override { ++resigns; }
    void claim(rules::GameResult result, std::string comment) override {
        claims.emplace_back(result, std::move(comment));
    }
    void draw_offer() override { ++draw_offers; }
    void disagree(const rules::Position& before, rules::Move m, std::string said) override {
        disagreements.push_back(before.fen() + " " + before.move_name(m, rules::MoveStyle::Uci) +
                                " | " + said);
    }
    void set_timer(std::chrono::milliseconds, std::function<void()> fired) override {
        timer = std::move(fired);
    }
    void cancel_timer() override { timer = nullptr; }
    void fire() {
        auto t = std::exchange(timer, nullptr);
        if (t) t();
    }
    void identified(std::string) override {}
    void hang_up() override { ++hang_ups; }

    // What was sent since the last call.
    std::string take() { return std::exchange(sent, std::string()); }
};

}  // namespace referee::test
