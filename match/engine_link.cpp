#include "match/engine_link.h"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include <array>
#include <cctype>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace hex::match {

namespace {

constexpr std::size_t kMaxReply = 1 << 20;

// The process groups of the running engine children, for killEveryEngine(); 0 is a free slot.
// More than -j's limit of 256 workers with two engines each.
std::array<std::atomic<pid_t>, 1024> runningGroups{};

void addRunningGroup(pid_t group) {
    for (auto& slot : runningGroups) {
        pid_t free = 0;
        if (slot.compare_exchange_strong(free, group))
            return;
    }
}

void removeRunningGroup(pid_t group) {
    for (auto& slot : runningGroups) {
        pid_t expected = group;
        if (slot.compare_exchange_strong(expected, 0))
            return;
    }
}

std::string shown(std::string_view text) {
    std::string out;
    for (char ch : text.substr(0, 60))
        out += (ch >= 32 && ch < 127) ? ch : '?';
    return "'" + out + (text.size() > 60 ? "...'" : "'");
}

// The connected socket's descriptor.
int connectTcp(boost::asio::io_context& io, const std::string& address) {
    const auto colon = address.rfind(':');
    if (colon == std::string::npos)
        throw LinkFailure(LinkError::StartFailed, "expected tcp://HOST:PORT, got " + address);
    boost::system::error_code error;
    boost::asio::ip::tcp::resolver resolver(io);
    const auto endpoints =
        resolver.resolve(address.substr(0, colon), address.substr(colon + 1), error);
    if (error)
        throw LinkFailure(LinkError::StartFailed,
                          "cannot resolve " + address + ": " + error.message());
    boost::asio::ip::tcp::socket socket(io);
    boost::asio::connect(socket, endpoints, error);
    if (error)
        throw LinkFailure(LinkError::StartFailed,
                          "cannot connect to " + address + ": " + error.message());
    return socket.release();
}

// Starts argv with its stdin and stdout on new pipes, in a process group of its own; returns
// its pid and sets the parent's ends of the pipes.
pid_t spawn(std::vector<std::string> argv, int stderrFd, int& toChild, int& fromChild) {
    int in[2];
    int out[2];
    if (::pipe2(in, O_CLOEXEC) != 0)
        throw LinkFailure(LinkError::StartFailed, std::string("pipe: ") + std::strerror(errno));
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        throw LinkFailure(LinkError::StartFailed, std::string("pipe: ") + std::strerror(errno));
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    if (stderrFd >= 0)
        posix_spawn_file_actions_adddup2(&actions, stderrFd, 2);
    else
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0); // a new group, numbered by the child's pid
    std::vector<char*> args;
    for (auto& a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawnp(&pid, args[0], &actions, &attributes, args.data(), environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in[0]);
    ::close(out[1]);
    if (rc != 0) {
        ::close(in[1]);
        ::close(out[0]);
        throw LinkFailure(LinkError::StartFailed,
                          "cannot start '" + argv[0] + "': " + std::strerror(rc));
    }
    toChild = in[1];
    fromChild = out[0];
    addRunningGroup(pid);
    return pid;
}

} // namespace

std::string_view linkErrorName(LinkError error) noexcept {
    switch (error) {
    case LinkError::StartFailed:
        return "start failed";
    case LinkError::Crashed:
        return "crash";
    case LinkError::Timeout:
        return "timeout";
    case LinkError::Malformed:
        return "malformed reply";
    case LinkError::OutOfTurn:
        return "output out of turn";
    case LinkError::Stopped:
        return "stopped";
    }
    return "unknown";
}

std::vector<std::string> splitArguments(std::string_view command) {
    std::vector<std::string> words;
    std::string word;
    bool inWord = false;
    bool quoted = false;
    for (std::size_t i = 0; i < command.size(); ++i) {
        const char ch = command[i];
        if (ch == '\\' && i + 1 < command.size() && command[i + 1] == '"') {
            word += '"';
            inWord = true;
            ++i;
        } else if (ch == '"') {
            quoted = !quoted;
            inWord = true;
        } else if (!quoted && (ch == ' ' || ch == '\t')) {
            if (inWord)
                words.push_back(std::move(word));
            word.clear();
            inWord = false;
        } else {
            word += ch;
            inWord = true;
        }
    }
    if (inWord)
        words.push_back(std::move(word));
    return words;
}

void killEveryEngine() noexcept {
    for (auto& slot : runningGroups)
        if (const pid_t group = slot.load(); group > 0)
            ::kill(-group, SIGKILL);
}

bool needsShell(std::string_view command) {
    return command.find_first_of("|&;<>()$`*?~'{}\n") != std::string_view::npos;
}

std::unique_ptr<EngineLink> EngineLink::open(const std::string& command, int stderrFd,
                                             const std::string& secret) {
    // A dead engine must show up as a write error, not kill the referee.
    std::signal(SIGPIPE, SIG_IGN);
    std::unique_ptr<EngineLink> link(new EngineLink());
    if (command.rfind("tcp://", 0) == 0) {
        link->from_.assign(connectTcp(link->io_, command.substr(6)));
    } else {
        std::vector<std::string> argv = needsShell(command)
                                            ? std::vector<std::string>{"/bin/sh", "-c", command}
                                            : splitArguments(command);
        if (argv.empty())
            throw LinkFailure(LinkError::StartFailed, "empty engine command");
        int toChild = -1;
        int fromChild = -1;
        link->pid_ = spawn(std::move(argv), stderrFd, toChild, fromChild);
        link->to_.assign(toChild);
        link->from_.assign(fromChild);
    }
    if (!secret.empty())
        link->send(secret);
    return link;
}

EngineLink::~EngineLink() { kill(); }

void EngineLink::send(std::string_view line) {
    const std::string text = std::string(line) + "\n";
    boost::system::error_code error;
    boost::asio::write(to_.is_open() ? to_ : from_, boost::asio::buffer(text), error);
    if (error)
        throw LinkFailure(LinkError::Crashed,
                          "engine gone while sending " + shown(line) + ": " + describeExit());
}

bool EngineLink::fill(Clock::time_point deadline, const std::atomic<bool>* stop) {
    char chunk[65536];
    std::size_t got = 0;
    boost::system::error_code error;
    bool done = false;
    from_.async_read_some(boost::asio::buffer(chunk),
                          [&](const boost::system::error_code& e, std::size_t n) {
                              error = e;
                              got = n;
                              done = true;
                          });
    io_.restart();
    // Short slices, so that a stop request is seen within 50 ms. What is there already has been
    // read at once, even when the deadline has passed (expectSilence relies on that).
    while (!done && !(stop && stop->load()) && Clock::now() < deadline)
        io_.run_one_until(std::min(deadline, Clock::now() + std::chrono::milliseconds(50)));
    if (!done) {
        from_.cancel();
        io_.run(); // the handler must run before `chunk` goes; it has the data if some came
    }
    if (stop && stop->load())
        throw LinkFailure(LinkError::Stopped, "stopped");
    if (error == boost::asio::error::operation_aborted)
        return false;
    if (error) {
        eof_ = true;
        throw LinkFailure(LinkError::Crashed, "engine " + describeExit());
    }
    for (std::size_t i = 0; i < got; ++i)
        if (chunk[i] != '\r')
            buffer_ += chunk[i];
    if (buffer_.size() > kMaxReply)
        throw LinkFailure(LinkError::Malformed, "reply longer than 1 MB without an end");
    return true;
}

Reply EngineLink::await(Clock::time_point deadline, const std::atomic<bool>* stop) {
    for (;;) {
        const auto end = buffer_.find("\n\n");
        if (end != std::string::npos) {
            std::string block = buffer_.substr(0, end);
            buffer_.erase(0, end + 2);
            if (block.rfind("gogui-gfx:", 0) == 0)
                continue; // live graphics precede the real reply
            if (block.empty() || (block[0] != '=' && block[0] != '?'))
                throw LinkFailure(LinkError::Malformed, "malformed reply " + shown(block));
            Reply reply{block[0] == '=', block.substr(1)};
            // GTP ids ("=12 e5") are tolerated; the payload starts after the first space.
            const auto space = reply.payload.find_first_of(" \n");
            reply.payload = space == std::string::npos ? "" : reply.payload.substr(space + 1);
            while (!reply.payload.empty() &&
                   std::isspace(static_cast<unsigned char>(reply.payload.back())))
                reply.payload.pop_back();
            while (!reply.payload.empty() && reply.payload.front() == ' ')
                reply.payload.erase(0, 1);
            return reply;
        }
        if (eof_)
            throw LinkFailure(LinkError::Crashed, "engine " + describeExit());
        if (!fill(deadline, stop))
            throw LinkFailure(LinkError::Timeout, "no reply in time");
    }
}

Reply EngineLink::command(std::string_view line, Clock::time_point deadline,
                          const std::atomic<bool>* stop) {
    send(line);
    try {
        return await(deadline, stop);
    } catch (const LinkFailure& failure) {
        throw LinkFailure(failure.kind, std::string(failure.what()) + " (to " + shown(line) + ")");
    }
}

void EngineLink::expectSilence() {
    if (buffer_.empty())
        fill(Clock::now(), nullptr); // only what is there already; a crash here is a crash
    if (!buffer_.empty())
        throw LinkFailure(LinkError::OutOfTurn, "wrote " + shown(buffer_) + " out of turn");
}

std::optional<siginfo_t> EngineLink::exitInfo() const {
    siginfo_t info{};
    const auto id = static_cast<id_t>(pid_);
    if (pid_ > 0 && ::waitid(P_PID, id, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_)
        return info;
    return std::nullopt;
}

std::string EngineLink::describeExit() const {
    if (pid_ < 0)
        return "closed the connection";
    // The child may need a moment between closing stdout and having exited.
    for (int i = 0; i < 20; ++i) {
        if (const auto info = exitInfo()) {
            if (info->si_code == CLD_EXITED)
                return "exited with status " + std::to_string(info->si_status);
            return std::string("killed by signal ") + ::strsignal(info->si_status);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return "closed its output";
}

void EngineLink::close() {
    if (!eof_ && from_.is_open()) {
        try {
            command("quit", Clock::now() + std::chrono::seconds(1), nullptr);
        } catch (const LinkFailure&) {
            // killed below
        }
    }
    for (int i = 0; i < 50 && pid_ > 0 && !exitInfo(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    kill();
}

void EngineLink::kill() {
    if (pid_ > 0) {
        // Its helpers too, and the engine itself when /bin/sh started it.
        ::kill(-pid_, SIGKILL);
        removeRunningGroup(pid_); // before waitpid frees the number for another process
        ::waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }
    boost::system::error_code ignored;
    from_.close(ignored);
    to_.close(ignored);
}

std::optional<long> EngineLink::residentKb() const {
    if (pid_ <= 0 || exitInfo())
        return std::nullopt;
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stol(line.substr(6));
    return std::nullopt;
}

} // namespace hex::match
