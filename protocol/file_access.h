#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace hex {

// Where the file commands (loadsgf, savesgf) may read and write. Every failure throws
// htp::Failure. Only regular files are ever opened, and never in a way that blocks: a FIFO or a
// device is refused instead of hanging the command.
class FileAccess {
public:
    // The local user on stdin: any path the process may open.
    static FileAccess local();
    // A TCP client of a server without --files-dir: no file at all.
    static FileAccess none();
    // A TCP client of a server with --files-dir: relative paths inside `directory` only, with no
    // '.' or '..' component and no symbolic link anywhere, to a regular file with one link.
    // Every failure gives one and the same message, so a client learns nothing about the rest
    // of the file system. Throws std::runtime_error if `directory` is not one.
    static FileAccess inside(const std::string& directory);

    // The whole file; refused if it is larger than maxBytes.
    std::string read(const std::string& path, std::size_t maxBytes) const;
    // Creates or replaces the file's contents.
    void write(const std::string& path, std::string_view text) const;

private:
    enum class Mode { Local, None, Inside };
    class Directory;

    FileAccess(Mode mode, std::shared_ptr<const Directory> directory);
    // An open descriptor of a regular file (the caller closes it), or -1 after a failure.
    int open(const std::string& path, int flags) const;
    [[noreturn]] void fail(const std::string& localReason) const;

    Mode mode_;
    std::shared_ptr<const Directory> directory_; // Inside only
};

} // namespace hex
