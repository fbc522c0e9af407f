// The trace writer: records submitted from any thread, written by one background thread as
// text, JSON Lines or Chrome Trace Event Format (docs/trace-format.md describes all three).
//
// Mechanics (runtime/trace/README.md has the details):
// - submit() copies the record into the calling thread's own queue (a chain of chunks) and
//   publishes it with one release store. No lock is taken on that path, and nothing is
//   formatted: the caller pays a copy of its bytes.
// - A background thread reads every thread's queue, formats and writes. Per thread, records
//   come out in the order they began: a record submitted inside another (depth > 0) is held
//   until the record enclosing it arrives, then written after it (see Options::holdRecords).
// - Memory is bounded by Options::bufferBytes over all threads. When it is used up, submit()
//   drops the record and counts it, and returns at once; close() writes how many were dropped.
// - close() (also run by the destructor) writes everything submitted before it, the count of
//   dropped records if any, closes the output and joins the writer thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "trace/record.hpp"

namespace jvmtilayer::trace {

enum class Format { Text, Jsonl, Chrome };

// "text", "jsonl", "chrome"; nullopt for anything else.
std::optional<Format> parseFormat(std::string_view name) noexcept;
const char* formatName(Format format) noexcept;

struct Options {
    // Leave out the values of fields marked `address`.
    bool noAddr = false;
    // Write start times and durations (text and JSON Lines; Chrome events always have them).
    bool times = true;
    // Write threads as 1, 2, 3, ... in the order the writer first meets them instead of their
    // ids: with noAddr and times off, two runs of the same single-threaded sequence then give
    // byte-identical traces.
    bool renumberThreads = false;
    // Error names for calls (the generated metadata's errorName); nullptr or a nullptr result
    // gives "error(<number>)".
    const char* (*errorName)(int error) = nullptr;
    // Times are written relative to this (nowNs() clock); 0 means the time open() was called.
    std::uint64_t originNs = 0;
    // The Chrome format's pid; 0 means getpid().
    std::uint32_t pid = 0;
    // The mode bits of the trace file (file-mode=).
    unsigned fileMode = 0600;
    // At most this many bytes of records waiting to be written, over all threads.
    std::size_t bufferBytes = std::size_t{64} << 20;
    // The largest chunk a thread's queue grows by (a thread's first chunk is 1 KiB, each next
    // one twice the last). A record larger than this gets a chunk of its own size.
    std::size_t chunkBytes = std::size_t{64} << 10;
    // Nested records held per thread waiting for the record that encloses them. When more are
    // held, or they have waited holdMs, they are written as they are and the enclosing record
    // follows them when it comes (a long-running callback, such as an agent thread's body,
    // should not keep everything it does from the file).
    std::size_t holdRecords = 4096;
    std::uint32_t holdMs = 1000;
    // The writer thread writes out what it has at least this often when records trickle in.
    std::uint32_t flushMs = 20;
};

class Tracer {
public:
    Tracer() = default;
    ~Tracer();
    Tracer(const Tracer&) = delete;
    Tracer& operator=(const Tracer&) = delete;

    // Starts writing to `target`: "stderr", or a file (created or truncated), and starts the
    // writer thread. A Tracer is opened at most once, before any thread submits to it (until
    // then submit() refuses records without counting them). nullopt on success, else why not.
    std::optional<std::string> open(Format format, const std::string& target, const Options& options = {});
    bool isOpen() const noexcept;

    // Queues a record (copies it); callable from any thread, never blocks on the writer.
    // false when it was dropped: the buffer is full, or the tracer is not open (or closed).
    bool submit(const Record& record) noexcept;

    // Names a thread: Chrome thread_name metadata, a thread_name line in JSON Lines, a comment
    // line in text. Goes through the calling thread's queue like a record.
    bool threadName(std::uint32_t thread, std::string_view name) noexcept;

    struct Counters {
        std::uint64_t written = 0;  // records formatted and handed to the output
        std::uint64_t dropped = 0;  // records refused because the buffer was full
        std::uint64_t late = 0;     // records refused because the tracer was closed, or that came
                                    // from a thread already in its thread-exit destructors
        bool writeFailed = false;   // the output refused bytes (disk full, closed pipe, ...)
    };
    // Exact once close() has returned; a snapshot before.
    Counters counters() const noexcept;

    // Writes out everything, then the dropped count if any, closes the output, joins the writer
    // thread. Records submitted while close() runs may or may not be written; later ones are
    // counted as late. Idempotent. The Tracer must not be destroyed while a thread may still
    // call submit().
    void close() noexcept;

    struct Impl;

private:
    Impl* impl_ = nullptr;
};

}  // namespace jvmtilayer::trace
