// Which variant an engine plays: a shipped one by name (UCI_Variant) or one read from a
// .yaml file (VariantFile, or a path given to --variant).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "referee/rules/core/position.hpp"

namespace engines {

class VariantChoice {
  public:
    // A shipped variant's name or a .yaml path. Throws what Rules::load throws.
    explicit VariantChoice(const std::string& name_or_path);

    const referee::rules::Rules& rules() const { return *current_; }
    const std::string& name() const { return current_->name(); }
    // The file the current variant came from when it is not a shipped one, else empty.
    std::string file() const;
    // Every name UCI_Variant accepts: the shipped variants and the last one read from a file.
    std::vector<std::string> names() const;

    // Throw std::invalid_argument (unknown name) or what Rules::load throws (bad file); the
    // choice is unchanged then.
    void select(std::string_view name);
    void load_file(const std::string& path);

  private:
    std::vector<std::string> shipped_;
    std::optional<referee::rules::Rules> current_;
    std::optional<referee::rules::Rules> from_file_;
    std::string file_;
    bool current_is_file_ = false;
};

}  // namespace engines
