#pragma once

#include "selfplay/self_play_config.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdio>
#include <set>
#include <string>

namespace hex::selfplay {

// What a records file already holds, for resuming a run.
struct ExistingRecords {
    std::set<int> games;              // the games with a complete line
    std::uintmax_t completeBytes = 0; // the file up to the end of its last complete line
    std::uintmax_t fileBytes = 0;     // more when a line was cut short (a killed run)
};

// Reads the records file at `path` (none: nothing held). Every complete line (ending in a
// newline) must be a record of this run: version 1, this seed and `settings`, the size this run
// gives the game; a last line without its newline is a write cut short and does not count.
// Throws std::runtime_error naming the first line that is not, and changes nothing.
ExistingRecords readRecordsFile(const std::string& path, const SelfPlayConfig& config,
                                const nlohmann::ordered_json& settings);

// Appends records to the file, each flushed at once, after cutting off a line that a killed run
// left unfinished; a stop at any moment then loses at most the line being written, which the
// next run cuts off in turn.
class RecordsWriter {
public:
    RecordsWriter(const std::string& path, const ExistingRecords& existing);
    ~RecordsWriter();
    RecordsWriter(const RecordsWriter&) = delete;
    RecordsWriter& operator=(const RecordsWriter&) = delete;

    void append(const std::string& line);

private:
    std::string path_;
    std::FILE* file_ = nullptr;
};

} // namespace hex::selfplay
