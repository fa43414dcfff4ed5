#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hex::eval::network {

// The .ohnn weights file, format version 1 (docs/network.md, "Weights file"): the raw tensors of
// a net, in the file's order and layout. Network (network.h) turns them into its fast layout.

constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kEncodingVersion = 1;
constexpr std::uint32_t kMaxChannels = 256;
constexpr std::uint32_t kMaxBlocks = 64;
constexpr std::uint32_t kMaxValueWidth = 256;
constexpr std::uint32_t kMaxDescriptionBytes = 4096;
constexpr int kHexTaps = 7;

// Why a weights file was refused; what() names the field or tensor at fault.
class WeightsError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct ResidualBlockWeights {
    std::vector<float> conv1Weight; // [C, C, 7]
    std::vector<float> conv1Bias;   // [C]
    std::vector<float> conv2Weight; // [C, C, 7]
    std::vector<float> conv2Bias;   // [C]

    bool operator==(const ResidualBlockWeights&) const = default;
};

struct Weights {
    std::uint32_t channels = 0;   // C
    std::uint32_t valueWidth = 0; // V
    std::string description;
    std::vector<float> stemWeight;            // [C, 4, 7]
    std::vector<float> stemBias;              // [C]
    std::vector<ResidualBlockWeights> blocks; // B of them
    std::vector<float> policyWeight;          // [1, C]
    std::vector<float> policyBias;            // [1]
    std::vector<float> valueConvWeight;       // [V, C]
    std::vector<float> valueConvBias;         // [V]
    std::vector<float> valueFc1Weight;        // [V, V]
    std::vector<float> valueFc1Bias;          // [V]
    std::vector<float> valueFc2Weight;        // [1, V]
    std::vector<float> valueFc2Bias;          // [1]

    bool operator==(const Weights&) const = default;
};

// One tensor of a net as the file stores it: its name (for error messages), its dimensions and
// its values (the caller's vector, sized by whoever fills it).
struct TensorRef {
    std::string name;
    std::vector<std::uint32_t> dims;
    std::vector<float>& values;
};

// Visits every tensor of `weights` in the file's order with the shape channels, blockCount and
// valueWidth give it, after resizing `blocks` to blockCount (the one place that knows the
// order and the shapes).
void forEachTensor(Weights& weights, std::uint32_t blockCount,
                   const std::function<void(const TensorRef&)>& visit);

// The bytes of a whole file; throws WeightsError for anything but a valid version 1 file.
Weights parseWeights(std::string_view bytes);
// Throws WeightsError when a size is out of range or a tensor's size does not match its shape.
void checkShapes(const Weights& weights);
// The file's bytes; throws as checkShapes.
std::string serializeWeights(const Weights& weights);

// The size in bytes of a valid file with these sizes (description included).
std::uint64_t weightsFileBytes(std::uint32_t channels, std::uint32_t blocks,
                               std::uint32_t valueWidth, std::uint32_t descriptionBytes);
// The largest file any valid header allows: the limit for reading one.
std::uint64_t maxWeightsFileBytes();

// The whole file from the local file system; throws WeightsError if it cannot be read or is
// larger than maxBytes.
std::string readFileBytes(const std::string& path, std::uint64_t maxBytes);
// Reads and parses a file from the local file system (tools and tests; the engine reads through
// its file access). Throws WeightsError naming the path on any failure.
Weights readWeightsFile(const std::string& path);
void writeWeightsFile(const std::string& path, const Weights& weights);

} // namespace hex::eval::network
