// The .ohnn weights file (docs/network.md, format version 1): round trips, and a clear
// WeightsError for every kind of bad file.

#include "eval/evaluator.h"
#include "eval/network/network.h"
#include "eval/network/random_weights.h"
#include "eval/network/weights_file.h"

#include <boost/crc.hpp>
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <limits>
#include <random>

namespace hex::eval::network {
namespace {

Weights smallNet() {
    Weights w = randomWeights(3, 2, 5, 7);
    w.description = "test net \xc3\xa9"; // UTF-8
    return w;
}

// The message of the WeightsError that parsing `bytes` throws ("" if it does not throw).
std::string errorOf(std::string_view bytes) {
    try {
        (void)parseWeights(bytes);
    } catch (const WeightsError& error) {
        return error.what();
    }
    return "";
}

void putU32(std::string& bytes, std::size_t offset, std::uint32_t value) {
    for (int i = 0; i < 4; ++i)
        bytes[offset + static_cast<std::size_t>(i)] = static_cast<char>(value >> (8 * i) & 0xff);
}

// Rewrites the trailing checksum so that only the intended damage is seen.
void fixChecksum(std::string& bytes) {
    boost::crc_32_type crc;
    crc.process_bytes(bytes.data(), bytes.size() - 4);
    putU32(bytes, bytes.size() - 4, crc.checksum());
}

// Offsets of the header fields.
constexpr std::size_t kFormat = 8, kEncoding = 12, kC = 16, kB = 20, kV = 24, kDescription = 28;
// The stem weight's rank follows the description.
std::size_t stemRankOffset(const Weights& w) { return 32 + w.description.size(); }

TEST(NetworkWeights, RoundTripGivesIdenticalTensors) {
    const Weights w = smallNet();
    const std::string bytes = serializeWeights(w);
    EXPECT_EQ(bytes.size(),
              weightsFileBytes(3, 2, 5, static_cast<std::uint32_t>(w.description.size())));
    EXPECT_EQ(bytes.substr(0, 8), "OHMHEXNN");
    const Weights back = parseWeights(bytes);
    EXPECT_EQ(back, w);
    EXPECT_EQ(back.blocks.size(), 2u);
    EXPECT_EQ(back.stemWeight.size(), 3u * 4 * 7);
    // No blocks, and the widest value head.
    const Weights wide = randomWeights(1, 0, 256, 2);
    EXPECT_EQ(parseWeights(serializeWeights(wide)), wide);
}

TEST(NetworkWeights, FileRoundTripAndMissingFile) {
    const std::string path = (std::filesystem::temp_directory_path() /
                              ("ohmhex-weights-" + std::to_string(::getpid()) + ".ohnn"))
                                 .string();
    writeWeightsFile(path, smallNet());
    EXPECT_EQ(readWeightsFile(path), smallNet());
    std::filesystem::remove(path);
    try {
        (void)readWeightsFile(path);
        FAIL() << "read a missing file";
    } catch (const WeightsError& error) {
        EXPECT_NE(std::string(error.what()).find("cannot open '" + path + "'"), std::string::npos)
            << error.what();
    }
}

TEST(NetworkWeights, TruncatedAtEveryOffsetIsRefused) {
    const std::string bytes = serializeWeights(smallNet());
    for (std::size_t size = 0; size < bytes.size(); ++size) {
        const std::string error = errorOf(std::string_view(bytes).substr(0, size));
        ASSERT_NE(error, "") << size;
        if (size >= 8) {
            ASSERT_NE(error.find("truncated"), std::string::npos) << size << ": " << error;
        }
    }
    EXPECT_NE(errorOf("").find("truncated at byte 0 while reading the magic"), std::string::npos);
}

TEST(NetworkWeights, TrailingBytesAreRefused) {
    std::string bytes = serializeWeights(smallNet());
    bytes += "xy";
    EXPECT_EQ(errorOf(bytes), "2 trailing bytes after the checksum");
}

TEST(NetworkWeights, AFlippedByteIsRefused) {
    const Weights w = smallNet();
    const std::string bytes = serializeWeights(w);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        std::string damaged = bytes;
        damaged[i] = static_cast<char>(damaged[i] ^ 0x10);
        const std::string error = errorOf(damaged);
        ASSERT_NE(error, "") << i;
        // A flip in the description (or in a value, below): only the checksum can tell.
        if (i >= kDescription + 4 && i < stemRankOffset(w)) {
            ASSERT_NE(error.find("checksum mismatch"), std::string::npos) << i << ": " << error;
        }
    }
    std::string lastValue = bytes;
    lastValue[bytes.size() - 5] ^= 1;
    EXPECT_NE(errorOf(lastValue).find("checksum mismatch (the file is damaged)"),
              std::string::npos);
}

TEST(NetworkWeights, WrongMagicAndVersionsAreNamed) {
    const std::string bytes = serializeWeights(smallNet());
    std::string magic = bytes;
    magic[0] = 'X';
    EXPECT_EQ(errorOf(magic), "not an OhmHex network file (the magic is not OHMHEXNN)");
    std::string format = bytes;
    putU32(format, kFormat, 2);
    EXPECT_EQ(errorOf(format), "format version 2, this OhmHex reads version 1");
    std::string encoding = bytes;
    putU32(encoding, kEncoding, 0);
    EXPECT_EQ(errorOf(encoding), "board encoding version 0, this OhmHex implements version 1");
}

TEST(NetworkWeights, SizesOutOfRangeAreNamed) {
    const std::string bytes = serializeWeights(smallNet());
    const auto withHeader = [&](std::size_t offset, std::uint32_t value) {
        std::string b = bytes;
        putU32(b, offset, value);
        return errorOf(b);
    };
    EXPECT_EQ(withHeader(kC, 0), "C (trunk channels) is 0, outside 1..256");
    EXPECT_EQ(withHeader(kC, 257), "C (trunk channels) is 257, outside 1..256");
    EXPECT_EQ(withHeader(kB, 65), "B (residual blocks) is 65, outside 0..64");
    EXPECT_EQ(withHeader(kV, 0), "V (value head width) is 0, outside 1..256");
    EXPECT_EQ(withHeader(kV, 0xffffffff), "V (value head width) is 4294967295, outside 1..256");
    EXPECT_EQ(withHeader(kDescription, 4097), "the description length is 4097, outside 0..4096");
}

// The largest sizes in a short file: refused from the bytes left, without allocating the
// hundreds of megabytes the header promises.
TEST(NetworkWeights, HugeSizesInAShortFileAreRefusedCheaply) {
    std::string bytes = serializeWeights(smallNet());
    putU32(bytes, kC, 256);
    putU32(bytes, kB, 64);
    putU32(bytes, kV, 256);
    const std::string error = errorOf(bytes);
    EXPECT_NE(error.find("stem weight has shape [3, 4, 7], expected [256, 4, 7]"),
              std::string::npos)
        << error;
    // Right shapes, no values.
    std::string header = bytes.substr(0, stemRankOffset(smallNet()));
    for (std::uint32_t word : {3u, 256u, 4u, 7u}) {
        header.append(4, '\0');
        putU32(header, header.size() - 4, word);
    }
    EXPECT_NE(errorOf(header).find("while reading stem weight's values (needs 28672 bytes"),
              std::string::npos)
        << errorOf(header);
    EXPECT_GT(maxWeightsFileBytes(), 200'000'000u);
}

TEST(NetworkWeights, WrongRankOrShapeIsNamed) {
    const Weights w = smallNet();
    const std::string bytes = serializeWeights(w);
    std::string rank = bytes;
    putU32(rank, stemRankOffset(w), 2);
    fixChecksum(rank);
    EXPECT_EQ(errorOf(rank), "stem weight has rank 2, expected 3 [3, 4, 7]");
    std::string shape = bytes;
    putU32(shape, stemRankOffset(w) + 8, 3); // [3, 3, 7]
    fixChecksum(shape);
    EXPECT_EQ(errorOf(shape), "stem weight has shape [3, 3, 7], expected [3, 4, 7]");
    // A block tensor: the name says which.
    Weights moved = w;
    moved.blocks[1].conv2Bias.push_back(0);
    try {
        (void)serializeWeights(moved);
        FAIL() << "wrote a tensor of the wrong size";
    } catch (const WeightsError& error) {
        EXPECT_EQ(std::string(error.what()),
                  "block 1 conv2 bias has 4 values, its shape [3] needs 3");
    }
    EXPECT_THROW(Network{moved}, WeightsError);
}

// A NaN or an infinity with a correct checksum (a file made that way on purpose) is refused,
// naming the tensor.
TEST(NetworkWeights, NonFiniteValuesAreRefused) {
    for (const float bad :
         {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
          -std::numeric_limits<float>::infinity()}) {
        Weights w = smallNet();
        w.valueFc2Bias[0] = bad;
        const std::string error = errorOf(serializeWeights(w));
        EXPECT_NE(error.find("value fc2 bias holds a non-finite value"), std::string::npos)
            << error;
    }
}

// Finite but extreme weights overflow inside the forward pass; the evaluator still gives a
// score in range and cell values that are never negative (UBSan checks the casts).
TEST(NetworkWeights, ExtremeFiniteWeightsStillEvaluateInRange) {
    Weights w = smallNet();
    for (float& x : w.stemWeight)
        x = x > 0 ? 3e38F : -3e38F;
    for (float& x : w.valueConvWeight)
        x = 3e38F;
    const auto net = std::make_shared<const Network>(parseWeights(serializeWeights(w)));
    const std::unique_ptr<Evaluator> evaluator = makeEvaluator("network", {"bridges", net});
    Board board(5, 5);
    board.play(*board.geometry().parse("c3"), Color::Black);
    std::vector<int> cells(static_cast<std::size_t>(board.geometry().cellCount()));
    const Score score = evaluator->evaluateWithCells(board, Color::White, cells);
    EXPECT_LT(std::abs(score), kMaxEval);
    for (int value : cells)
        EXPECT_GE(value, 0);
}

TEST(NetworkWeights, RandomBytesAreRefused) {
    std::mt19937 rng(9);
    const std::string valid = serializeWeights(smallNet());
    for (int i = 0; i < 2000; ++i) {
        std::string bytes(rng() % 600, '\0');
        for (char& ch : bytes)
            ch = static_cast<char>(rng());
        // Half of them start like a real file, so that the parser gets past the header.
        if (i % 2)
            bytes = valid.substr(0, std::min<std::size_t>(rng() % valid.size(), 40)) + bytes;
        ASSERT_NE(errorOf(bytes), "") << i;
    }
}

} // namespace
} // namespace hex::eval::network
