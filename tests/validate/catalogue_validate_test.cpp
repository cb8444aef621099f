// validate's verdict over the whole catalogue: an engine that plays by the rules is never
// failed, in any shipped variant, over any protocol it speaks. A legal engine may only be
// warned (a missed win, a castling it never chose); a FAIL would tell a student to fix an
// engine that is right. Three engines: the in-tree random player (every legal move equally
// likely, so it wanders into every kind of move) over UCI, USI and xboard; Fairy-Stockfish
// over UCI and Fairy-Max over xboard in each variant they play. One test per variant, so the
// variants run side by side; slow.
#include <unistd.h>

#include <gtest/gtest.h>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "referee/rules/variant/variant.hpp"
#include "validate_harness.hpp"

namespace referee::validate {
namespace {

using engine::Protocol;
using test::options_for;

// The probes about moves and positions: every rule probe, and the protocol probes that ask
// for moves. The clock probes and the second whole game are asked over UCI only: they test
// the clock and the restart, which the dialect does not change.
std::vector<std::string> move_probes() {
    std::vector<std::string> names = {"start-position", "set-up-position", "after-moves",
                                      "full-game"};
    for (const auto& n : probe_names())
        if (n.rfind("rule-", 0) == 0) names.push_back(n);
    return names;
}

// The report's failures, one line each, for the assertion's message.
std::string failures(const Report& r) {
    std::string out;
    for (const auto& p : r.probes)
        if (p.verdict == Verdict::Fail) out += "  " + p.name + ": " + p.detail + "\n";
    return out;
}

void expect_no_failure(const Report& r, const std::string& what) {
    EXPECT_TRUE(r.passed()) << what << " was failed by a legal engine:\n"
                            << failures(r) << format_text(r);
    EXPECT_GT(r.count(Verdict::Pass), 3u) << what << ": too little was asked\n" << format_text(r);
}

// An engine that does not play the variant is told so at the handshake and asked nothing
// more: that is no verdict about its moves.
bool refused_at_handshake(const Report& r) {
    for (const auto& p : r.probes)
        if (p.name == "handshake") return p.verdict == Verdict::Fail;
    return false;
}

// An engine that plays the variant is failed by nothing; one that does not is told so at the
// handshake and asked nothing more, which is no verdict about its moves (said, not failed).
void expect_no_failure_where_played(const Report& r, const std::string& variant,
                                    const char* engine) {
    if (refused_at_handshake(r))
        std::printf("%s does not play %s: %s\n", engine, variant.c_str(),
                    test::probe(r, "handshake").detail.c_str());
    else
        expect_no_failure(r, variant + " with " + engine);
}

class SlowCatalogueValidate : public testing::TestWithParam<std::string> {};

// Probes Fairy-Max 5.0b itself gets wrong, where validate's FAIL is the right verdict.
// Seirawan: after a move it searched and played itself, its board is no longer the game's.
// In 2b1kbn1/B1E1pp2/... it called Black's Kd8 illegal, in rB1qkb1r/4p1pp/n1H2p2/... Qd7
// (blocking the hawk's check), and it claimed mates that were not; given the same moves in
// `force` mode it takes every one of them. 10 of 60 games against random ended so
// (`referee match seirawan -engine cmd=/usr/games/fairymax proto=xboard -engine cmd=random
// -rounds 30`): a tournament would forfeit those games too.
// Courier: in 4m2w1en1/1r1r2bRw1p1/2pppp3r2/1p2k1pe2nP/P1Pb1NPrb1pP/2we2KPf2E/1pM2P1E4/
// 4RF2WBNR b - - 1 1 (the discovered-check probe's second position; Black in check from the
// rook on e1) its second iteration searches 10 million nodes, 8 s of CPU on a 9 s clock, and
// it loses on time on any machine that is not idle: given `level 0 0:09 0` and `go` by hand,
// it moved after 12.3 s at load 3.
bool fairy_max_own_fault(const std::string& variant, const std::string& probe) {
    return (variant == "seirawan" && probe == "full-game") ||
           (variant == "courier" && probe == "rule-discovered-check");
}

// Every engine of this test is asked the same positions, one per rule (each rule's searched
// once, in this process), and each engine that searches answers at a depth: the probes ask
// about legality, so its answers come at once instead of after a share of each clock.
TEST_P(SlowCatalogueValidate, NoEngineThatPlaysByTheRulesIsFailed) {
    const std::string variant = GetParam();
    const auto memo = std::make_shared<validate::ProbePositionMemo>();
    auto with_memo = [&](validate::ValidateOptions o) {
        o.rule_positions = 1;
        o.positions_memo = memo;
        return o;
    };

    // The random player. Over UCI the probes of the protocol and the clock; its rule probes
    // are asked by FlawedEngines/SlowShippedVariantFlaws (a correct engine fails none, in
    // every variant).
    std::vector<std::string> protocol_probes;
    for (const auto& n : probe_names())
        if (n.rfind("rule-", 0) != 0) protocol_probes.push_back(n);
    expect_no_failure(
        validate_engine(options_for(variant, "random", Protocol::Uci, protocol_probes)),
        variant + " over UCI");
    for (Protocol p : {Protocol::Usi, Protocol::Xboard}) {
        const auto r = validate_engine(with_memo(options_for(variant, "random", p, move_probes())));
        expect_no_failure(r, variant + " over " + r.protocol);
    }

    // Fairy-Stockfish over UCI, where it plays the variant.
    if (test::have_fairy_stockfish()) {
        auto o = with_memo(options_for(variant, "fairy-stockfish", Protocol::Uci, move_probes()));
        o.depth = 4;
        expect_no_failure_where_played(validate_engine(o), variant, "Fairy-Stockfish");
    } else {
        std::printf("no /usr/games/fairy-stockfish: not asked\n");
    }

    // Fairy-Max over xboard, where it plays the variant.
    const char* fairymax = "/usr/games/fairymax";
    if (::access(fairymax, X_OK) == 0) {
        std::vector<std::string> probes;
        for (const auto& n : move_probes())
            if (!fairy_max_own_fault(variant, n)) probes.push_back(n);
        auto o = with_memo(options_for(variant, std::string("cmd=") + fairymax + " proto=xboard",
                                       Protocol::Xboard, probes));
        // At depth 1 it claims stalemates that are not (capablanca's whole game): its own
        // fault, so depth 2.
        o.depth = 2;
        // Its check extensions still make some searches to depth 2 take most of a 9 s clock
        // (capablanca's discovered-check position: 9.0 s), and 3 s is too close on a loaded
        // machine.
        o.time_scale = 3;
        // And it reads its variant file again at each game's `variant`: at load 7 a ping
        // after it went unanswered for 5 s once.
        o.startup_limit = std::chrono::seconds(20);
        expect_no_failure_where_played(validate_engine(o), variant, "Fairy-Max");
    } else {
        std::printf("no %s: not asked\n", fairymax);
    }
    EXPECT_TRUE(test::no_children_left());
}

INSTANTIATE_TEST_SUITE_P(SlowCatalogue, SlowCatalogueValidate,
                         testing::ValuesIn(rules::list_variants()), [](const auto& info) {
                             std::string name = info.param;
                             for (char& c : name)
                                 if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                             return "v_" + name;
                         });

}  // namespace
}  // namespace referee::validate
