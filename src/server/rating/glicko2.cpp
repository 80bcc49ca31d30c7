// SPDX-License-Identifier: MIT
// Glicko-2, step by step as in Glickman's paper. The new volatility is the root of f found
// by the Illinois variant of regula falsi (the paper's step 5), which converges in a few
// iterations; the iteration count is capped so that no input can make it loop.
#include "server/rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "server/common/rating_scale.h"

namespace reversi::server {

namespace {

constexpr double Scale = 173.7178;
constexpr double Epsilon = 0.000001;
constexpr int MaxIterations = 100;

double g(double phi) {
    return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
    return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

}  // namespace

Glicko2Rating glicko2_update(const Glicko2Rating& player, const std::vector<Glicko2Game>& games,
                             double tau) {
    // Step 2: to the Glicko-2 scale.
    const double mu = (player.rating - StartRating) / Scale;
    const double phi = player.rd / Scale;
    const double sigma = player.volatility;
    if (games.empty()) {
        const double rd = std::sqrt(phi * phi + sigma * sigma) * Scale;
        return {player.rating, std::min(rd, Glicko2MaxRd), sigma};
    }
    // Step 3: the estimated variance v; step 4: the improvement delta.
    double v_inverse = 0, sum = 0;
    for (const Glicko2Game& game : games) {
        const double mu_j = (game.opponent_rating - StartRating) / Scale;
        const double phi_j = game.opponent_rd / Scale;
        const double e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1 - e);
        sum += g(phi_j) * (game.score - e);
    }
    const double v = 1.0 / v_inverse;
    const double delta = v * sum;

    // Step 5: the new volatility.
    const double a = std::log(sigma * sigma);
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double d = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
    };
    double A = a, B;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau) < 0 && k < MaxIterations) ++k;
        B = a - k * tau;
    }
    double fA = f(A), fB = f(B);
    for (int i = 0; i < MaxIterations && std::abs(B - A) > Epsilon; ++i) {
        const double C = A + (A - B) * fA / (fB - fA);
        const double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    const double new_sigma = std::exp(A / 2);

    // Steps 6 and 7: the new deviation and rating; step 8: back to the public scale.
    const double phi_star = std::sqrt(phi * phi + new_sigma * new_sigma);
    const double new_phi = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double new_mu = mu + new_phi * new_phi * sum;
    return {new_mu * Scale + StartRating, std::min(new_phi * Scale, Glicko2MaxRd), new_sigma};
}

}  // namespace reversi::server
