// The library's folders are layers (referee/README.md): a folder includes only the folders
// below it. The link graph (referee/CMakeLists.txt) keeps the top-level layers apart; inside
// a layer's library nothing does, so this test reads every #include of referee/ and checks
// it against the order written here. It also holds the rules and engine layers to files a
// reader can take in at once (at most kMaxLines lines).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kReferee = fs::path(REFEREE_SOURCE_DIR) / "referee";
constexpr int kMaxLines = 700;

// The folders inside rules/ and engine/, lowest first: a file may include its own folder's
// files and those of any folder of a lower rank, never a higher one. The longest prefix of a
// file's path names its folder.
const std::map<std::string, int> kInnerRanks = {
    // rules/: text helpers, the shared vocabulary (squares, moves, results, FEN fields), the
    // variant's data, its YAML reader, the position and move generation, the judge of game
    // ends, the notations of a position and a game, the rule probes and their explanations.
    {"rules/text", 0},
    {"rules/base", 1},
    {"rules/variant", 2},
    {"rules/variant/yaml", 3},
    {"rules/variant/ini", 4},  // Fairy-Stockfish's variants.ini, checked by the YAML reader
    {"rules/core", 5},
    {"rules/endings", 6},
    {"rules/notation", 7},
    {"rules/probes", 8},
    // engine/: the process (spawn, limits, sandbox) and the engine's description it is
    // started from, below the dialects and the session that speaks them.
    {"engine", 0},
    {"engine/process", 0},
    {"engine/dialects", 1},
};

// The top-level layers and what each may include (the link graph of referee/CMakeLists.txt).
const std::map<std::string, std::set<std::string>> kLayerReach = {
    {"rules", {}},
    {"engine", {"rules"}},
    {"match", {"engine", "rules"}},
    {"lousy", {"rules"}},
    {"tournament", {"match", "engine", "rules"}},
    {"validate", {"match", "engine", "rules"}},
    {"server", {"match", "engine", "rules"}},
    {"check", {"tournament", "match", "engine", "rules"}},
    {"report", {"tournament", "match", "engine", "rules"}},
    {"live", {"report", "server", "tournament", "match", "engine", "rules"}},
    {"cli",
     {"live", "check", "server", "validate", "report", "lousy", "tournament", "match", "engine",
      "rules"}},
};

std::string folder_of(const std::string& path) {  // "rules/core/board.hpp" -> "rules/core"
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? "" : path.substr(0, slash);
}

std::string layer_of(const std::string& path) {
    return path.substr(0, path.find('/'));
}

// The ranked folder a file belongs to: the longest ranked prefix of its folder.
std::optional<std::pair<std::string, int>> inner_rank(const std::string& path) {
    for (std::string folder = folder_of(path); !folder.empty(); folder = folder_of(folder)) {
        if (auto it = kInnerRanks.find(folder); it != kInnerRanks.end()) return *it;
    }
    return std::nullopt;
}

struct SourceFile {
    std::string path;                                   // relative to referee/
    std::vector<std::pair<int, std::string>> includes;  // line, path relative to referee/
    int lines = 0;
};

std::vector<SourceFile> read_sources() {
    std::vector<SourceFile> files;
    for (const auto& entry : fs::recursive_directory_iterator(kReferee)) {
        const auto ext = entry.path().extension();
        if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
        SourceFile file{fs::relative(entry.path(), kReferee).generic_string(), {}, 0};
        std::ifstream in(entry.path());
        const std::string prefix = "#include \"referee/";
        for (std::string line; std::getline(in, line);) {
            ++file.lines;
            if (line.rfind(prefix, 0) != 0) continue;
            const auto end = line.find('"', prefix.size());
            file.includes.emplace_back(file.lines, line.substr(prefix.size(), end - prefix.size()));
        }
        files.push_back(std::move(file));
    }
    return files;
}

TEST(SourceLayout, NoLayerIncludesALayerAboveIt) {
    const auto files = read_sources();
    ASSERT_GT(files.size(), 100u) << "no sources found under " << kReferee;
    for (const auto& file : files) {
        const auto reach = kLayerReach.find(layer_of(file.path));
        ASSERT_NE(reach, kLayerReach.end()) << file.path << ": a folder the layer table lacks";
        for (const auto& [line, included] : file.includes) {
            const auto layer = layer_of(included);
            EXPECT_TRUE(layer == reach->first || reach->second.count(layer))
                << file.path << ":" << line << " includes " << included << ", a layer above "
                << reach->first;
        }
    }
}

TEST(SourceLayout, InsideRulesAndEngineNoFolderIncludesAHigherOne) {
    for (const auto& file : read_sources()) {
        const auto own = inner_rank(file.path);
        if (!own) continue;
        for (const auto& [line, included] : file.includes) {
            if (layer_of(included) != layer_of(file.path)) continue;
            const auto theirs = inner_rank(included);
            ASSERT_TRUE(theirs) << file.path << ":" << line << " includes " << included
                                << ", in a folder the rank table lacks";
            EXPECT_LE(theirs->second, own->second)
                << file.path << ":" << line << " (" << own->first << ") includes " << included
                << " (" << theirs->first << "), a folder above it";
        }
    }
}

TEST(SourceLayout, EveryFolderOfRulesAndEngineIsRanked) {
    for (const auto& file : read_sources()) {
        const auto layer = layer_of(file.path);
        if (layer != "rules" && layer != "engine") continue;
        const auto rank = inner_rank(file.path);
        EXPECT_TRUE(rank && rank->first == folder_of(file.path))
            << file.path << ": its folder has no rank in kInnerRanks";
    }
}

TEST(SourceLayout, RulesAndEngineFilesStayShort) {
    for (const auto& file : read_sources()) {
        const auto layer = layer_of(file.path);
        if (layer != "rules" && layer != "engine") continue;
        EXPECT_LE(file.lines, kMaxLines) << file.path << " has " << file.lines << " lines";
    }
}

}  // namespace
