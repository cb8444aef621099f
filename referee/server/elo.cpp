#include "referee/server/elo.hpp"

#include <cmath>

namespace referee::server {

std::pair<double, double> elo_update(double white, double black, double score) {
    constexpr double k = 32.0;
    const double expected = 1.0 / (1.0 + std::pow(10.0, (black - white) / 400.0));
    const double change = k * (score - expected);
    return {white + change, black - change};
}

}  // namespace referee::server
