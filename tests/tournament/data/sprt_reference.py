#!/usr/bin/env python3
"""Reference figures for tests/tournament/sprt_test.cpp, computed without the referee.

The GSPRT log-likelihood ratio of H1 against H0 is N times the mean, under the observed
outcome frequencies p, of log(q1 / q0), where q0 and q1 are the distributions over the same
outcomes that maximise the likelihood of the observation subject to the hypothesis
(logistic model: expected score = 1 / (1 + 10^(-elo / 400)); normalised model: t-value
(mean - 1/2) / sd = nelo * ln 10 / 800, times sqrt(2) for game pairs). Zero counts are
replaced by 1e-3 first.

This script finds q0 and q1 by a different route than the C++ code: a general maximisation
of the log-likelihood on the simplex with the constraint enforced by a quadratic penalty
whose weight grows, by plain coordinate-free gradient ascent in softmax coordinates. It is
slow but shares no code or method with the referee's secular-equation solution.
Run: python3 tests/tournament/data/sprt_reference.py
"""
import math


def pdf_of(counts):
    c = [x if x > 0 else 1e-3 for x in counts]
    n = sum(c)
    k = len(c) - 1
    return n, [i / k for i in range(len(c))], [x / n for x in c]


def moments(a, q):
    mu = sum(x * y for x, y in zip(a, q))
    var = sum(y * (x - mu) ** 2 for x, y in zip(a, q))
    return mu, var


def constrained_mle(a, p, constraint):
    """max sum p log q  s.t. constraint(q) = 0, q on the simplex (softmax of z)."""
    z = [math.log(x) for x in p]
    def q_of(z):
        m = max(z)
        e = [math.exp(x - m) for x in z]
        s = sum(e)
        return [x / s for x in e]
    def objective(z, w):
        q = q_of(z)
        return sum(pi * math.log(qi) for pi, qi in zip(p, q)) - w * constraint(a, q) ** 2
    for w in [1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]:
        step = 1.0 / w
        for _ in range(4000):
            h = 1e-7
            f0 = objective(z, w)
            g = []
            for i in range(len(z)):
                z2 = list(z); z2[i] += h
                g.append((objective(z2, w) - f0) / h)
            # backtracking line search
            t = step * 50
            while t > 1e-18:
                z2 = [zi + t * gi for zi, gi in zip(z, g)]
                if objective(z2, w) > f0:
                    break
                t /= 2
            if t <= 1e-18:
                break
            z = z2
    return q_of(z)


def llr(counts, h0, h1):
    n, a, p = pdf_of(counts)
    q0 = constrained_mle(a, p, h0)
    q1 = constrained_mle(a, p, h1)
    return n * sum(pi * (math.log(b) - math.log(c)) for pi, b, c in zip(p, q1, q0))


def logistic(elo):
    s = 1 / (1 + 10 ** (-elo / 400))
    return lambda a, q: moments(a, q)[0] - s


def normalized(nelo, pairs):
    t = nelo * math.log(10) / 800 * (math.sqrt(2) if pairs else 1)
    def c(a, q):
        mu, var = moments(a, q)
        return (mu - 0.5) - t * math.sqrt(var)
    return c


cases = [
    ("penta normalized [9,16]", [352, 579, 1264, 743, 464], normalized(9, True), normalized(16, True)),
    ("penta normalized [0,50]", [0, 0, 1, 8, 1], normalized(0, True), normalized(50, True)),
    ("penta logistic [0,5]", [60, 270, 510, 300, 80], logistic(0), logistic(5)),
    ("penta logistic [-3,1]", [12, 40, 95, 35, 10], logistic(-3), logistic(1)),
    ("trinomial logistic [0,10]", [300, 420, 340], logistic(0), logistic(10)),
    ("trinomial normalized [0,10]", [300, 420, 340], normalized(0, False), normalized(10, False)),
]
for name, counts, h0, h1 in cases:
    print(f"{name} {counts}: LLR = {llr(counts, h0, h1):.6f}")
