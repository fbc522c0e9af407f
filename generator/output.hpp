// Files in and out: reading one whole, and writing outputs, each atomically (temp file + rename)
// and only when its bytes changed.
#pragma once

#include <string>
#include <vector>

namespace jvmtigen {

struct Output {
    std::string path;  // relative to the output directory, e.g. include/jvmti.h
    std::string text;
};

// Reads the whole file into `text` with one allocation of its size. False when it cannot be
// opened or read; errno then says why.
bool readWholeFile(const std::string& file, std::string& text);

enum class WriteResult { Written, Unchanged };

// Writes `text` to `file` unless it already holds exactly those bytes. Throws
// std::runtime_error with the path and the system's reason on failure; a failed write
// leaves the old file as it was.
WriteResult writeIfChanged(const std::string& file, const std::string& text);

// writeIfChanged in two steps, so that many outputs can be written as they are made and still
// all or none: stage() compares and writes the bytes to a temp file beside `file` (none when
// they are unchanged; throws as writeIfChanged does), commit() renames it over the file and
// discard() removes it. The temp file's name is unique within the process.
class StagedWrite {
public:
    StagedWrite() = default;
    StagedWrite(StagedWrite&& other) noexcept;
    StagedWrite& operator=(StagedWrite&& other) noexcept;
    ~StagedWrite();  // discards what was not committed

    static StagedWrite stage(const std::string& file, const std::string& text);
    WriteResult commit();  // throws as writeIfChanged does
    void discard();

private:
    std::string file_, tmp_;  // tmp_ empty: nothing to rename
    WriteResult result_ = WriteResult::Unchanged;
};

}  // namespace jvmtigen
