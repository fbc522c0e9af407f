// The one way the layer and jvmti-check create, read and clean up files. Our tools run in shared
// directories (CI workspaces, /tmp) beside other people's files, so:
//   - a file is never opened where it stands: it is created new under a fresh temporary name in
//     the same directory (O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC), then renamed over the name asked
//     for. A symlink or FIFO planted at that name is replaced, never followed or opened; a file of
//     another user in a sticky directory cannot be replaced, and that is an error;
//   - a file is read only when it is a regular file of ours, opened without following a link and
//     without blocking, up to a size limit;
//   - a directory is ours when it is no link, we own it and no one else may write in it.
// Nothing here throws; every failure is one message naming the path and the reason.
#pragma once

#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace jvmtifiles {

// Mode bits of the files we create unless the user asks for others (file-mode=).
inline constexpr mode_t kDefaultFileMode = 0600;

// Parses an octal file mode, "0600" or "644" (no more than 0777); nullopt when it is not one.
std::optional<mode_t> parseFileMode(std::string_view text);

// A file created new: its descriptor (owned by the caller) or why it could not be made.
struct NewFile {
    int fd = -1;
    std::string error;
    bool ok() const { return fd >= 0; }
};

// Creates a new, empty file at `path` (see above) and returns it open for writing: for a file
// written as a run goes (a text report, a trace, a log). Readers see it at once.
NewFile createFile(const std::string& path, mode_t mode = kDefaultFileMode) noexcept;

// Writes `text` as the new file `path`: written whole under the temporary name first, so a reader
// sees the old file or the new one, never half of one. nullopt on success, else why not.
std::optional<std::string> writeFile(const std::string& path, std::string_view text,
                                     mode_t mode = kDefaultFileMode) noexcept;

// Writes all of `text` to `fd`, retrying short writes; false with errno set when it cannot.
bool writeAll(int fd, std::string_view text) noexcept;

// Reads `path` when it is a regular file owned by this user, opened with O_NOFOLLOW|O_NONBLOCK,
// of at most `limit` bytes. nullopt with `error` set otherwise.
std::optional<std::string> readOwnFile(const std::string& path, std::size_t limit, std::string& error) noexcept;

// Reads a file the user named: links followed, any owner, but only a regular file (never a FIFO
// that would block) of at most `limit` bytes. nullopt with `error` set otherwise.
std::optional<std::string> readNamedFile(const std::string& path, std::size_t limit, std::string& error) noexcept;

// Is `path` a directory that is ours: not a symlink, owned by this user, writable by no other
// user (the group's write bit is accepted only for this user's own group)? nullopt when it is,
// else why not.
std::optional<std::string> notOwnDirectory(const std::string& path) noexcept;

// Makes the directory `path` (its parent must exist), mode 0700; fails when anything is there.
std::optional<std::string> makeOwnDirectory(const std::string& path) noexcept;

// Makes a fresh directory PREFIX.XXXXXX (mkdtemp, mode 0700) and returns its path, or nullopt
// with `error` set.
std::optional<std::string> makeFreshDirectory(const std::string& prefix, std::string& error) noexcept;

// A private directory for a tool's own working files: a fresh NAME.XXXXXX in $XDG_RUNTIME_DIR
// when that is a directory of ours, else in $TMPDIR or /tmp.
std::optional<std::string> makeWorkDirectory(const std::string& name, std::string& error) noexcept;

// Removes `path` and everything under it without following links; only for directories of ours.
void removeTree(const std::string& path) noexcept;

}  // namespace jvmtifiles
