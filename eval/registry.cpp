#include "eval/evaluator.h"
#include "eval/max_flow.h"
#include "eval/resistance.h"
#include "eval/two_distance.h"
#include "eval/y_reduction.h"

#include <array>

namespace hex::eval {

namespace {

struct Entry {
    std::string_view name;
    std::unique_ptr<Evaluator> (*make)();
};

template <typename T>
std::unique_ptr<Evaluator> create() {
    return std::make_unique<T>();
}

// The one list of evaluators; the first is the default.
constexpr std::array kEntries{
    Entry{"resistance", &create<ResistanceEvaluator>},
    Entry{"twodistance", &create<TwoDistanceEvaluator>},
    Entry{"yreduction", &create<YReductionEvaluator>},
    Entry{"maxflow", &create<MaxFlowEvaluator>},
};

} // namespace

std::vector<std::string_view> evaluatorNames() {
    std::vector<std::string_view> names;
    for (const Entry& entry : kEntries)
        names.push_back(entry.name);
    return names;
}

std::unique_ptr<Evaluator> makeEvaluator(std::string_view name) {
    for (const Entry& entry : kEntries)
        if (entry.name == name)
            return entry.make();
    return nullptr;
}

} // namespace hex::eval
