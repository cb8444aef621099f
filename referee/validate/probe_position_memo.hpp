// The rule probes' positions, kept for the next validation in the same variant. The search
// is seeded (the same variant, rule, seed and count give the same positions), and it is most
// of a validation's own CPU time: a batch that checks several engines in one variant (the
// tests check a flawed engine per rule, then a correct one) searches each rule once.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

#include "referee/rules/probes/probes.hpp"

namespace referee::validate {

class ProbePositionMemo {
  public:
    // The positions for (variant, feature, search): from an earlier call, or from `find`.
    // `variant` as the validation names it (a name or a file's path).
    std::vector<rules::ProbePosition> get(
        const std::string& variant, rules::RuleFeature feature, const rules::ProbeSearch& search,
        const std::function<std::vector<rules::ProbePosition>()>& find);

  private:
    using Key = std::tuple<std::string, int, std::uint64_t, int, int, int, int>;
    std::mutex mutex_;
    std::map<Key, std::vector<rules::ProbePosition>> found_;
};

}  // namespace referee::validate
