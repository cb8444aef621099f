#include "report_fixture.hpp"

namespace referee::report::fixture {

match::GameRecord played_game(const rules::Rules& rules, const std::string& white,
                              const std::string& black, int round,
                              const std::vector<std::string>& moves) {
    match::GameRecord g;
    g.variant = rules.name();
    g.white = white;
    g.black = black;
    g.round = round;
    g.time_control = "10+0.1";
    g.date = "2024.05.01";
    rules::Position pos = rules.start();
    g.start_fen = pos.fen();
    std::int64_t clock[2] = {10000, 10000};
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const rules::Move m = pos.parse_move(moves[i]);
        const int side = pos.side_to_move() == rules::White ? 0 : 1;
        const std::int64_t elapsed = 100 * static_cast<std::int64_t>(i + 1);
        clock[side] += 100 - elapsed;
        g.moves.push_back({pos.move_name(m), pos.move_name(m, rules::MoveStyle::Uci), pos.san(m),
                           elapsed, clock[side], false});
        pos.play(m);
    }
    g.final_fen = pos.fen();
    return g;
}

ReportInput sample_tournament() {
    rules::Rules rules = rules::Rules::load("minitchess");
    const std::vector<std::string> engines = {"alpha", "beta", kScriptName};
    std::vector<match::GameRecord> games;

    auto g1 = played_game(rules, "alpha", kScriptName, 1, {"b2-b3", "c5-c4", "b3-c4"});
    g1.result = rules::GameResult::WhiteWins;
    g1.termination = match::Termination::IllegalMove;
    g1.reason_key = "illegal-move";
    g1.reason = kScriptName + " (Black) played an illegal move: 'a6-a1' <is> not legal & never was";
    g1.at_fault = rules::Black;
    g1.black_stderr_tail = "thinking...\n</script><b>boom</b>";
    games.push_back(g1);

    auto g2 = played_game(rules, "beta", "alpha", 2, {"a2-a3"});
    g2.result = rules::GameResult::BlackWins;
    g2.termination = match::Termination::TimeForfeit;
    g2.reason_key = "time-forfeit";
    g2.reason = "beta (White) took 12.500 s for a move it had 10.000 s for (margin 0.050 s)";
    g2.at_fault = rules::White;
    games.push_back(g2);

    auto g3 = played_game(rules, kScriptName, "beta", 3, {"e2-e3", "a5-a4"});
    g3.result = rules::GameResult::WhiteWins;
    g3.termination = match::Termination::Resignation;
    g3.reason_key = "resignation";
    g3.reason = "beta (Black) resigned";
    g3.at_fault = rules::Black;
    games.push_back(g3);

    tournament::Standings standings = tournament::compute_standings(engines, games);
    return ReportInput{
        "Spring <class> & co", "round-robin", "10+0.1", rules, engines, games, standings, 4};
}

}  // namespace referee::report::fixture
