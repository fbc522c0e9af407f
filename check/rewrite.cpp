#include "rewrite.hpp"

#include <fstream>
#include <sstream>

#include "java_words.hpp"

namespace jvmticheck {

namespace {

bool startsWith(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

// Launcher options whose value is the next word (java.c's class-path, module and launcher options).
bool takesValue(const std::string& w) {
    static const char* const withValue[] = {"-cp", "-classpath", "--class-path", "-p", "--module-path",
                                            "--upgrade-module-path", "--add-modules", "--enable-native-access",
                                            "--limit-modules", "--add-exports", "--add-opens", "--add-reads",
                                            "--patch-module", "--describe-module", "-d", "--source"};
    for (const char* o : withValue)
        if (w == o) return true;
    return false;
}

// Where the walk through the launcher's words is.
struct Walk {
    enum class Next { Option, Value, Main } next = Next::Option;
    bool mainSeen = false;     // the main class, -jar JAR or -m MODULE is behind: the rest is the program's
    bool expandFiles = true;   // until --disable-@files
    std::vector<AgentOption> agents;
    std::optional<std::string> libraryPath;
};

constexpr std::string_view kLibraryPathProperty = "-Djava.library.path=";

// One word that is not an @argfile. Returns whether it stays on the command line.
std::optional<std::string> walkWord(const std::string& w, const std::string& where, Walk& walk, bool& keep) {
    keep = true;
    if (walk.mainSeen) return std::nullopt;
    if (walk.next != Walk::Next::Option) {
        walk.mainSeen = walk.next == Walk::Next::Main;
        walk.next = Walk::Next::Option;
        return std::nullopt;
    }
    std::optional<AgentOption> agent;
    if (auto e = parseAgentWord(w, where, agent)) return e;
    if (agent) {
        walk.agents.push_back(std::move(*agent));
        keep = false;
    } else if (w == "--disable-@files") {
        walk.expandFiles = false;
    } else if (startsWith(w, kLibraryPathProperty)) {
        walk.libraryPath = w.substr(kLibraryPathProperty.size());
    } else if (w == "-jar" || w == "-m" || w == "--module") {
        walk.next = Walk::Next::Main;
    } else if (startsWith(w, "--module=")) {
        walk.mainSeen = true;
    } else if (takesValue(w)) {
        walk.next = Walk::Next::Value;
    } else if (w.empty() || w[0] != '-') {
        walk.mainSeen = true;  // the main class or source file
    }
    return std::nullopt;
}

std::optional<std::string> readArgFile(const std::filesystem::path& cwd, const std::string& name, std::string& text) {
    const std::filesystem::path file = std::filesystem::path(name).is_absolute() ? std::filesystem::path(name) : cwd / name;
    std::ifstream in(file, std::ios::binary);
    if (!in) return "cannot read the argument file @" + name + " (" + file.string() + ")";
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
    return std::nullopt;
}

// The launcher's words (command line or JDK_JAVA_OPTIONS): @argfiles are read; one that names
// an agent is replaced by its other words, one that names none stays as it is.
std::optional<std::string> walkLauncherWords(const std::vector<std::string>& words, const std::string& where,
                                             const std::filesystem::path& cwd, Walk& walk,
                                             std::vector<std::string>& kept) {
    for (const std::string& w : words) {
        const bool argFile = !walk.mainSeen && walk.next == Walk::Next::Option && walk.expandFiles && w.size() > 1 &&
                             w[0] == '@' && w[1] != '@';
        if (!argFile) {
            bool keep = true;
            if (auto e = walkWord(w, where, walk, keep)) return e;
            if (keep) kept.push_back(w);
            continue;
        }
        std::string text;
        if (auto e = readArgFile(cwd, w.substr(1), text)) return e;
        const std::size_t agentsBefore = walk.agents.size();
        std::vector<std::string> inlined;
        for (const std::string& fw : splitArgFile(text)) {
            // A word of the file is never an argfile itself; inlined before the program's own
            // arguments, a leading '@' must be doubled so that the launcher leaves it alone.
            const bool escape = !walk.mainSeen && walk.expandFiles && !fw.empty() && fw[0] == '@';
            bool keep = true;
            if (auto e = walkWord(fw, w, walk, keep)) return e;
            if (keep) inlined.push_back(escape ? "@" + fw : fw);
        }
        if (walk.agents.size() == agentsBefore) kept.push_back(w);
        else kept.insert(kept.end(), inlined.begin(), inlined.end());
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> parseAgentWord(const std::string& word, const std::string& where,
                                          std::optional<AgentOption>& out) {
    struct Form {
        std::string_view prefix;
        AgentKind kind;
    };
    static const Form forms[] = {{"-agentlib:", AgentKind::AgentLib},
                                 {"-agentpath:", AgentKind::AgentPath},
                                 {"-javaagent:", AgentKind::JavaAgent}};
    out.reset();
    for (const Form& f : forms) {
        if (!startsWith(word, f.prefix)) continue;
        const std::string rest = word.substr(f.prefix.size());
        const auto eq = rest.find('=');
        AgentOption a;
        a.kind = f.kind;
        a.word = word;
        a.where = where;
        a.target = rest.substr(0, eq);
        if (f.kind == AgentKind::JavaAgent) a.options = rest;
        else if (eq != std::string::npos) a.options = rest.substr(eq + 1);
        if (a.target.empty())
            return word + " (in " + where + ") names no " + (f.kind == AgentKind::JavaAgent ? "jar" : "library");
        out = std::move(a);
        return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::string> stripAgents(const std::vector<std::string>& command, const Environment& environment,
                                       const std::filesystem::path& cwd, Stripped& out) {
    out = Stripped{};
    if (command.empty()) return std::string("no command after --");
    Walk walk;
    auto variable = [&](const std::string& name) -> std::optional<std::string> {
        const auto it = environment.find(name);
        return it == environment.end() ? std::nullopt : it->second;
    };
    // One options variable: its words walked (the launcher's with argfiles and main-class
    // rules, the JVM's plain), and written back when an agent was taken out.
    auto walkVariable = [&](const std::string& name, bool launcher) -> std::optional<std::string> {
        const auto value = variable(name);
        if (!value) return std::nullopt;
        std::vector<std::string> words, kept;
        if (auto e = splitOptionsVariable(*value, words)) return name + ": " + *e;
        const std::size_t before = walk.agents.size();
        if (launcher) {
            Walk inner;  // the variable's own walk: it cannot name the program, only options
            inner.expandFiles = walk.expandFiles;
            if (auto e = walkLauncherWords(words, name, cwd, inner, kept)) return e;
            walk.agents.insert(walk.agents.end(), inner.agents.begin(), inner.agents.end());
            if (inner.libraryPath) walk.libraryPath = inner.libraryPath;
        } else {
            for (const auto& w : words) {
                std::optional<AgentOption> agent;
                if (auto e = parseAgentWord(w, name, agent)) return e;
                if (agent) walk.agents.push_back(std::move(*agent));
                else kept.push_back(w);
                if (startsWith(w, kLibraryPathProperty)) walk.libraryPath = w.substr(kLibraryPathProperty.size());
            }
        }
        if (walk.agents.size() == before) return std::nullopt;
        std::string text;
        if (auto e = joinOptionsVariable(kept, text)) return name + ": " + *e;
        out.changes[name] = text.empty() ? std::nullopt : std::optional<std::string>(text);
        return std::nullopt;
    };

    if (auto e = walkVariable("JAVA_TOOL_OPTIONS", false)) return e;
    if (auto e = walkVariable("JDK_JAVA_OPTIONS", true)) return e;
    out.command.push_back(command[0]);
    const std::vector<std::string> args(command.begin() + 1, command.end());
    if (auto e = walkLauncherWords(args, "the command line", cwd, walk, out.command)) return e;
    if (auto e = walkVariable("_JAVA_OPTIONS", false)) return e;
    out.agents = std::move(walk.agents);
    out.libraryPath = walk.libraryPath;
    return std::nullopt;
}

std::optional<std::string> resolveAgents(const std::vector<AgentOption>& agents, const Jdk& jdk,
                                         const std::optional<std::string>& libraryPathProperty,
                                         const std::optional<std::string>& ldLibraryPath, LibraryPathQuery query,
                                         const std::filesystem::path& cwd, std::vector<LayerAgent>& out) {
    namespace fs = std::filesystem;
    std::optional<std::vector<std::string>> libraryPath;  // asked once, when first needed
    auto isFile = [](const fs::path& p) {
        std::error_code ec;
        return fs::is_regular_file(p, ec);
    };
    auto absolute = [&](const std::string& p) { return (fs::path(p).is_absolute() ? fs::path(p) : cwd / p).lexically_normal(); };
    for (const AgentOption& a : agents) {
        const std::string named = a.word + " (in " + a.where + ")";
        switch (a.kind) {
        case AgentKind::AgentLib: {
            const std::string file = "lib" + a.target + ".so";
            fs::path found = jdk.lib() / file;
            if (!isFile(found)) {
                if (!libraryPath)
                    libraryPath = libraryPathProperty ? splitPathList(*libraryPathProperty) : query(jdk, ldLibraryPath);
                found.clear();
                for (const auto& dir : *libraryPath) {
                    if (isFile(absolute(dir) / file)) {
                        found = absolute(dir) / file;
                        break;
                    }
                }
            }
            if (found.empty()) {
                std::string dirs = jdk.lib().string();
                for (const auto& dir : *libraryPath) dirs += ":" + dir;
                return "agent not found: " + named + ": no " + file + " in " + dirs + " (the JDK's lib, then " +
                       (libraryPathProperty ? "-Djava.library.path" : "the JVM's java.library.path") + ")";
            }
            out.push_back({found.string(), a.options});
            break;
        }
        case AgentKind::AgentPath: {
            const fs::path file = absolute(a.target);
            if (!isFile(file)) return "agent not found: " + named + ": no such file " + file.string();
            out.push_back({file.string(), a.options});
            break;
        }
        case AgentKind::JavaAgent: {
            if (!isFile(absolute(a.target)))
                return "agent not found: " + named + ": no such jar " + absolute(a.target).string();
            const fs::path instrument = jdk.lib() / "libinstrument.so";
            if (!isFile(instrument))
                return "cannot load " + named + ": the JDK has no " + instrument.string() + " (java.lang.instrument)";
            out.push_back({instrument.string(), a.options});
            break;
        }
        }
    }
    return std::nullopt;
}

}  // namespace jvmticheck
