#include "eval/network/network.h"

#include "eval/network/flush_denormals.h"

#include <Eigen/Core>

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <vector>

namespace hex::eval::network {

namespace {

// Activations: one row per cell of the padded grid plus zero cells around it (the
// convolutions' zero padding; see Grid), one column per channel. A hex tap is then a fixed row
// offset, so each convolution is seven matrix products over one contiguous block of rows.
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using ConstMap = Eigen::Map<const Matrix>;

// The file's tap order of (dx, dy).
constexpr std::array<std::array<int, 2>, kHexTaps> kTaps{
    {{0, -1}, {1, -1}, {-1, 0}, {0, 0}, {1, 0}, {-1, 1}, {0, 1}}};

struct HexConv {
    std::array<Matrix, kHexTaps> taps; // [in x out] each
    RowVector bias;                    // [out]
};

// weight [out, in, tap] -> one [in x out] matrix per tap.
HexConv hexConv(const std::vector<float>& weight, const std::vector<float>& bias, Eigen::Index in) {
    const auto out = static_cast<Eigen::Index>(bias.size());
    HexConv conv;
    for (int tap = 0; tap < kHexTaps; ++tap) {
        conv.taps[static_cast<std::size_t>(tap)].resize(in, out);
        for (Eigen::Index o = 0; o < out; ++o)
            for (Eigen::Index i = 0; i < in; ++i)
                conv.taps[static_cast<std::size_t>(tap)](i, o) =
                    weight[static_cast<std::size_t>((o * in + i) * kHexTaps + tap)];
    }
    conv.bias = Eigen::Map<const RowVector>(bias.data(), out);
    return conv;
}

// weight [out, in] -> [in x out], so that a row of inputs times it is a row of outputs.
Matrix transposed(const std::vector<float>& weight, Eigen::Index out, Eigen::Index in) {
    return ConstMap(weight.data(), out, in).transpose();
}

RowVector row(const std::vector<float>& values) {
    return Eigen::Map<const RowVector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// The row layout of one board size. Each grid row holds the padded grid's row after one zero
// cell: a tap one step left of a row's first cell or one step right of its last reads that zero
// cell (the row's own, or the next row's), so the rows need one separating zero each, not two.
struct Grid {
    int boardWidth = 0;
    int boardHeight = 0;

    // The padded grid (the board plus the encoding's ring) plus one zero column.
    int width() const { return boardWidth + 3; }
    // The padded grid plus a zero row above and below.
    int height() const { return boardHeight + 4; }
    Eigen::Index rows() const { return Eigen::Index{width()} * height(); }
    // Row of padded-grid cell (gx, gy) (the ring of the encoding is gx or gy 0).
    Eigen::Index padded(int gx, int gy) const { return Eigen::Index{gy + 1} * width() + gx + 1; }
    // The block of rows the convolutions compute: from the padded grid's first cell to its last
    // (it includes the zero cells between the grid's rows, which are zeroed again after).
    Eigen::Index first() const { return padded(0, 0); }
    Eigen::Index count() const { return padded(boardWidth + 1, boardHeight + 1) - first() + 1; }
    Eigen::Index offset(int tap) const {
        const auto& [dx, dy] = kTaps[static_cast<std::size_t>(tap)];
        return Eigen::Index{dy} * width() + dx;
    }
};

} // namespace

struct Network::Layers {
    HexConv stem;
    std::vector<std::array<HexConv, 2>> blocks;
    RowVector policyWeight; // [C]
    float policyBias = 0;
    Matrix valueConv; // [C x V]
    RowVector valueConvBias;
    Matrix valueFc1; // [V x V]
    RowVector valueFc1Bias;
    RowVector valueFc2; // [V]
    float valueFc2Bias = 0;
};

struct Network::Workspace::Buffers {
    Grid grid;
    Matrix input;                // [rows x 4]
    Matrix current, inner, next; // [rows x C]
    std::vector<float> planes;
    Matrix valueRows;
    RowVector valueSum, valueHidden;

    // Sizes the buffers for a board and zeroes them once; afterwards every write keeps the zero
    // cells zero.
    void prepare(int boardWidth, int boardHeight, Eigen::Index channels) {
        if (grid.boardWidth == boardWidth && grid.boardHeight == boardHeight &&
            current.cols() == channels)
            return;
        grid = Grid{boardWidth, boardHeight};
        input.setZero(grid.rows(), CanonicalBoard::kPlanes);
        current.setZero(grid.rows(), channels);
        inner.setZero(grid.rows(), channels);
        next.setZero(grid.rows(), channels);
    }
};

Network::Workspace::Workspace() : buffers_(std::make_unique<Buffers>()) {}
Network::Workspace::~Workspace() = default;
Network::Workspace::Workspace(Workspace&&) noexcept = default;
Network::Workspace& Network::Workspace::operator=(Workspace&&) noexcept = default;

Network::Network(const Weights& w)
    : channels_(w.channels), blocks_(static_cast<std::uint32_t>(w.blocks.size())),
      valueWidth_(w.valueWidth), description_(w.description) {
    checkShapes(w);
    const auto c = static_cast<Eigen::Index>(channels_);
    const auto v = static_cast<Eigen::Index>(valueWidth_);
    auto layers = std::make_unique<Layers>();
    layers->stem = hexConv(w.stemWeight, w.stemBias, CanonicalBoard::kPlanes);
    for (const ResidualBlockWeights& block : w.blocks)
        layers->blocks.push_back({hexConv(block.conv1Weight, block.conv1Bias, c),
                                  hexConv(block.conv2Weight, block.conv2Bias, c)});
    layers->policyWeight = row(w.policyWeight);
    layers->policyBias = w.policyBias[0];
    layers->valueConv = transposed(w.valueConvWeight, v, c);
    layers->valueConvBias = row(w.valueConvBias);
    layers->valueFc1 = transposed(w.valueFc1Weight, v, v);
    layers->valueFc1Bias = row(w.valueFc1Bias);
    layers->valueFc2 = row(w.valueFc2Weight);
    layers->valueFc2Bias = w.valueFc2Bias[0];
    layers_ = std::move(layers);
}

Network::~Network() = default;

namespace {

// The zero cells between the grid's rows inside the computed block got values; they must stay
// zero.
void zeroRowSeparators(Matrix& m, const Grid& grid) {
    for (int gy = 1; gy < grid.height() - 1; ++gy)
        m.row(Eigen::Index{gy} * grid.width()).setZero();
}

// out = relu(conv(in) + bias [+ residual]) over the padded grid.
void hexConvolution(const HexConv& conv, const Matrix& in, Matrix& out, const Grid& grid,
                    const Matrix* residual) {
    const Eigen::Index first = grid.first();
    const Eigen::Index count = grid.count();
    auto block = out.middleRows(first, count);
    if (residual)
        block = residual->middleRows(first, count).rowwise() + conv.bias;
    else
        block.rowwise() = conv.bias;
    for (int tap = 0; tap < kHexTaps; ++tap)
        block.noalias() += in.middleRows(first + grid.offset(tap), count) *
                           conv.taps[static_cast<std::size_t>(tap)];
    block = block.cwiseMax(0.0f);
    zeroRowSeparators(out, grid);
}

void loadInput(const CanonicalBoard& board, Matrix& input, const Grid& grid,
               std::vector<float>& planes) {
    planes.resize(board.planeValues());
    board.encode(planes);
    const int gw = board.gridWidth();
    const int gh = board.gridHeight();
    for (int p = 0; p < CanonicalBoard::kPlanes; ++p)
        for (int gy = 0; gy < gh; ++gy)
            for (int gx = 0; gx < gw; ++gx)
                input(grid.padded(gx, gy), p) =
                    planes[static_cast<std::size_t>((p * gh + gy) * gw + gx)];
}

// Softmax of the logits over the empty cells; 0 elsewhere.
void maskedSoftmax(const CanonicalBoard& board, std::span<float> policy) {
    float largest = -INFINITY;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x)
            if (board.stone(x, y) == 0)
                largest =
                    std::max(largest, policy[static_cast<std::size_t>(y * board.width() + x)]);
    double sum = 0;
    for (int y = 0; y < board.height(); ++y)
        for (int x = 0; x < board.width(); ++x) {
            float& p = policy[static_cast<std::size_t>(y * board.width() + x)];
            p = board.stone(x, y) == 0 ? std::exp(p - largest) : 0.0f;
            sum += p;
        }
    if (sum > 0)
        for (float& p : policy)
            p = static_cast<float>(p / sum);
}

} // namespace

float Network::run(const CanonicalBoard& board, Workspace& workspace,
                   std::span<float> policy) const {
    const FlushDenormals flushDenormals; // 15 times faster with a trained net's weights
    Workspace::Buffers& b = *workspace.buffers_;
    b.prepare(board.width(), board.height(), static_cast<Eigen::Index>(channels_));
    const Grid& grid = b.grid;
    loadInput(board, b.input, grid, b.planes);
    const Layers& l = *layers_;
    hexConvolution(l.stem, b.input, b.current, grid, nullptr);
    for (const auto& [conv1, conv2] : l.blocks) {
        hexConvolution(conv1, b.current, b.inner, grid, nullptr);
        hexConvolution(conv2, b.inner, b.next, grid, &b.current);
        std::swap(b.current, b.next);
    }
    // The heads read the board cells only: one contiguous block of rows per board row.
    const auto boardRow = [&](int y) {
        return b.current.middleRows(grid.padded(1, y + 1), board.width());
    };
    if (!policy.empty()) {
        assert(policy.size() == static_cast<std::size_t>(board.width() * board.height()));
        for (int y = 0; y < board.height(); ++y) {
            Eigen::Map<Eigen::VectorXf> logits(policy.data() + y * board.width(), board.width());
            logits = (boardRow(y) * l.policyWeight.transpose()).array() + l.policyBias;
        }
        maskedSoftmax(board, policy);
    }
    b.valueSum.setZero(static_cast<Eigen::Index>(valueWidth_));
    for (int y = 0; y < board.height(); ++y) {
        b.valueRows.noalias() = boardRow(y) * l.valueConv;
        b.valueSum += (b.valueRows.rowwise() + l.valueConvBias).cwiseMax(0.0f).colwise().sum();
    }
    b.valueSum /= static_cast<float>(board.width() * board.height()); // the mean
    b.valueHidden.noalias() = b.valueSum * l.valueFc1;
    b.valueHidden = (b.valueHidden + l.valueFc1Bias).cwiseMax(0.0f);
    return std::tanh(b.valueHidden.dot(l.valueFc2) + l.valueFc2Bias);
}

} // namespace hex::eval::network
