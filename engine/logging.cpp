#include "engine/logging.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <filesystem>
#include <mutex>

namespace hex {

namespace {

constexpr const char* kPattern = "[%H:%M:%S.%e] [%^%l%$] %v";

// The one logger and the sink that holds the log file (none, or one file sink).
class ProcessLog {
public:
    ProcessLog() {
        const spdlog::sinks_init_list sinks{std::make_shared<spdlog::sinks::stderr_sink_mt>(),
                                            fileSink_};
        auto logger = std::make_shared<spdlog::logger>("ohmhex", sinks);
        logger->set_pattern(kPattern);
        // Every line at once: someone watching log_file (tail -f) sees each search iteration as
        // it happens, not a block of them when the buffer fills; a line per iteration is cheap.
        logger->flush_on(spdlog::level::trace);
        spdlog::set_default_logger(std::move(logger));
    }

    std::optional<std::string> configure(const Options& options) {
        const std::lock_guard lock(mutex_);
        const std::string& file = options.getString("log_file");
        if (file != file_) {
            std::vector<spdlog::sink_ptr> sinks;
            if (!file.empty()) {
                // Appending to a FIFO or a device would block or never end.
                std::error_code ignored;
                const auto status = std::filesystem::status(file, ignored);
                if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
                    return "cannot open log file: '" + file + "' is not a regular file";
                try {
                    sinks.push_back(std::make_shared<spdlog::sinks::basic_file_sink_mt>(file));
                } catch (const spdlog::spdlog_ex& error) {
                    return std::string("cannot open log file: ") + error.what();
                }
                sinks.back()->set_pattern(kPattern);
            }
            fileSink_->set_sinks(std::move(sinks));
            file_ = file;
        }
        spdlog::default_logger_raw()->set_level(
            spdlog::level::from_str(options.getString("log_level")));
        return std::nullopt;
    }

private:
    std::shared_ptr<spdlog::sinks::dist_sink_mt> fileSink_ =
        std::make_shared<spdlog::sinks::dist_sink_mt>();
    std::mutex mutex_; // one configuration at a time
    std::string file_;
};

} // namespace

std::optional<std::string> configureLogging(const Options& options) {
    static ProcessLog log; // installed once, by the first call
    auto problem = log.configure(options);
    if (problem)
        spdlog::warn("{}", *problem);
    return problem;
}

bool isLoggingOption(std::string_view name) { return name == "log_level" || name == "log_file"; }

} // namespace hex
