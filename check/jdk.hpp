// Where things are for a given `java`: the program itself (through PATH and symbolic links),
// its JDK, and the libraries -agentlib, -javaagent and the JVM's java.library.path name.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace jvmticheck {

namespace fs = std::filesystem;

struct Jdk {
    fs::path java;  // the real file, symbolic links followed: JDK/bin/java
    fs::path home;  // JDK
    fs::path lib() const { return home / "lib"; }
};

// `program` as exec would find it (a name without '/' through `pathVariable`), followed to its
// real file; its JDK is the parent of the directory holding it. The error says what failed.
std::optional<std::string> findJdk(const std::string& program, const std::string& pathVariable, Jdk& jdk);

// The directories of a path list ("a:b:c"; empty entries dropped).
std::vector<std::string> splitPathList(const std::string& list);

// The JVM's default java.library.path, as `java -XshowSettings:properties -version` prints
// it with this LD_LIBRARY_PATH (the JDK's build adds its own system directories). Empty
// when the JVM could not be asked.
std::vector<std::string> defaultLibraryPath(const Jdk& jdk, const std::optional<std::string>& ldLibraryPath);

// Reads the java.library.path entries out of -XshowSettings:properties output.
std::vector<std::string> libraryPathFromSettings(const std::string& settingsOutput);

}  // namespace jvmticheck
