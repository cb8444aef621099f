#include "referee/rules/variant/piece_region.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include <fmt/format.h>

namespace referee::rules {
namespace {

// "x-y" or "x": the two ends as text.
bool split_range(std::string_view text, std::string_view& lo, std::string_view& hi) {
    const auto dash = text.find('-');
    lo = text.substr(0, dash);
    hi = dash == std::string_view::npos ? lo : text.substr(dash + 1);
    return !lo.empty() && !hi.empty();
}

}  // namespace

std::string PieceRegion::describe(const Geometry& g) const {
    const int last_file = std::min(file_hi, g.width - 1), last_rank = std::min(rank_hi, g.height);
    auto range = [](const std::string& lo, const std::string& hi) {
        return lo == hi ? lo : lo + "-" + hi;
    };
    auto file = [](int f) { return std::string(1, static_cast<char>('a' + f)); };
    std::string out;
    if (file_lo > 0 || last_file < g.width - 1)
        out = (file_lo == last_file ? "file " : "files ") + range(file(file_lo), file(last_file));
    if (rank_lo > 1 || last_rank < g.height)
        out += (out.empty() ? "" : ", ") + std::string(rank_lo == last_rank ? "rank " : "ranks ") +
               range(std::to_string(rank_lo), std::to_string(last_rank));
    return out.empty() ? "the whole board" : out;
}

RangeParse parse_file_range(std::string_view text, int width) {
    RangeParse out;
    std::string_view lo, hi;
    auto file = [&](std::string_view s, int& f) {
        if (s.size() != 1 || !std::islower(static_cast<unsigned char>(s[0]))) return false;
        f = s[0] - 'a';
        return f < width;
    };
    if (!split_range(text, lo, hi) || !file(lo, out.lo) || !file(hi, out.hi))
        out.error = fmt::format(
            "'{}' is not a file or a range of files of this {}-file board "
            "(such as d-f)",
            text, width);
    else if (out.lo > out.hi)
        out.error = fmt::format("the files '{}' run backwards (write the lower file first)", text);
    return out;
}

RangeParse parse_rank_range(std::string_view text, int height) {
    RangeParse out;
    std::string_view lo, hi;
    auto rank = [&](std::string_view s, int& r) {
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), r);
        return ec == std::errc() && end == s.data() + s.size() && r >= 1 && r <= height;
    };
    if (!split_range(text, lo, hi) || !rank(lo, out.lo) || !rank(hi, out.hi))
        out.error = fmt::format(
            "'{}' is not a rank or a range of ranks of this {}-rank board "
            "(such as 1-3)",
            text, height);
    else if (out.lo > out.hi)
        out.error = fmt::format("the ranks '{}' run backwards (write the lower rank first)", text);
    return out;
}

}  // namespace referee::rules
