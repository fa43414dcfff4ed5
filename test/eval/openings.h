#pragma once

#include "core/geometry.h"
#include "test/support/openings_file.h"

#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

namespace hex::testing {

// The proven first-move results of data/openings.txt by cell: for each square size, whether
// Black's first stone on each cell wins.
struct OpeningTable {
    std::map<int, std::map<Cell, bool>> wins; // size -> cell -> Black wins

    static OpeningTable load() {
        OpeningTable table;
        for (const auto& [n, cells] : provenOpenings()) {
            const Geometry& g = Geometry::of(n, n);
            for (const auto& [name, win] : cells)
                table.wins[n][*g.parse(name)] = win;
        }
        return table;
    }
};

// Spearman's rank correlation (Pearson correlation of the average ranks), ties shared.
inline double rankCorrelation(const std::vector<double>& x, const std::vector<double>& y) {
    auto ranks = [](const std::vector<double>& v) {
        std::vector<double> r(v.size());
        for (std::size_t i = 0; i < v.size(); ++i) {
            double below = 0;
            double equal = 0;
            for (double w : v) {
                below += w < v[i];
                equal += w == v[i];
            }
            r[i] = below + (equal + 1) / 2;
        }
        return r;
    };
    const std::vector<double> rx = ranks(x);
    const std::vector<double> ry = ranks(y);
    const double n = static_cast<double>(x.size());
    double mx = 0;
    double my = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        mx += rx[i] / n;
        my += ry[i] / n;
    }
    double sxy = 0;
    double sxx = 0;
    double syy = 0;
    for (std::size_t i = 0; i < x.size(); ++i) {
        sxy += (rx[i] - mx) * (ry[i] - my);
        sxx += (rx[i] - mx) * (rx[i] - mx);
        syy += (ry[i] - my) * (ry[i] - my);
    }
    return sxx == 0 || syy == 0 ? 0.0 : sxy / std::sqrt(sxx * syy);
}

} // namespace hex::testing
