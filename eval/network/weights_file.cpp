#include "eval/network/weights_file.h"

#include <boost/crc.hpp>

#include <bit>
#include <cmath>
#include <fstream>

namespace hex::eval::network {

namespace {

constexpr std::string_view kMagic = "OHMHEXNN";
constexpr std::size_t kHeaderWords = 6; // versions, C, B, V, description length

std::uint32_t crc32(std::string_view bytes) {
    boost::crc_32_type crc;
    crc.process_bytes(bytes.data(), bytes.size());
    return crc.checksum();
}

std::string text(std::uint64_t n) { return std::to_string(n); }

std::string shapeText(const std::vector<std::uint32_t>& dims) {
    std::string s = "[";
    for (std::size_t i = 0; i < dims.size(); ++i)
        s += (i ? ", " : "") + text(dims[i]);
    return s + "]";
}

std::uint64_t elementCount(const std::vector<std::uint32_t>& dims) {
    std::uint64_t n = 1;
    for (std::uint32_t d : dims)
        n *= d;
    return n;
}

// Little-endian reading with a bounds check on every field.
class Reader {
public:
    explicit Reader(std::string_view bytes) : bytes_(bytes) {}

    std::size_t offset() const noexcept { return offset_; }
    std::size_t remaining() const noexcept { return bytes_.size() - offset_; }

    std::string_view take(std::size_t count, const std::string& what) {
        if (count > remaining())
            throw WeightsError("truncated at byte " + text(bytes_.size()) + " while reading " +
                               what + " (needs " + text(count) + " bytes at byte " + text(offset_) +
                               ")");
        const std::string_view part = bytes_.substr(offset_, count);
        offset_ += count;
        return part;
    }

    std::uint32_t u32(const std::string& what) { return decode(take(4, what)); }

    static std::uint32_t decode(std::string_view four) {
        std::uint32_t value = 0;
        for (int i = 3; i >= 0; --i)
            value = value << 8 | static_cast<unsigned char>(four[static_cast<std::size_t>(i)]);
        return value;
    }

private:
    std::string_view bytes_;
    std::size_t offset_ = 0;
};

void appendU32(std::string& out, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        out += static_cast<char>(value >> (8 * i) & 0xff);
}

void checkRange(const char* field, std::uint32_t value, std::uint32_t low, std::uint32_t high) {
    if (value < low || value > high)
        throw WeightsError(std::string(field) + " is " + text(value) + ", outside " + text(low) +
                           ".." + text(high));
}

void readTensor(Reader& reader, const TensorRef& tensor) {
    const std::uint32_t rank = reader.u32(tensor.name + "'s rank");
    if (rank != tensor.dims.size())
        throw WeightsError(tensor.name + " has rank " + text(rank) + ", expected " +
                           text(tensor.dims.size()) + " " + shapeText(tensor.dims));
    std::vector<std::uint32_t> dims;
    for (std::uint32_t i = 0; i < rank; ++i)
        dims.push_back(reader.u32(tensor.name + "'s dimension " + text(i)));
    if (dims != tensor.dims)
        throw WeightsError(tensor.name + " has shape " + shapeText(dims) + ", expected " +
                           shapeText(tensor.dims));
    // Checked against the bytes left before anything is allocated.
    const std::string_view data =
        reader.take(static_cast<std::size_t>(elementCount(dims)) * 4, tensor.name + "'s values");
    tensor.values.resize(data.size() / 4);
    for (std::size_t i = 0; i < tensor.values.size(); ++i) {
        tensor.values[i] = std::bit_cast<float>(Reader::decode(data.substr(4 * i, 4)));
        // A NaN or an infinity would poison every evaluation (and the checksum cannot tell a
        // file made that way from a sound one).
        if (!std::isfinite(tensor.values[i]))
            throw WeightsError(tensor.name + " holds a non-finite value (NaN or infinity) at " +
                               "index " + text(i));
    }
}

} // namespace

void forEachTensor(Weights& w, std::uint32_t blockCount,
                   const std::function<void(const TensorRef&)>& visit) {
    const std::uint32_t c = w.channels;
    const std::uint32_t v = w.valueWidth;
    const auto tensor = [&visit](std::string name, std::vector<std::uint32_t> dims,
                                 std::vector<float>& values) {
        visit(TensorRef{std::move(name), std::move(dims), values});
    };
    tensor("stem weight", {c, 4, kHexTaps}, w.stemWeight);
    tensor("stem bias", {c}, w.stemBias);
    w.blocks.resize(blockCount);
    for (std::uint32_t b = 0; b < blockCount; ++b) {
        const std::string block = "block " + text(b) + " ";
        ResidualBlockWeights& weights = w.blocks[b];
        tensor(block + "conv1 weight", {c, c, kHexTaps}, weights.conv1Weight);
        tensor(block + "conv1 bias", {c}, weights.conv1Bias);
        tensor(block + "conv2 weight", {c, c, kHexTaps}, weights.conv2Weight);
        tensor(block + "conv2 bias", {c}, weights.conv2Bias);
    }
    tensor("policy weight", {1, c}, w.policyWeight);
    tensor("policy bias", {1}, w.policyBias);
    tensor("value conv weight", {v, c}, w.valueConvWeight);
    tensor("value conv bias", {v}, w.valueConvBias);
    tensor("value fc1 weight", {v, v}, w.valueFc1Weight);
    tensor("value fc1 bias", {v}, w.valueFc1Bias);
    tensor("value fc2 weight", {1, v}, w.valueFc2Weight);
    tensor("value fc2 bias", {1}, w.valueFc2Bias);
}

std::uint64_t weightsFileBytes(std::uint32_t channels, std::uint32_t blocks,
                               std::uint32_t valueWidth, std::uint32_t descriptionBytes) {
    const std::uint64_t c = channels;
    const std::uint64_t v = valueWidth;
    // Each tensor: rank, dimensions, values (4 bytes each).
    const auto tensor = [](std::uint64_t rank, std::uint64_t values) {
        return 4 * (1 + rank + values);
    };
    const std::uint64_t conv = tensor(3, c * c * kHexTaps) + tensor(1, c);
    return kMagic.size() + 4 * kHeaderWords + descriptionBytes + tensor(3, c * 4 * kHexTaps) +
           tensor(1, c) + blocks * 2 * conv + tensor(2, c) + tensor(1, 1) + tensor(2, v * c) +
           tensor(1, v) + tensor(2, v * v) + tensor(1, v) + tensor(2, v) + tensor(1, 1) + 4;
}

std::uint64_t maxWeightsFileBytes() {
    return weightsFileBytes(kMaxChannels, kMaxBlocks, kMaxValueWidth, kMaxDescriptionBytes);
}

Weights parseWeights(std::string_view bytes) {
    Reader reader(bytes);
    if (reader.take(kMagic.size(), "the magic") != kMagic)
        throw WeightsError("not an OhmHex network file (the magic is not OHMHEXNN)");
    const std::uint32_t format = reader.u32("the format version");
    if (format != kFormatVersion)
        throw WeightsError("format version " + text(format) + ", this OhmHex reads version " +
                           text(kFormatVersion));
    const std::uint32_t encoding = reader.u32("the encoding version");
    if (encoding != kEncodingVersion)
        throw WeightsError("board encoding version " + text(encoding) +
                           ", this OhmHex implements version " + text(kEncodingVersion));
    Weights weights;
    weights.channels = reader.u32("C");
    const std::uint32_t blocks = reader.u32("B");
    weights.valueWidth = reader.u32("V");
    const std::uint32_t descriptionBytes = reader.u32("the description length");
    checkRange("C (trunk channels)", weights.channels, 1, kMaxChannels);
    checkRange("B (residual blocks)", blocks, 0, kMaxBlocks);
    checkRange("V (value head width)", weights.valueWidth, 1, kMaxValueWidth);
    checkRange("the description length", descriptionBytes, 0, kMaxDescriptionBytes);
    weights.description = std::string(reader.take(descriptionBytes, "the description"));
    forEachTensor(weights, blocks, [&reader](const TensorRef& t) { readTensor(reader, t); });
    const std::size_t checked = reader.offset();
    const std::uint32_t stored = reader.u32("the checksum");
    if (reader.remaining() > 0)
        throw WeightsError(text(reader.remaining()) + " trailing bytes after the checksum");
    const std::uint32_t computed = crc32(bytes.substr(0, checked));
    if (stored != computed)
        throw WeightsError("checksum mismatch (the file is damaged): stored " + text(stored) +
                           ", computed " + text(computed));
    return weights;
}

void checkShapes(const Weights& weights) {
    const auto blocks = static_cast<std::uint32_t>(weights.blocks.size());
    checkRange("C (trunk channels)", weights.channels, 1, kMaxChannels);
    checkRange("B (residual blocks)", blocks, 0, kMaxBlocks);
    checkRange("V (value head width)", weights.valueWidth, 1, kMaxValueWidth);
    checkRange("the description length", static_cast<std::uint32_t>(weights.description.size()), 0,
               kMaxDescriptionBytes);
    Weights walked = weights; // forEachTensor hands out mutable references
    forEachTensor(walked, blocks, [](const TensorRef& t) {
        if (t.values.size() != elementCount(t.dims))
            throw WeightsError(t.name + " has " + text(t.values.size()) + " values, its shape " +
                               shapeText(t.dims) + " needs " + text(elementCount(t.dims)));
    });
}

std::string serializeWeights(const Weights& weights) {
    checkShapes(weights);
    const auto blocks = static_cast<std::uint32_t>(weights.blocks.size());
    std::string out(kMagic);
    for (std::uint32_t word :
         {kFormatVersion, kEncodingVersion, weights.channels, blocks, weights.valueWidth,
          static_cast<std::uint32_t>(weights.description.size())})
        appendU32(out, word);
    out += weights.description;
    Weights walked = weights;
    forEachTensor(walked, blocks, [&out](const TensorRef& t) {
        appendU32(out, static_cast<std::uint32_t>(t.dims.size()));
        for (std::uint32_t d : t.dims)
            appendU32(out, d);
        for (float value : t.values)
            appendU32(out, std::bit_cast<std::uint32_t>(value));
    });
    appendU32(out, crc32(out));
    return out;
}

std::string readFileBytes(const std::string& path, std::uint64_t maxBytes) {
    std::ifstream file(path, std::ios::binary);
    if (!file)
        throw WeightsError("cannot open '" + path + "'");
    std::string bytes;
    char buffer[65536];
    while (file.read(buffer, sizeof buffer) || file.gcount() > 0) {
        bytes.append(buffer, static_cast<std::size_t>(file.gcount()));
        if (bytes.size() > maxBytes)
            throw WeightsError("'" + path + "' is larger than " + text(maxBytes) + " bytes");
    }
    if (file.bad())
        throw WeightsError("cannot read '" + path + "'");
    return bytes;
}

Weights readWeightsFile(const std::string& path) {
    const std::string bytes = readFileBytes(path, maxWeightsFileBytes());
    try {
        return parseWeights(bytes);
    } catch (const WeightsError& error) {
        throw WeightsError("network file '" + path + "': " + error.what());
    }
}

void writeWeightsFile(const std::string& path, const Weights& weights) {
    const std::string bytes = serializeWeights(weights);
    std::ofstream file(path, std::ios::binary | std::ios::trunc);
    if (!file.write(bytes.data(), static_cast<std::streamsize>(bytes.size())) || !file.flush())
        throw WeightsError("cannot write network file '" + path + "'");
}

} // namespace hex::eval::network
