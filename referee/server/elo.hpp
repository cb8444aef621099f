// Elo as the server keeps it: K = 32, so two players at 1000 go to 1016 and 984.
#pragma once

#include <utility>

namespace referee::server {

// New ratings of White and Black after a game; score is White's (1, 0.5 or 0).
std::pair<double, double> elo_update(double white, double black, double score);

}  // namespace referee::server
