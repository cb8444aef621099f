// Reading YAML files written by people: every error names the file, line, column and key.
// Shared by the variant loader and the tournament config; Error is the exception to throw,
// constructed as Error(file, line, column, key, message).
#pragma once

#include <algorithm>
#include <initializer_list>
#include <string>

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

namespace referee::rules {

template <class Error>
class YamlReader {
public:
    explicit YamlReader(std::string source) : source_(std::move(source)) {}
    const std::string& source() const { return source_; }

    [[noreturn]] void fail(const YAML::Node& node, const std::string& key, const std::string& what) const {
        auto mark = node.Mark();
        int line = mark.line >= 0 ? mark.line + 1 : 0;
        int column = mark.column >= 0 ? mark.column + 1 : 0;
        throw Error(source_, line, column, key, what);
    }

    // As fail(), with the column moved to a character inside a scalar (quoted or plain).
    [[noreturn]] void fail_at(const YAML::Node& node, const std::string& key, int offset, const std::string& what) const {
        auto mark = node.Mark();
        int quote = node.Tag() == "!" ? 1 : 0;
        throw Error(source_, mark.line + 1, mark.column + 1 + quote + offset, key, what);
    }

    void only_keys(const YAML::Node& map, const std::string& where, std::initializer_list<const char*> allowed) const {
        if (!map.IsMap()) fail(map, where, fmt::format("'{}' must be a mapping", where.empty() ? "the file" : where));
        for (auto it = map.begin(); it != map.end(); ++it) {
            auto key = it->first.as<std::string>();
            bool ok = std::any_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; });
            if (!ok) {
                std::string list;
                for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
                fail(it->first, join(where, key), fmt::format("unknown key '{}' (expected one of: {})", key, list));
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

    // Parses text, turning a syntax error into Error with its position.
    YAML::Node load(const std::string& text) const {
        try {
            return YAML::Load(text);
        } catch (const YAML::ParserException& e) {
            throw Error(source_, e.mark.line + 1, e.mark.column + 1, "", fmt::format("not valid YAML: {}", e.msg));
        }
    }

    static std::string join(const std::string& where, const std::string& key) {
        return where.empty() ? key : where + "." + key;
    }

private:
    std::string source_;
};

}  // namespace referee::rules
