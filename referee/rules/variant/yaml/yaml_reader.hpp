// Reading YAML files written by people: every error names the file, line, column and key.
// Shared by the variant loader and the tournament config; Error is the exception to throw,
// constructed as Error(file, line, column, key, message).
#pragma once

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

namespace referee::rules {

// How many nodes a document's aliases may stand for, all together. An alias is a second
// name for a node, so nested aliases (the "billion laughs": ten aliases of ten aliases of
// ...) make a 1 KiB file a tree of a billion nodes for whatever walks it. No variant or
// config needs more than a few aliases of small parts.
inline constexpr std::size_t kMaxAliasedNodes = 10000;

// Reads a document's events only to count the nodes each anchor holds and the nodes its
// aliases stand for; stops at the first alias that takes the total past kMaxAliasedNodes.
class AliasCounter : public YAML::EventHandler {
  public:
    bool over = false;
    YAML::Mark where;  // of the alias that went over

    void OnDocumentStart(const YAML::Mark&) override {}
    void OnDocumentEnd() override {}
    void OnNull(const YAML::Mark&, YAML::anchor_t anchor) override { leaf(anchor); }
    void OnScalar(const YAML::Mark&, const std::string&, YAML::anchor_t anchor,
                  const std::string&) override {
        leaf(anchor);
    }
    void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
        if (over) return;  // counting on could overflow
        const auto it = size_.find(anchor);
        const std::size_t n = it == size_.end() ? 1 : it->second;
        nodes_ += n;
        aliased_ += n;
        if (aliased_ > kMaxAliasedNodes) over = true, where = mark;
    }
    void OnSequenceStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor,
                         YAML::EmitterStyle::value) override {
        open(anchor);
    }
    void OnSequenceEnd() override { close(); }
    void OnMapStart(const YAML::Mark&, const std::string&, YAML::anchor_t anchor,
                    YAML::EmitterStyle::value) override {
        open(anchor);
    }
    void OnMapEnd() override { close(); }

  private:
    void leaf(YAML::anchor_t anchor) {
        ++nodes_;
        if (anchor != YAML::NullAnchor) size_[anchor] = 1;
    }
    void open(YAML::anchor_t anchor) { open_.push_back({anchor, nodes_++}); }
    void close() {
        if (open_.empty()) return;
        const auto [anchor, first] = open_.back();
        open_.pop_back();
        if (anchor != YAML::NullAnchor) size_[anchor] = nodes_ - first;
    }

    std::map<YAML::anchor_t, std::size_t> size_;  // nodes under each anchor, aliases expanded
    std::vector<std::pair<YAML::anchor_t, std::size_t>> open_;  // collections being read
    std::size_t nodes_ = 0, aliased_ = 0;
};

// A name that becomes a file or folder name as it is (a variant's, a tournament's): letters,
// digits, ' ', '-', '_', '+' and '.', not starting with '.' (so never "." or ".."), at most
// 100 characters. Anything else could write outside the folder meant for it.
inline bool is_plain_name(const std::string& name) {
    if (name.empty() || name.size() > 100 || name[0] == '.') return false;
    return std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == ' ' || c == '-' || c == '_' ||
               c == '+' || c == '.';
    });
}

template <class Error>
class YamlReader {
  public:
    explicit YamlReader(std::string source) : source_(std::move(source)) {}
    const std::string& source() const { return source_; }

    [[noreturn]] void fail(const YAML::Node& node, const std::string& key,
                           const std::string& what) const {
        auto mark = node.Mark();
        int line = mark.line >= 0 ? mark.line + 1 : 0;
        int column = mark.column >= 0 ? mark.column + 1 : 0;
        throw Error(source_, line, column, key, what);
    }

    // As fail(), with the column moved to a character inside a scalar (quoted or plain).
    [[noreturn]] void fail_at(const YAML::Node& node, const std::string& key, int offset,
                              const std::string& what) const {
        auto mark = node.Mark();
        int quote = node.Tag() == "!" ? 1 : 0;
        throw Error(source_, mark.line + 1, mark.column + 1 + quote + offset, key, what);
    }

    void only_keys(const YAML::Node& map, const std::string& where,
                   std::initializer_list<const char*> allowed) const {
        if (!map.IsMap())
            fail(map, where,
                 fmt::format("'{}' must be a mapping", where.empty() ? "the file" : where));
        for (auto it = map.begin(); it != map.end(); ++it) {
            auto key = it->first.as<std::string>();
            bool ok = std::any_of(allowed.begin(), allowed.end(),
                                  [&](const char* a) { return key == a; });
            if (!ok) {
                std::string list;
                for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
                fail(it->first, join(where, key),
                     fmt::format("unknown key '{}' (expected one of: {})", key, list));
            }
        }
    }

    template <class T>
    T get(const YAML::Node& node, const std::string& key, const char* type_name) const {
        try {
            return node.as<T>();
        } catch (const YAML::Exception&) {
            fail(node, key, fmt::format("'{}' must be {}", key, type_name));
        }
    }

    // Parses text, turning a syntax error into Error with its position. Aliases may stand
    // for kMaxAliasedNodes nodes at most (counted before the document is built or walked).
    // Every mapping key must be a scalar and appear once: yaml-cpp would keep a duplicate
    // silently and fail late ("bad conversion") on a key that is a list or mapping.
    YAML::Node load(const std::string& text) const {
        YAML::Node root;
        try {
            std::istringstream in(text);
            YAML::Parser parser(in);
            AliasCounter aliases;
            parser.HandleNextDocument(aliases);
            if (aliases.over)
                throw Error(source_, aliases.where.line + 1, aliases.where.column + 1, "",
                            fmt::format("aliases here stand for more than {} nodes in all "
                                        "(nested aliases, the \"billion laughs\"); write the "
                                        "repeated part out, or alias less of it",
                                        kMaxAliasedNodes));
            root = YAML::Load(text);
        } catch (const YAML::ParserException& e) {
            throw Error(source_, e.mark.line + 1, e.mark.column + 1, "",
                        fmt::format("not valid YAML: {}", e.msg));
        }
        check_keys(root, "", 0);
        return root;
    }

    static std::string join(const std::string& where, const std::string& key) {
        return where.empty() ? key : where + "." + key;
    }

  private:
    void check_keys(const YAML::Node& node, const std::string& where, int depth) const {
        if (depth > 64) fail(node, where, "nested more than 64 levels deep");
        if (node.IsSequence()) {
            for (std::size_t i = 0; i < node.size(); ++i)
                check_keys(node[i], fmt::format("{}[{}]", where, i), depth + 1);
            return;
        }
        if (!node.IsMap()) return;
        std::vector<std::string> seen;
        for (auto it = node.begin(); it != node.end(); ++it) {
            if (!it->first.IsScalar())
                fail(it->first, where,
                     fmt::format("a key in '{}' is a list or mapping; keys must be plain words",
                                 where.empty() ? "the file" : where));
            const std::string key = it->first.Scalar();
            if (std::find(seen.begin(), seen.end(), key) != seen.end())
                fail(it->first, join(where, key), fmt::format("the key '{}' is given twice", key));
            seen.push_back(key);
            check_keys(it->second, join(where, key), depth + 1);
        }
    }

    std::string source_;
};

}  // namespace referee::rules
