#include "engines/common/variant_choice.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

#include "engines/common/text.hpp"

namespace engines {

using referee::rules::Rules;

VariantChoice::VariantChoice(const std::string& name_or_path) {
    try {
        shipped_ = referee::rules::list_variants();
    } catch (const std::exception&) {
        shipped_.clear();  // no variant directory: only files can be played
    }
    const bool is_shipped =
        std::find(shipped_.begin(), shipped_.end(), name_or_path) != shipped_.end();
    if (is_shipped) {
        current_.emplace(Rules::load(name_or_path));
    } else {
        load_file(name_or_path);
    }
}

std::string VariantChoice::file() const {
    return current_is_file_ ? file_ : std::string();
}

std::vector<std::string> VariantChoice::names() const {
    std::vector<std::string> out = shipped_;
    if (from_file_ && std::find(out.begin(), out.end(), from_file_->name()) == out.end())
        out.push_back(from_file_->name());
    return out;
}

void VariantChoice::select(std::string_view name) {
    for (const auto& s : shipped_)
        if (equals_ignoring_case(s, name)) {
            current_.emplace(Rules::load(s));
            current_is_file_ = false;
            return;
        }
    if (from_file_ && equals_ignoring_case(from_file_->name(), name)) {
        current_.emplace(*from_file_);
        current_is_file_ = true;
        return;
    }
    std::string known;
    for (const auto& n : names()) known += (known.empty() ? "" : ", ") + n;
    throw std::invalid_argument(
        fmt::format("'{}' is not a variant this engine knows (it knows {}).", name, known));
}

void VariantChoice::load_file(const std::string& path) {
    Rules rules = Rules::load(path);
    from_file_.emplace(rules);
    current_.emplace(std::move(rules));
    file_ = path;
    current_is_file_ = true;
}

}  // namespace engines
