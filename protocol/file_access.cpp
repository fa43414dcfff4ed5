#include "protocol/file_access.h"

#include "protocol/htp_engine.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>
#include <vector>

namespace hex {

namespace {

// The one answer for a confined client, whatever went wrong.
constexpr const char* kConfinedFailure =
    "file not available (a relative path to a regular file inside the server's files directory)";

// A descriptor closed at the end of the scope.
class Descriptor {
public:
    explicit Descriptor(int fd) noexcept : fd_(fd) {}
    ~Descriptor() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    int get() const noexcept { return fd_; }

private:
    int fd_;
};

// The path's components, or an empty list if it may not be used inside the files directory:
// absolute, empty, with an empty, '.' or '..' component, or with a control character (a NUL
// would cut the path short).
std::vector<std::string> confinedComponents(const std::string& path) {
    if (path.empty() || path.front() == '/')
        return {};
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t slash = path.find('/', start);
        std::string part = path.substr(start, slash - start);
        if (part.empty() || part == "." || part == "..")
            return {};
        parts.push_back(std::move(part));
        if (slash == std::string::npos)
            break;
        start = slash + 1;
    }
    for (char ch : path)
        if (static_cast<unsigned char>(ch) < 0x20)
            return {};
    return parts;
}

// Only a regular file with a single link: a hard link could name a file outside the directory.
bool isPlainFile(int fd, bool confined) {
    struct stat info {};
    return ::fstat(fd, &info) == 0 && S_ISREG(info.st_mode) && (!confined || info.st_nlink == 1);
}

} // namespace

class FileAccess::Directory {
public:
    explicit Directory(const std::string& path)
        : fd_(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC)) {
        if (fd_ < 0)
            throw std::runtime_error("--files-dir '" + path + "' is not a directory we can open");
    }
    ~Directory() { ::close(fd_); }
    Directory(const Directory&) = delete;
    Directory& operator=(const Directory&) = delete;

    // Walks the components without following any symbolic link; -1 on any failure.
    int open(const std::vector<std::string>& parts, int flags) const {
        int current = ::dup(fd_);
        for (std::size_t i = 0; current >= 0 && i + 1 < parts.size(); ++i) {
            const int next = ::openat(current, parts[i].c_str(),
                                      O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            ::close(current);
            current = next;
        }
        if (current < 0)
            return -1;
        const int fd = ::openat(current, parts.back().c_str(), flags | O_NOFOLLOW, 0644);
        ::close(current);
        return fd;
    }

private:
    int fd_;
};

FileAccess::FileAccess(Mode mode, std::shared_ptr<const Directory> directory)
    : mode_(mode), directory_(std::move(directory)) {}

FileAccess FileAccess::local() { return {Mode::Local, nullptr}; }

FileAccess FileAccess::none() { return {Mode::None, nullptr}; }

FileAccess FileAccess::inside(const std::string& directory) {
    return {Mode::Inside, std::make_shared<const Directory>(directory)};
}

void FileAccess::fail(const std::string& localReason) const {
    if (mode_ == Mode::Inside)
        throw htp::Failure(kConfinedFailure);
    throw htp::Failure(localReason);
}

int FileAccess::open(const std::string& path, int flags) const {
    // O_NONBLOCK: opening a FIFO must not wait for its other end; a regular file ignores it.
    flags |= O_NONBLOCK | O_CLOEXEC;
    if (mode_ == Mode::None)
        throw htp::Failure("file commands are off for TCP clients (the server has no --files-dir)");
    if (mode_ == Mode::Local)
        return ::open(path.c_str(), flags, 0644);
    const std::vector<std::string> parts = confinedComponents(path);
    return parts.empty() ? -1 : directory_->open(parts, flags);
}

std::string FileAccess::read(const std::string& path, std::size_t maxBytes) const {
    const Descriptor fd(open(path, O_RDONLY));
    if (fd.get() < 0)
        fail("cannot read " + htp::quoted(path));
    if (!isPlainFile(fd.get(), mode_ == Mode::Inside))
        fail("not a regular file: " + htp::quoted(path));
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd.get(), buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            fail("cannot read " + htp::quoted(path));
        if (n == 0)
            return text;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > maxBytes)
            fail("file too large (over " + std::to_string(maxBytes) +
                 " bytes): " + htp::quoted(path));
    }
}

void FileAccess::write(const std::string& path, std::string_view text) const {
    const Descriptor fd(open(path, O_WRONLY | O_CREAT));
    // Truncated only once it is known to be a plain file.
    if (fd.get() < 0 || !isPlainFile(fd.get(), mode_ == Mode::Inside) ||
        ::ftruncate(fd.get(), 0) != 0)
        fail("cannot write " + htp::quoted(path));
    while (!text.empty()) {
        const ssize_t n = ::write(fd.get(), text.data(), text.size());
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            fail("cannot write " + htp::quoted(path));
        text.remove_prefix(static_cast<std::size_t>(n));
    }
}

} // namespace hex
