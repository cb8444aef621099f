#include "engines/alphabeta/evaluation.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace engines::alphabeta {

using referee::rules::Color;
using referee::rules::Geometry;
using referee::rules::Hop;
using referee::rules::Variant;

namespace {

constexpr double kRideDecay = 0.7;
constexpr double kConditionalWeight = 0.5;
constexpr double kPlacementWeight = 0.25;
constexpr double kPromotionShare = 1.0 / 3.0;

// The relative rank (1 = own back rank) from which a piece of `type` promotes, or 0.
int promotion_rank(const Variant& v, int type) {
    const auto& p = v.pieces[type];
    if (p.promotes_to.empty()) return 0;
    return p.promotion_rank ? p.promotion_rank : v.geometry.height;
}

}  // namespace

double weighted_mobility(const Variant& v, int type, int file, int rank) {
    const Geometry& g = v.geometry;
    // Union over rules: a square reached by several rules counts once, at its best weight.
    std::map<int, double> reached;
    for (const auto& rule : v.pieces[type].moves) {
        if (rule.hop != Hop::None) continue;  // a hop needs a screen: nothing on an empty board
        const double weight = rule.can_move && rule.can_capture ? 1.0 : kConditionalWeight;
        const int range = rule.range == 0 ? std::max(g.width, g.height) : rule.range;
        double step_weight = weight;
        for (int k = 1; k <= range; ++k) {
            const int f = file + k * rule.dx, r = rank + k * rule.dy;
            if (!g.on_board(f, r)) break;
            double& w = reached[g.at(f, r)];
            w = std::max(w, step_weight);
            step_weight *= kRideDecay;
        }
    }
    double total = 0;
    for (const auto& [sq, w] : reached) total += w;
    return total;
}

Evaluation::Evaluation(const Variant& v)
    : ntypes_(static_cast<int>(v.pieces.size())), nsq_(v.geometry.squares()) {
    const Geometry& g = v.geometry;
    std::vector<std::vector<double>> mobility(ntypes_, std::vector<double>(nsq_, 0.0));
    std::vector<double> average(ntypes_, 0.0);
    value_.assign(ntypes_, 0);
    royal_.assign(ntypes_, false);
    for (int t = 0; t < ntypes_; ++t) {
        const int promo = promotion_rank(v, t);
        int squares = 0;
        for (int s = 0; s < nsq_; ++s) {
            mobility[t][s] = weighted_mobility(v, t, g.file_of(s), g.rank_of(s));
            // A promoting piece never stands on its promotion ranks.
            if (promo && g.relative_rank(Color::White, s) >= promo) continue;
            average[t] += mobility[t][s];
            ++squares;
        }
        average[t] /= std::max(1, squares);
        royal_[t] = v.pieces[t].royal;
        value_[t] =
            royal_[t] ? 0 : static_cast<int>(std::lround(average[t] * kCentipawnsPerMobility));
    }
    for (int c = 0; c < 2; ++c) {
        const Color color = Color(c);
        table_[c].assign(static_cast<std::size_t>(ntypes_) * nsq_, 0);
        for (int t = 0; t < ntypes_; ++t) {
            const int promo = promotion_rank(v, t);
            int gain = 0;
            for (char letter : v.pieces[t].promotes_to)
                if (int to = v.type_of(letter); to >= 0)
                    gain = std::max(gain, value_[to] - value_[t]);
            for (int s = 0; s < nsq_; ++s) {
                const int white_square = c == 0 ? s : g.mirror_rank(s);
                double score = value_[t];
                if (!royal_[t])
                    score += (mobility[t][white_square] - average[t]) * kPlacementWeight *
                             kCentipawnsPerMobility;
                if (promo > 1 && gain > 0) {
                    const double progress = std::clamp(
                        double(g.relative_rank(color, s) - 1) / double(promo - 1), 0.0, 1.0);
                    score += gain * kPromotionShare * progress * progress;
                }
                table_[c][t * nsq_ + s] = static_cast<int>(std::lround(score));
            }
        }
    }
}

}  // namespace engines::alphabeta
