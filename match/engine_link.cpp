#include "match/engine_link.h"

#include <algorithm>
#include <arpa/inet.h>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <netdb.h>
#include <poll.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace hex::match {

namespace {

constexpr std::size_t kMaxReply = 1 << 20;

std::string shown(std::string_view text) {
    std::string out;
    for (char ch : text.substr(0, 60))
        out += (ch >= 32 && ch < 127) ? ch : '?';
    return "'" + out + (text.size() > 60 ? "...'" : "'");
}

int connectTcp(const std::string& address) {
    const auto colon = address.rfind(':');
    if (colon == std::string::npos)
        throw LinkFailure(LinkError::StartFailed, "expected tcp://HOST:PORT, got " + address);
    const std::string host = address.substr(0, colon);
    const std::string port = address.substr(colon + 1);
    addrinfo hints{};
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int rc = ::getaddrinfo(host.c_str(), port.c_str(), &hints, &found); rc != 0)
        throw LinkFailure(LinkError::StartFailed,
                          "cannot resolve " + address + ": " + ::gai_strerror(rc));
    int fd = -1;
    for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
        fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
        if (fd >= 0 && ::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ::freeaddrinfo(found);
    if (fd < 0)
        throw LinkFailure(LinkError::StartFailed,
                          "cannot connect to " + address + ": " + std::strerror(errno));
    return fd;
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

bool needsShell(std::string_view command) {
    return command.find_first_of("|&;<>()$`*?~'{}\n") != std::string_view::npos;
}

EngineLink::EngineLink(int readFd, int writeFd, pid_t pid)
    : readFd_(readFd), writeFd_(writeFd), pid_(pid) {}

std::unique_ptr<EngineLink> EngineLink::open(const std::string& command, int stderrFd,
                                             const std::string& secret) {
    // A dead engine must show up as a write error, not kill the referee.
    std::signal(SIGPIPE, SIG_IGN);
    std::unique_ptr<EngineLink> link;
    if (command.rfind("tcp://", 0) == 0) {
        const int fd = connectTcp(command.substr(6));
        link.reset(new EngineLink(fd, fd, -1));
    } else {
        std::vector<std::string> argv = needsShell(command)
                                            ? std::vector<std::string>{"/bin/sh", "-c", command}
                                            : splitArguments(command);
        if (argv.empty())
            throw LinkFailure(LinkError::StartFailed, "empty engine command");
        int toChild[2];
        int fromChild[2];
        if (::pipe2(toChild, O_CLOEXEC) != 0)
            throw LinkFailure(LinkError::StartFailed, std::string("pipe: ") + std::strerror(errno));
        if (::pipe2(fromChild, O_CLOEXEC) != 0) {
            ::close(toChild[0]);
            ::close(toChild[1]);
            throw LinkFailure(LinkError::StartFailed, std::string("pipe: ") + std::strerror(errno));
        }
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, toChild[0], 0);
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], 1);
        if (stderrFd >= 0)
            posix_spawn_file_actions_adddup2(&actions, stderrFd, 2);
        else
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
        std::vector<char*> args;
        for (auto& a : argv)
            args.push_back(a.data());
        args.push_back(nullptr);
        pid_t pid = -1;
        const int rc = ::posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(toChild[0]);
        ::close(fromChild[1]);
        if (rc != 0) {
            ::close(toChild[1]);
            ::close(fromChild[0]);
            throw LinkFailure(LinkError::StartFailed,
                              "cannot start '" + argv[0] + "': " + std::strerror(rc));
        }
        link.reset(new EngineLink(fromChild[0], toChild[1], pid));
    }
    if (!secret.empty())
        link->send(secret);
    return link;
}

EngineLink::~EngineLink() { kill(); }

void EngineLink::send(std::string_view line) {
    std::string text(line);
    text += '\n';
    std::string_view rest = text;
    while (!rest.empty()) {
        const ssize_t n = pid_ < 0 ? ::send(writeFd_, rest.data(), rest.size(), MSG_NOSIGNAL)
                                   : ::write(writeFd_, rest.data(), rest.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            throw LinkFailure(LinkError::Crashed,
                              "engine gone while sending " + shown(line) + ": " + describeExit());
        rest.remove_prefix(static_cast<std::size_t>(n));
    }
}

bool EngineLink::fill(Clock::time_point deadline, const std::atomic<bool>* stop) {
    for (;;) {
        if (stop && stop->load())
            throw LinkFailure(LinkError::Stopped, "stopped");
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return false;
        pollfd p{readFd_, POLLIN, 0};
        const int slice = static_cast<int>(std::min<long long>(left.count(), 50));
        const int ready = ::poll(&p, 1, slice);
        if (ready < 0 && errno != EINTR)
            return false;
        if (ready <= 0)
            continue;
        char chunk[65536];
        const ssize_t n = ::read(readFd_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            eof_ = true;
            throw LinkFailure(LinkError::Crashed, "engine " + describeExit());
        }
        for (ssize_t i = 0; i < n; ++i)
            if (chunk[i] != '\r')
                buffer_ += chunk[i];
        if (buffer_.size() > kMaxReply)
            throw LinkFailure(LinkError::Malformed, "reply longer than 1 MB without an end");
        return true;
    }
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
    if (!buffer_.empty())
        throw LinkFailure(LinkError::OutOfTurn, "wrote " + shown(buffer_) + " out of turn");
    pollfd p{readFd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0)
        return;
    fill(Clock::now() + std::chrono::milliseconds(1), nullptr); // a crash here is a crash
    if (!buffer_.empty())
        throw LinkFailure(LinkError::OutOfTurn, "wrote " + shown(buffer_) + " out of turn");
}

std::string EngineLink::describeExit() {
    if (pid_ < 0)
        return "closed the connection";
    // The child may need a moment between closing stdout and being reapable.
    for (int i = 0; i < 20; ++i) {
        int status = 0;
        const pid_t done = ::waitpid(pid_, &status, WNOHANG);
        if (done == pid_) {
            pid_ = 0;
            if (WIFEXITED(status))
                return "exited with status " + std::to_string(WEXITSTATUS(status));
            if (WIFSIGNALED(status))
                return std::string("killed by signal ") + ::strsignal(WTERMSIG(status));
            return "ended";
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return "closed its output";
}

void EngineLink::close() {
    if (pid_ != 0 && readFd_ >= 0) {
        try {
            command("quit", Clock::now() + std::chrono::seconds(1), nullptr);
        } catch (const LinkFailure&) {
            // killed below
        }
    }
    if (pid_ > 0) {
        for (int i = 0; i < 50 && pid_ > 0; ++i) {
            int status = 0;
            if (::waitpid(pid_, &status, WNOHANG) == pid_)
                pid_ = 0;
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
    }
    kill();
}

void EngineLink::kill() {
    if (pid_ > 0) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
        pid_ = 0;
    }
    if (readFd_ >= 0)
        ::close(readFd_);
    if (writeFd_ >= 0 && writeFd_ != readFd_)
        ::close(writeFd_);
    readFd_ = writeFd_ = -1;
}

std::optional<long> EngineLink::residentKb() const {
    if (pid_ <= 0)
        return std::nullopt;
    std::ifstream in("/proc/" + std::to_string(pid_) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0)
            return std::stol(line.substr(6));
    return std::nullopt;
}

} // namespace hex::match
