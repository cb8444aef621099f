#include "check_test_util.hpp"

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>

namespace referee::check::test {

namespace {

void record_move(match::GameRecord& g, rules::Position& pos, rules::Move m) {
    g.moves.push_back(
        {pos.move_name(m), pos.move_name(m, rules::MoveStyle::Uci), pos.san(m), 10, -1, false});
    pos.play(m);
}

void finish(match::GameRecord& g, const rules::Position& pos) {
    if (auto o = pos.outcome()) {
        g.result = o->result;
        g.termination = match::Termination::Rules;
        g.reason_key = rules::end_reason_key(o->reason);
        g.reason = o->description;
    } else {
        g.result = rules::GameResult::Draw;
        g.termination = match::Termination::MoveCap;
        g.reason_key = "move-cap";
        g.reason = "draw by the referee's move cap";
    }
    g.final_fen = pos.fen();
}

match::GameRecord blank(const rules::Rules& rules, const rules::Position& start) {
    match::GameRecord g;
    g.variant = rules.name();
    g.white = "alpha";
    g.black = "beta";
    g.date = "2026.11.23";
    g.start_fen = start.fen();
    return g;
}

}  // namespace

match::GameRecord random_game(const rules::Rules& rules, unsigned seed, int max_plies) {
    rules::Position pos = rules.start();
    match::GameRecord g = blank(rules, pos);
    std::mt19937 rng(seed);
    for (int ply = 0; ply < max_plies && !pos.outcome(); ++ply) {
        const auto moves = pos.legal_moves();
        record_move(g, pos,
                    moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)]);
    }
    finish(g, pos);
    return g;
}

match::GameRecord scripted_game(const rules::Rules& rules, const std::vector<std::string>& moves) {
    rules::Position pos = rules.start();
    match::GameRecord g = blank(rules, pos);
    for (const auto& text : moves) record_move(g, pos, pos.parse_move(text));
    finish(g, pos);
    return g;
}

TempFile::TempFile(const std::string& name, const std::string& content) {
    std::string pattern = (std::filesystem::temp_directory_path() / "check-test-XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    path_ = dir_ + "/" + name;
    std::ofstream(path_, std::ios::binary) << content;
}

TempFile::~TempFile() {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
}

std::vector<Verdict> check_path(const std::string& path, const std::string& fallback_variant) {
    Checker checker(fallback_variant);
    std::vector<Verdict> out;
    const std::string error =
        checker.check_file(path, [&](const Verdict& v, const GameSource&) { out.push_back(v); });
    if (!error.empty()) throw std::runtime_error(error);
    return out;
}

std::vector<Verdict> check_text(const std::string& name, const std::string& content,
                                const std::string& fallback_variant) {
    TempFile file(name, content);
    return check_path(file.path(), fallback_variant);
}

}  // namespace referee::check::test
