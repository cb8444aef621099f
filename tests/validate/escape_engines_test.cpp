// validate fails an engine whose processes leave its process group (setsid and a double
// fork): the referee contains them, but an engine must not try.
#include <gtest/gtest.h>

#include "tests/support/text.hpp"
#include "validate_harness.hpp"

namespace referee::validate {
namespace {

using engine::Protocol;
using test::no_children_left;
using test::options_for;
using test::probe;

using test::contains;

TEST(EscapeEngines, SetsidAndDoubleForkFailTheQuitProbe) {
    const std::string engine = "cmd=" + std::string(REFEREE_BIN_DIR) +
                               "/hostile-engine args='--attack escape' name=escape";
    const auto r = validate_engine(
        options_for("minichess", engine, Protocol::Uci, {"start-position", "quit"}));
    EXPECT_EQ(probe(r, "start-position").verdict, Verdict::Pass);
    const auto q = probe(r, "quit");
    EXPECT_EQ(q.verdict, Verdict::Fail) << q.detail;
    EXPECT_TRUE(contains(q.detail, "left its process group")) << q.detail;
    EXPECT_FALSE(r.passed());
    EXPECT_TRUE(no_children_left());
}

}  // namespace
}  // namespace referee::validate
