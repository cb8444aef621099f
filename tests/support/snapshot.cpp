#include "tests/support/snapshot.hpp"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace referee::test {
namespace {

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    if (from.empty()) return;
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

std::string section(const char* title, const std::string& text) {
    std::string out = std::string(title) + ":\n" + text;
    if (!text.empty() && text.back() != '\n') out += "\n[no newline at end]\n";
    return out;
}

}  // namespace

std::string normalise_output(std::string text) {
    // The build folder first: it usually lies inside the source folder.
    replace_all(text, REFEREE_BIN_DIR, "<bin>");
    replace_all(text, REFEREE_SOURCE_DIR, "<src>");
    static const std::regex seconds(R"(\b\d+(\.\d+)? s\b)");
    static const std::regex rate(R"(\b\d+ nodes/s\b)");
    text = std::regex_replace(text, seconds, "<t> s");
    return std::regex_replace(text, rate, "<n> nodes/s");
}

std::string transcript(const std::vector<std::string>& args, const CommandResult& result) {
    std::string command = "$ referee";
    for (const auto& a : args)
        command += a.find(' ') == std::string::npos ? " " + a : " '" + a + "'";
    const std::string exit =
        result.timed_out ? "timed out" : "exit " + std::to_string(result.exit_code);
    return normalise_output(command + "\n" + exit + "\n" + section("stdout", result.out) +
                            section("stderr", result.err));
}

::testing::AssertionResult matches_file(const std::string& path, const std::string& text,
                                        const std::string& regenerate) {
    const char* update = std::getenv("REFEREE_UPDATE_SNAPSHOTS");
    if (update && std::string(update) == "1") {
        std::ofstream out(path, std::ios::binary);
        out << text;
        if (!out) return ::testing::AssertionFailure() << "cannot write " << path;
        return ::testing::AssertionSuccess();
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return ::testing::AssertionFailure()
               << path << " is missing (" << regenerate << "); the output:\n"
               << text;
    std::stringstream expected;
    expected << in.rdbuf();
    if (expected.str() == text) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "output differs from " << path << " (" << regenerate << ")\n--- expected\n"
           << expected.str() << "--- actual\n"
           << text;
}

::testing::AssertionResult matches_snapshot(const std::string& name, const std::string& text) {
    const auto path = std::filesystem::path(REFEREE_SNAPSHOT_DIR) / "cli" / (name + ".txt");
    return matches_file(path.string(), text, "REFEREE_UPDATE_SNAPSHOTS=1 rewrites it");
}

::testing::AssertionResult referee_matches_snapshot(const std::string& name,
                                                    const std::vector<std::string>& args,
                                                    const std::string& input) {
    return matches_snapshot(name, transcript(args, run_referee(args, input)));
}

}  // namespace referee::test
