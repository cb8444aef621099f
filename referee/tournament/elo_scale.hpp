// The two constants the tournament's statistics share: the Elo scale of the logistic model
// and the 95% quantile of the normal distribution its intervals are drawn with.
#pragma once

namespace referee::tournament {

// Elo per natural unit of the logistic: the expected score of a rating difference d is
// 1 / (1 + 10^(-d / 400)) = sigma(d / kEloPerNatural), so kEloPerNatural = 400 / ln 10.
inline constexpr double kEloPerNatural = 400.0 / 2.302585092994046;
inline constexpr double kNaturalPerElo = 1.0 / kEloPerNatural;

// The two-sided 95% quantile of the normal distribution.
inline constexpr double kZ95 = 1.959963984540054;

}  // namespace referee::tournament
