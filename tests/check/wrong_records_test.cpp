// Records made wrong in each way the check must catch: an illegal move, a move after the
// game ended, a wrong result, a wrong reason, a truncated file, a game in another variant
// than the one claimed; and the referee's own records, right, check out.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "check_test_util.hpp"
#include "tests/support/rules.hpp"

namespace {

using referee::check::Problem;
using referee::check::Status;
using referee::check::Verdict;
using referee::check::test::check_text;
using referee::check::test::random_game;
using referee::check::test::scripted_game;
using referee::match::GameRecord;
using referee::rules::Rules;
using referee::test::cached_rules;

// A minichess game that ends by a king capture within a few dozen plies.
GameRecord king_capture_game() {
    for (unsigned seed = 1;; ++seed) {
        GameRecord g = random_game(cached_rules("minichess"), seed);
        if (g.reason_key == "king-capture" && g.moves.size() >= 6) return g;
    }
}

std::string explain(const std::vector<Verdict>& verdicts) {
    std::string out;
    for (const auto& v : verdicts) out += referee::check::format_verdict(v) + "\n";
    return out;
}

// The same games as PGN and as the JSON record (whose moves are in the referee's own
// coordinates, the shogi family's promotions written b3-d1+).
TEST(SlowWrongRecords, TheReferesOwnPgnAndJsonCheckOutInEveryVariant) {
    std::string pgn;
    std::string json;
    int games = 0;
    for (const auto& name : referee::rules::list_variants()) {
        const Rules rules = Rules::load(name);
        // Three games a variant: with 34 variants that is about a hundred games, enough for
        // every ending to turn up, in a second.
        for (unsigned seed = 0; seed < 3; ++seed, ++games) {
            const GameRecord g = random_game(rules, seed, 300);
            pgn += referee::match::to_pgn(g);
            json += referee::match::to_json(g).dump() + "\n";
        }
    }
    for (const char* file : {"all.pgn", "all.json"}) {
        const auto verdicts = check_text(file, file == std::string("all.pgn") ? pgn : json);
        ASSERT_EQ(static_cast<int>(verdicts.size()), games) << file;
        int ok = 0;
        for (const auto& v : verdicts) {
            EXPECT_TRUE(v.checks_out()) << file << ": " << referee::check::format_verdict(v);
            ok += v.status == Status::Ok;
        }
        // Random games on the big boards (xiangqi, shogi, grand) mostly stop unfinished at
        // 300 plies; a third of all ending by the rules still shows the endings are checked.
        EXPECT_GT(ok, games / 3) << file << ": " << explain(verdicts);
    }
}

// A game from a set-up position with Black to move: SetUp and FEN tags, "1..." numbering.
TEST(WrongRecords, SetUpPositionsCheckOut) {
    const std::string fen = "kqbnr/ppppp/5/1P3/P1PPP/RNBQK b - - 0 3";
    GameRecord g = scripted_game(cached_rules("minichess"), {});
    referee::rules::Position pos = cached_rules("minichess").from_fen(fen);
    g.start_fen = fen;
    g.standard_start = false;
    for (const char* text : {"a5-a4", "b3-a4", "b5-b4"}) {
        const auto m = pos.parse_move(text);
        g.moves.push_back({pos.move_name(m), pos.move_name(m, referee::rules::MoveStyle::Uci),
                           pos.san(m), 0, -1, false});
        pos.play(m);
    }
    g.termination = referee::match::Termination::Resignation;
    g.reason_key = "resignation";
    g.at_fault = referee::rules::White;
    g.result = referee::rules::GameResult::BlackWins;
    g.final_fen = pos.fen();
    const std::string pgn = referee::match::to_pgn(g);
    ASSERT_NE(pgn.find("3... a4"), std::string::npos) << pgn;
    auto v = check_text("setup.pgn", pgn);
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_EQ(v[0].plies, 3);
    v = check_text("setup.json", referee::match::to_json(g).dump());
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    // The same moves from the standard start are not legal.
    g.standard_start = true;
    v = check_text("nosetup.json", referee::match::to_json(g).dump());
    EXPECT_EQ(v[0].problem, Problem::IllegalMove) << v[0].message;
    EXPECT_EQ(v[0].ply, 1);
}

TEST(WrongRecords, AnIllegalMoveIsNamedWithItsPlySideAndWhy) {
    const auto v = check_text(
        "illegal.pgn", "[Variant \"minichess\"]\n[Result \"1-0\"]\n\n1. a3 b4 2. a5 Nc4 1-0\n");
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].status, Status::Wrong);
    EXPECT_EQ(v[0].problem, Problem::IllegalMove);
    EXPECT_EQ(v[0].ply, 3);
    EXPECT_EQ(v[0].message, "ply 3, White: a5 is not legal: no pawn of White can move to a5")
        << v[0].message;

    // The same in coordinates, in a JSON record.
    GameRecord g = scripted_game(cached_rules("minichess"), {"a2-a3", "b5-b4", "a3-a4"});
    g.moves[2].dash = "a3-a5";
    const auto j = check_text("game.json", referee::match::to_json(g).dump(2));
    ASSERT_EQ(j.size(), 1u);
    EXPECT_EQ(j[0].problem, Problem::IllegalMove);
    EXPECT_EQ(
        j[0].message.rfind("ply 3, White: a3-a5 is not legal: the pawn on a3 cannot move to a5", 0),
        0u)
        << j[0].message;
}

TEST(WrongRecords, AMoveAfterTheGameEnded) {
    GameRecord g = king_capture_game();
    const int plies = static_cast<int>(g.moves.size());
    g.moves.push_back({"a2-a3", "a2a3", "a3", 0, -1, false});
    const auto v = check_text("after.pgn", referee::match::to_pgn(g));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::MoveAfterEnd) << v[0].message;
    EXPECT_EQ(v[0].ply, plies + 1);
    EXPECT_NE(v[0].message.find(fmt::format("comes after the game ended with ply {}", plies)),
              std::string::npos)
        << v[0].message;
    EXPECT_NE(v[0].message.find("captured"), std::string::npos) << v[0].message;
}

TEST(WrongRecords, AWrongResult) {
    GameRecord g = king_capture_game();
    const auto right = g.result;
    g.result = right == referee::rules::GameResult::WhiteWins
                   ? referee::rules::GameResult::BlackWins
                   : referee::rules::GameResult::WhiteWins;
    const auto v = check_text("result.pgn", referee::match::to_pgn(g));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::WrongResult) << v[0].message;
    EXPECT_EQ(v[0].rules_result, referee::rules::result_string(right));
    EXPECT_NE(v[0].message.find(fmt::format("the record says {}", g.result_text())),
              std::string::npos)
        << v[0].message;

    // A stop blaming one side with the other side losing.
    GameRecord stopped = scripted_game(cached_rules("minichess"), {"a2-a3"});
    stopped.termination = referee::match::Termination::TimeForfeit;
    stopped.reason_key = "time-forfeit";
    stopped.at_fault = referee::rules::Black;
    stopped.result = referee::rules::GameResult::BlackWins;
    const auto s = check_text("stopped.json", referee::match::to_json(stopped).dump());
    EXPECT_EQ(s[0].problem, Problem::WrongResult) << s[0].message;
    EXPECT_NE(s[0].message.find("the record blames Black"), std::string::npos) << s[0].message;
}

TEST(WrongRecords, AWrongReason) {
    // The rules ended it by a king capture; the record says checkmate.
    GameRecord g = king_capture_game();
    g.reason_key = "checkmate";
    auto v = check_text("reason.json", referee::match::to_json(g).dump(2));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::WrongReason) << v[0].message;
    EXPECT_NE(v[0].message.find("not by checkmate"), std::string::npos) << v[0].message;

    // The rules ended it; the record says time forfeit.
    g = king_capture_game();
    g.termination = referee::match::Termination::TimeForfeit;
    g.reason_key = "time-forfeit";
    v = check_text("reason.pgn", referee::match::to_pgn(g));
    EXPECT_EQ(v[0].problem, Problem::WrongReason) << v[0].message;
    EXPECT_NE(v[0].message.find("the rules ended the game by king-capture"), std::string::npos)
        << v[0].message;

    // The record says the rules ended it; they had not.
    GameRecord early = scripted_game(cached_rules("minichess"), {"a2-a3", "b5-b4"});
    early.termination = referee::match::Termination::Rules;
    early.reason_key = "king-capture";
    early.result = referee::rules::GameResult::WhiteWins;
    v = check_text("early.json", referee::match::to_json(early).dump());
    EXPECT_EQ(v[0].problem, Problem::WrongReason) << v[0].message;
    EXPECT_NE(v[0].message.find("after ply 2 it is not over"), std::string::npos) << v[0].message;
}

TEST(WrongRecords, ATruncatedFile) {
    const std::string one = referee::match::to_pgn(king_capture_game());
    const std::string two = referee::match::to_pgn(random_game(cached_rules("minichess"), 99));
    const std::string whole = one + two;
    // Cut in the middle of the second game's moves.
    const std::string cut = whole.substr(0, one.size() + two.find("3. ") + 2);
    auto v = check_text("cut.pgn", cut);
    ASSERT_EQ(v.size(), 2u) << explain(v);
    EXPECT_TRUE(v[0].checks_out()) << v[0].message;
    EXPECT_EQ(v[1].problem, Problem::Truncated) << v[1].message;
    EXPECT_NE(v[1].message.find("without a result"), std::string::npos) << v[1].message;

    // A JSON record cut short is unreadable, not silently empty.
    const std::string json = referee::match::to_json(king_capture_game()).dump(2);
    v = check_text("cut.json", json.substr(0, json.size() / 2));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].problem, Problem::Unreadable) << v[0].message;
    EXPECT_NE(v[0].message.find("not JSON"), std::string::npos) << v[0].message;
}

TEST(WrongRecords, AGameInAnotherVariantThanClaimed) {
    // MinitChess's bishop steps straight to an empty square (c1-c2); in minichess it cannot.
    const Rules minitchess = Rules::load("minitchess");
    GameRecord g = scripted_game(minitchess, {"c2-c3", "a5-a4", "c1-c2", "b5-b4", "c2-c1"});
    g.variant = "minichess";
    const auto v = check_text("claimed.json", referee::match::to_json(g).dump(2));
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].variant, "minichess");
    EXPECT_EQ(v[0].problem, Problem::IllegalMove) << v[0].message;
    EXPECT_EQ(v[0].ply, 3);
    EXPECT_NE(v[0].message.find("the bishop on c1 cannot move to c2"), std::string::npos)
        << v[0].message;
    EXPECT_NE(
        v[0].message.find("the game checks out as minitchess: is minichess the right variant?"),
        std::string::npos)
        << v[0].message;

    // The same PGN under its true name checks out.
    g.variant = "minitchess";
    const auto right = check_text("right.pgn", referee::match::to_pgn(g));
    EXPECT_TRUE(right[0].checks_out()) << right[0].message;
}

TEST(WrongRecords, TheVariantComesFromTheFileOrTheCommandLine) {
    const std::string bare = "1. a3 b4 *\n";
    auto v = check_text("bare.pgn", bare);
    EXPECT_EQ(v[0].problem, Problem::Unreadable);
    EXPECT_NE(v[0].message.find("names no variant; give one with --variant"), std::string::npos)
        << v[0].message;
    v = check_text("bare.pgn", bare, "minichess");
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_NE(v[0].message.find("no result (*)"), std::string::npos) << v[0].message;

    // A name this referee does not know, with and without --variant.
    const std::string odd = "[Variant \"Tamerlane\"]\n\n1. a3 *\n";
    v = check_text("odd.pgn", odd);
    EXPECT_NE(v[0].message.find("unknown variant 'Tamerlane'"), std::string::npos) << v[0].message;
    v = check_text("odd.pgn", odd, "minichess");
    EXPECT_TRUE(v[0].checks_out()) << v[0].message;
    ASSERT_EQ(v[0].notes.size(), 1u);
    EXPECT_NE(v[0].notes[0].find("checked as minichess (--variant)"), std::string::npos);
    // Capitalised names as other tools write them.
    v = check_text("caps.pgn", "[Variant \"MiniChess\"]\n\n1. a3 *\n");
    EXPECT_EQ(v[0].variant, "minichess") << v[0].message;

    // The Variant tag as lichess writes it, as pychess writes it (Fairy-Stockfish's name),
    // and a variant's other `names:`.
    const std::pair<const char*, const char*> tags[] = {
        {"King of the Hill", "kingofthehill"},
        {"Three-check", "3check"},
        {"Racing Kings", "racingkings"},
        {"Antichess", "antichess"},
        {"Horde", "horde"},
        {"Chess960", "fischerandom"},
        {"Standard", "chess"},
        {"From Position", "chess"},
        {"kingofthehill", "kingofthehill"},
        {"makruk", "makruk"},
        {"capablanca", "capablanca"},
        {"los-alamos", "losalamos"},
        {"Los Alamos", "losalamos"},
        {"grandchess", "grand"},
    };
    for (const auto& [tag, variant] : tags) {
        v = check_text("tag.pgn", std::string("[Variant \"") + tag + "\"]\n\n*\n");
        EXPECT_EQ(v[0].variant, variant) << tag << ": " << v[0].message;
        EXPECT_TRUE(v[0].checks_out()) << tag << ": " << v[0].message;
    }

    // The Result tag and the movetext disagree.
    v = check_text("two.pgn", "[Variant \"minichess\"]\n[Result \"1-0\"]\n\n1. a3 0-1\n");
    EXPECT_EQ(v[0].problem, Problem::Unreadable);
    EXPECT_NE(v[0].message.find("the Result tag says 1-0, the movetext ends with 0-1"),
              std::string::npos)
        << v[0].message;
}

TEST(WrongRecords, AdjudicatedAndResignedGamesArePlausibleNotRulesGiven) {
    const Rules gardner = Rules::load("gardner-castling");
    GameRecord capped = random_game(gardner, 3, 12);
    ASSERT_EQ(capped.reason_key, "move-cap");
    auto v = check_text("capped.pgn", referee::match::to_pgn(capped));
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_NE(v[0].message.find("plausible, not rules-given: 1/2-1/2 after ply 12, adjudicated"),
              std::string::npos)
        << v[0].message;

    GameRecord resigned = scripted_game(cached_rules("minichess"), {"a2-a3", "b5-b4"});
    resigned.termination = referee::match::Termination::Resignation;
    resigned.reason_key = "resignation";
    resigned.reason = "beta (Black) resigned";
    resigned.at_fault = referee::rules::Black;
    resigned.result = referee::rules::GameResult::WhiteWins;
    v = check_text("resigned.json", referee::match::to_json(resigned).dump());
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_NE(v[0].message.find("Black resigned"), std::string::npos) << v[0].message;
    // In PGN a resignation is "normal" termination with no end by the rules.
    v = check_text("resigned.pgn", referee::match::to_pgn(resigned));
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_NE(v[0].message.find("a resignation or an agreed result?"), std::string::npos)
        << v[0].message;
}

}  // namespace

// A crash is "abandoned" in PGN: said in words, with the record's own reason and not the
// last move's clock comment; a comment of annotations only gives no reason at all.
TEST(WrongRecords, AnAbandonedGameIsWordedWithItsReasonNotItsClock) {
    GameRecord crashed = scripted_game(cached_rules("minichess"), {"a2-a3", "b5-b4"});
    for (auto& m : crashed.moves) m.clock_after_ms = 9800;
    crashed.moves.back().info.has_score = true;
    crashed.moves.back().info.depth = 7;
    crashed.moves.back().info.score = 35;
    crashed.termination = referee::match::Termination::Crash;
    crashed.reason_key = "crash";
    crashed.reason = "White (alpha) crashed: exited with code 1";
    crashed.at_fault = referee::rules::White;
    crashed.result = referee::rules::GameResult::BlackWins;
    const std::string pgn = referee::match::to_pgn(crashed);
    ASSERT_NE(pgn.find("[%clk"), std::string::npos) << pgn;
    auto v = check_text("crashed.pgn", pgn);
    ASSERT_EQ(v.size(), 1u);
    EXPECT_EQ(v[0].status, Status::Stopped) << v[0].message;
    EXPECT_NE(v[0].message.find("White abandoned the game (abandoned; the record says 'White "
                                "(alpha) crashed: exited with code 1')"),
              std::string::npos)
        << v[0].message;
    EXPECT_EQ(v[0].message.find("lost by"), std::string::npos) << v[0].message;
    EXPECT_EQ(v[0].message.find("%clk"), std::string::npos) << v[0].message;

    v = check_text("clocks.pgn",
                   "[Variant \"minichess\"]\n[Result \"0-1\"]\n[Termination \"abandoned\"]\n\n"
                   "1. a3 {[%clk 0:00:09.8] 0.200s} b4 {+0.35/7 0.1s, [%clk 0:00:09.7] n=120} "
                   "0-1\n");
    ASSERT_EQ(v.size(), 1u);
    EXPECT_NE(v[0].message.find("White abandoned the game (abandoned)"), std::string::npos)
        << v[0].message;
    EXPECT_EQ(v[0].message.find("record says"), std::string::npos) << v[0].message;
}
