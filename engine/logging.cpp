#include "engine/logging.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace hex {

std::optional<std::string> configureLogging(const Options& options) {
    std::vector<spdlog::sink_ptr> sinks{std::make_shared<spdlog::sinks::stderr_sink_mt>()};
    std::optional<std::string> problem;
    const std::string& file = options.getString("log_file");
    if (!file.empty()) {
        try {
            sinks.push_back(std::make_shared<spdlog::sinks::basic_file_sink_mt>(file));
        } catch (const spdlog::spdlog_ex& error) {
            problem = std::string("cannot open log file: ") + error.what();
        }
    }
    auto logger = std::make_shared<spdlog::logger>("ohmhex", sinks.begin(), sinks.end());
    logger->set_level(spdlog::level::from_str(options.getString("log_level")));
    logger->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
    if (problem)
        spdlog::warn("{}", *problem);
    return problem;
}

} // namespace hex
