#pragma once

#include "eval/network/board_encoding.h"
#include "eval/network/weights_file.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace hex::eval::network {

// The forward pass of docs/network.md ("Architecture") in float, with Eigen. Immutable once
// built: one Network is shared read-only (std::shared_ptr<const Network>) by every evaluator
// that uses it; each caller brings its own Workspace.
//
// No Eigen type appears in this header: the network's sources may be compiled for the host's
// vector instructions (OHMHEX_NATIVE_NETWORK) while the rest of the program is not, and Eigen
// objects must not cross between the two (their alignment differs).
class Network {
public:
    // Scratch buffers of one thread; they grow to the largest board seen and are reused, so a
    // warm workspace allocates nothing per call.
    class Workspace {
    public:
        Workspace();
        ~Workspace();
        Workspace(Workspace&&) noexcept;
        Workspace& operator=(Workspace&&) noexcept;

    private:
        friend class Network;
        struct Buffers;
        std::unique_ptr<Buffers> buffers_;
    };

    // `weights` as read by parseWeights (shapes consistent); throws WeightsError otherwise.
    explicit Network(const Weights& weights);
    ~Network();
    Network(const Network&) = delete;
    Network& operator=(const Network&) = delete;

    std::uint32_t channels() const noexcept { return channels_; }
    std::uint32_t blocks() const noexcept { return blocks_; }
    std::uint32_t valueWidth() const noexcept { return valueWidth_; }
    const std::string& description() const noexcept { return description_; }

    // The value for the side to move, in (-1, 1). With a non-empty `policy` (width * height
    // entries, canonical index y * width + x) also the policy: each empty cell's probability,
    // 0 on occupied cells (all 0 when no cell is empty).
    float run(const CanonicalBoard& board, Workspace& workspace, std::span<float> policy) const;

private:
    struct Layers;

    std::uint32_t channels_;
    std::uint32_t blocks_;
    std::uint32_t valueWidth_;
    std::string description_;
    std::unique_ptr<const Layers> layers_;
};

} // namespace hex::eval::network
