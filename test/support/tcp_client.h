#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hex::test {

// A blocking loopback client with bounded waits, for tests of the TCP session.
class TcpClient {
public:
    // `source`: the local address to connect from (any of 127.0.0.0/8 is loopback on Linux),
    // so a test can play clients from different addresses.
    explicit TcpClient(std::uint16_t port, const char* source = nullptr) {
        fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
        if (source) {
            sockaddr_in local{};
            local.sin_family = AF_INET;
            ::inet_pton(AF_INET, source, &local.sin_addr);
            if (::bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0)
                return;
        }
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(port);
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        connected_ = ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    }
    ~TcpClient() { close(); }
    TcpClient(const TcpClient&) = delete;
    TcpClient& operator=(const TcpClient&) = delete;

    bool connected() const noexcept { return connected_; }
    void close() {
        if (fd_ >= 0)
            ::close(fd_);
        fd_ = -1;
    }

    bool send(std::string_view text) {
        while (!text.empty()) {
            const ssize_t n = ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL);
            if (n <= 0)
                return false;
            text.remove_prefix(static_cast<std::size_t>(n));
        }
        return true;
    }

    // Sends as much of the text as the connection takes until it accepts nothing for the given
    // time (the server has stopped reading); the bytes sent.
    std::size_t sendUntilStalled(std::string_view text, double stallSeconds) {
        std::size_t sent = 0;
        while (sent < text.size()) {
            pollfd p{fd_, POLLOUT, 0};
            if (::poll(&p, 1, static_cast<int>(stallSeconds * 1000)) <= 0)
                break;
            const ssize_t n =
                ::send(fd_, text.data() + sent, text.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
            if (n <= 0 && errno != EAGAIN)
                break;
            if (n > 0)
                sent += static_cast<std::size_t>(n);
        }
        return sent;
    }

    // The next reply up to and including its blank line, or nullopt on timeout or end of stream.
    std::optional<std::string> reply(double seconds = 5) {
        const auto deadline = std::chrono::steady_clock::now() + toDuration(seconds);
        for (;;) {
            if (const auto end = buffer_.find("\n\n"); end != std::string::npos) {
                std::string text = buffer_.substr(0, end + 2);
                buffer_.erase(0, end + 2);
                return text;
            }
            if (!fill(deadline))
                return std::nullopt;
        }
    }

    // True if the server closes the connection within the time (data before that is dropped).
    bool closedWithin(double seconds) {
        const auto deadline = std::chrono::steady_clock::now() + toDuration(seconds);
        while (fill(deadline))
            buffer_.clear();
        return eof_;
    }

private:
    static std::chrono::steady_clock::duration toDuration(double seconds) {
        return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
            std::chrono::duration<double>(seconds));
    }

    bool fill(std::chrono::steady_clock::time_point deadline) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 || fd_ < 0)
            return false;
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left.count())) <= 0)
            return false;
        char chunk[4096];
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n <= 0) {
            eof_ = true;
            return false;
        }
        buffer_.append(chunk, static_cast<std::size_t>(n));
        return true;
    }

    int fd_ = -1;
    bool connected_ = false;
    bool eof_ = false;
    std::string buffer_;
};

} // namespace hex::test
