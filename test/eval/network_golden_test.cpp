// The C++ forward pass against PyTorch's: every test/data/network/NAME.golden (docs/network.md,
// "Golden file") with the net NAME.ohnn beside it, to 1e-4.

#include "eval/network/network.h"
#include "eval/network/network_evaluator.h"

#include "test/support/paths.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace hex::eval::network {
namespace {

namespace fs = std::filesystem;

struct GoldenPosition {
    int line = 0;
    int width = 0, height = 0;
    Color toMove = Color::Black;
    std::vector<std::string> black, white;
    double value = 0;
    std::vector<double> policy;
};

// Parses a golden file; a malformed line fails the test with its line number.
std::vector<GoldenPosition> readGolden(const fs::path& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << path;
    std::vector<GoldenPosition> positions;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::istringstream words(line);
        std::string key;
        if (!(words >> key) || key.front() == '#')
            continue;
        if (key == "position") {
            GoldenPosition p;
            std::string toMove;
            words >> p.width >> p.height >> toMove;
            EXPECT_TRUE(words && (toMove == "b" || toMove == "w")) << path << ":" << number;
            p.line = number;
            p.toMove = toMove == "w" ? Color::White : Color::Black;
            positions.push_back(p);
            continue;
        }
        if (positions.empty()) {
            ADD_FAILURE() << path << ":" << number << ": '" << key << "' before any position";
            continue;
        }
        GoldenPosition& p = positions.back();
        if (key == "black" || key == "white") {
            for (std::string cell; words >> cell;)
                (key == "black" ? p.black : p.white).push_back(cell);
        } else if (key == "value") {
            EXPECT_TRUE(words >> p.value) << path << ":" << number;
        } else if (key == "policy") {
            for (double x; words >> x;)
                p.policy.push_back(x);
        } else {
            ADD_FAILURE() << path << ":" << number << ": unknown line '" << key << "'";
        }
    }
    return positions;
}

// The test fixtures, and the shipped net (data/networks/default.golden, from its training run).
std::vector<fs::path> goldenFiles() {
    std::vector<fs::path> files;
    const fs::path source(testing::sourceDir());
    for (const fs::path& dir : {source / "test" / "data" / "network", source / "data" / "networks"})
        if (fs::is_directory(dir))
            for (const auto& entry : fs::directory_iterator(dir))
                if (entry.path().extension() == ".golden")
                    files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    return files;
}

// The files are committed by the training side (training/ exports them); without them this
// test fails rather than passing unchecked.
TEST(NetworkGolden, EveryGoldenFileMatchesItsNet) {
    const std::vector<fs::path> files = goldenFiles();
    ASSERT_GE(files.size(), 3U) << "test/data/network/*.golden or data/networks/default.golden "
                                   "(the PyTorch golden files) are missing";
    for (const fs::path& golden : files) {
        fs::path weights = golden;
        weights.replace_extension(".ohnn");
        SCOPED_TRACE(golden.filename().string());
        const auto net = std::make_shared<const Network>(readWeightsFile(weights.string()));
        const std::vector<GoldenPosition> positions = readGolden(golden);
        ASSERT_FALSE(positions.empty());
        NetworkEvaluator evaluator(net, false);
        Network::Workspace workspace;
        for (const GoldenPosition& p : positions) {
            SCOPED_TRACE("line " + std::to_string(p.line));
            ASSERT_TRUE(Geometry::validSize(p.width, p.height));
            Board board(p.width, p.height);
            for (const auto& [color, cells] :
                 {std::pair{Color::Black, &p.black}, {Color::White, &p.white}})
                for (const std::string& name : *cells) {
                    const std::optional<Cell> cell = board.geometry().parse(name);
                    ASSERT_TRUE(cell && board.isEmpty(*cell)) << name;
                    board.play(*cell, color);
                }
            ASSERT_EQ(p.policy.size(), static_cast<std::size_t>(p.width * p.height));
            const CanonicalBoard canonical(board, p.toMove);
            std::vector<float> policy(p.policy.size());
            EXPECT_NEAR(net->run(canonical, workspace, policy), p.value, 1e-4);
            // The policy in the original board's order: through the evaluator's cell values
            // (probability x 1e6, so 5e-7 of rounding).
            std::vector<int> cells(p.policy.size());
            if (!board.winner()) {
                evaluator.evaluateWithCells(board, p.toMove, cells);
                for (std::size_t c = 0; c < cells.size(); ++c)
                    EXPECT_NEAR(cells[c] / NetworkEvaluator::kCellScale, p.policy[c], 1e-4)
                        << board.geometry().name(static_cast<Cell>(c));
            }
        }
    }
}

} // namespace
} // namespace hex::eval::network
