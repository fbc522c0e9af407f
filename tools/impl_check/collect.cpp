#include "collect.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <tuple>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

namespace implcheck {
namespace {

using namespace clang;
namespace fs = std::filesystem;

// An absolute path with symbolic links and "." / ".." resolved; the path itself when it
// does not exist.
std::string realPath(const std::string& path) {
    std::error_code ec;
    fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
    return ec ? path : p.string();
}

bool under(const std::string& file, const std::string& dir) {
    return file.size() > dir.size() && file.compare(0, dir.size(), dir) == 0 && file[dir.size()] == '/';
}

// Which files are the runtime's and which is the interface.
struct FileRoles {
    std::vector<std::string> dirs, files;  // real paths; a header beside a file counts as the runtime's too
    std::string interface;                 // real path; empty: by name

    bool isRuntime(const std::string& file) const {
        const fs::path p(file);
        const std::string ext = p.extension().string();
        const bool header = ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".hxx" || ext == ".inc";
        for (const std::string& f : files)
            if (file == f || (header && p.parent_path() == fs::path(f).parent_path())) return true;
        for (const std::string& d : dirs)
            if (under(file, d)) return true;
        return false;
    }
    bool isInterface(const std::string& file) const {
        return interface.empty() ? fs::path(file).filename() == "jvmti_runtime.hpp" : file == interface;
    }
};

// Where the functions of every translation unit go, each once, however many translation
// units include the file it is in.
struct Sink {
    Collected& out;
    std::set<std::tuple<bool, std::string, unsigned, std::string, std::string>> seen;
};

// Gathers the functions of one translation unit.
class Gatherer {
public:
    Gatherer(ASTContext& ctx, const FileRoles& roles, Sink& sink)
        : sm_(ctx.getSourceManager()), roles_(roles), sink_(sink), policy_(ctx.getPrintingPolicy()),
          canonicalPolicy_(ctx.getPrintingPolicy()) {
        policy_.AnonymousTagLocations = false;
        canonicalPolicy_.AnonymousTagLocations = false;
    }

    void walk(const DeclContext* dc) {
        for (const Decl* d : dc->decls()) {
            const auto* ns = dyn_cast<NamespaceDecl>(d);
            if (const auto* linkage = dyn_cast<LinkageSpecDecl>(d)) walk(linkage);
            else if (ns && (ns->getName() == "jvmti_runtime" || ns->getName() == "hooks")) walk(ns);
            else if (const auto* f = dyn_cast<FunctionDecl>(d)) consider(f);
        }
    }

private:
    // jvmti_runtime or jvmti_runtime::hooks (at namespace scope, not inside another namespace),
    // from the function's semantic context: an out-of-line `jvmti_runtime::F(...)` counts.
    static std::optional<Scope> scopeOf(const FunctionDecl* f) {
        const auto* ns = dyn_cast<NamespaceDecl>(f->getDeclContext()->getRedeclContext());
        if (!ns || ns->isAnonymousNamespace() || ns->isInline()) return std::nullopt;
        const DeclContext* parent = ns->getDeclContext()->getRedeclContext();
        if (ns->getName() == "jvmti_runtime" && parent->isTranslationUnit()) return Scope::Runtime;
        const auto* outer = dyn_cast<NamespaceDecl>(parent);
        if (ns->getName() == "hooks" && outer && outer->getName() == "jvmti_runtime" &&
            outer->getDeclContext()->getRedeclContext()->isTranslationUnit())
            return Scope::Hooks;
        return std::nullopt;
    }

    Location locate(const Decl* d) const {
        const SourceLocation loc = sm_.getFileLoc(d->getLocation());
        Location where;
        if (const FileEntry* file = sm_.getFileEntryForID(sm_.getFileID(loc))) {
            const llvm::StringRef real = file->tryGetRealPathName();
            where.file = realPath(real.empty() ? file->getName().str() : real.str());
        }
        where.line = sm_.getPresumedLineNumber(loc);
        return where;
    }

    void consider(const FunctionDecl* f) {
        if (isa<CXXMethodDecl>(f) || f->getDescribedFunctionTemplate() || f->isTemplateInstantiation()) return;
        if (!f->getDeclName().isIdentifier()) return;  // operators and the like implement nothing here
        const std::optional<Scope> scope = scopeOf(f);
        if (!scope) return;
        const Location where = locate(f);
        if (!f->doesThisDeclarationHaveABody()) {
            if (roles_.isInterface(where.file)) {
                add(sink_.out.interface, describe(f, *scope, where), true);
            } else if (sm_.getFileID(sm_.getFileLoc(f->getLocation())) != sm_.getMainFileID()) {
                sink_.out.declaredInHeaders.insert(signatureKey(describe(f, *scope, where)));
            }
            return;
        }
        if (!roles_.isRuntime(where.file) || !f->isExternallyVisible()) return;
        add(sink_.out.definitions, describe(f, *scope, where), false);
    }

    // A type as the interface spells it: "Env &", not "jvmti_runtime::Env &" (stubs and
    // messages live in the namespace; other namespaces stay).
    std::string spelled(QualType t) const {
        std::string text = t.getAsString(policy_);
        const std::string own = "jvmti_runtime::";
        for (size_t at; (at = text.find(own)) != std::string::npos;) text.erase(at, own.size());
        return text;
    }

    Function describe(const FunctionDecl* f, Scope scope, const Location& where) const {
        Function fn;
        fn.scope = scope;
        fn.name = f->getNameAsString();
        fn.where = where;
        fn.canonical = f->getType().getCanonicalType().getAsString(canonicalPolicy_);
        const QualType result = f->getReturnType();
        fn.returnType = spelled(result);
        for (const ParmVarDecl* p : f->parameters()) fn.parameterTypes.push_back(spelled(p->getOriginalType()));
        if (const auto* proto = f->getType()->getAs<FunctionProtoType>()) fn.isNoexcept = proto->isNothrow();
        if (result->isReferenceType() && result.getNonReferenceType().isConstQualified())
            fn.constReferenceTarget = spelled(result.getNonReferenceType().getUnqualifiedType());
        fn.shown = fn.returnType + " " + fn.name + "(";
        for (size_t i = 0; i < fn.parameterTypes.size(); ++i) fn.shown += (i ? ", " : "") + fn.parameterTypes[i];
        fn.shown += fn.isNoexcept ? ") noexcept" : ")";
        return fn;
    }

    void add(std::vector<Function>& to, Function fn, bool isInterface) {
        auto key = std::make_tuple(isInterface, fn.where.file, fn.where.line, fn.name, fn.canonical);
        if (sink_.seen.insert(std::move(key)).second) to.push_back(std::move(fn));
    }

    const SourceManager& sm_;
    const FileRoles& roles_;
    Sink& sink_;
    PrintingPolicy policy_, canonicalPolicy_;
};

class GatherConsumer : public ASTConsumer {
public:
    GatherConsumer(const FileRoles& roles, Sink& sink) : roles_(roles), sink_(sink) {}
    void HandleTranslationUnit(ASTContext& ctx) override {
        Gatherer(ctx, roles_, sink_).walk(ctx.getTranslationUnitDecl());
    }

private:
    const FileRoles& roles_;
    Sink& sink_;
};

class GatherAction : public ASTFrontendAction {
public:
    GatherAction(const FileRoles& roles, Sink& sink) : roles_(roles), sink_(sink) {}

protected:
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance&, llvm::StringRef) override {
        return std::make_unique<GatherConsumer>(roles_, sink_);
    }

private:
    const FileRoles& roles_;
    Sink& sink_;
};

class GatherFactory : public tooling::FrontendActionFactory {
public:
    GatherFactory(const FileRoles& roles, Sink& sink) : roles_(roles), sink_(sink) {}
    std::unique_ptr<FrontendAction> create() override { return std::make_unique<GatherAction>(roles_, sink_); }

private:
    const FileRoles& roles_;
    Sink& sink_;
};

}  // namespace

CollectResult collect(const CollectOptions& options) {
    CollectResult result;
    std::string error;
    std::unique_ptr<tooling::CompilationDatabase> loaded =
        tooling::CompilationDatabase::loadFromDirectory(options.buildDir, error);
    if (!loaded) {
        result.error = "no compilation database in " + options.buildDir + " (" + error +
                       "); configure the project with CMAKE_EXPORT_COMPILE_COMMANDS=ON and pass its build directory with -p";
        return result;
    }
    // Files the database lacks (a new source, a header) get the command of their nearest neighbour.
    const std::vector<std::string> known = loaded->getAllFiles();
    std::unique_ptr<tooling::CompilationDatabase> db = tooling::inferMissingCompileCommands(std::move(loaded));

    FileRoles roles;
    if (!options.interface.empty()) {
        if (!fs::is_regular_file(options.interface)) {
            result.error = "the interface " + options.interface + " does not exist";
            return result;
        }
        roles.interface = realPath(options.interface);
    }
    std::vector<std::string> sources;
    for (const std::string& path : options.paths) {
        const std::string real = realPath(path);
        if (fs::is_directory(real)) {
            roles.dirs.push_back(real);
            size_t before = sources.size();
            for (const std::string& f : known)
                if (under(realPath(f), real)) sources.push_back(f);
            if (sources.size() == before) {
                result.error = "no source under " + path + " is in " + options.buildDir +
                               "/compile_commands.json: is it part of the build?";
                return result;
            }
        } else if (fs::is_regular_file(real)) {
            roles.files.push_back(real);
            sources.push_back(real);
        } else {
            result.error = path + " is neither a directory nor a file";
            return result;
        }
    }
    std::set<std::string> unique(sources.begin(), sources.end());
    result.collected.sources.assign(unique.begin(), unique.end());

    tooling::ClangTool tool(*db, result.collected.sources);
    tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
        "-resource-dir=" JVMTI_TOOLS_RESOURCE_DIR, tooling::ArgumentInsertPosition::BEGIN));
    // Warnings are the compiler's business; only errors stop the check.
    tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster("-w", tooling::ArgumentInsertPosition::END));
    Sink sink{result.collected, {}};
    GatherFactory factory(roles, sink);
    if (tool.run(&factory) != 0) {
        result.error = "Clang could not parse the runtime (its messages are above)";
        return result;
    }
    if (result.collected.interface.empty()) {
        result.error = options.interface.empty()
                           ? "no source of the runtime includes a jvmti_runtime.hpp declaring namespace jvmti_runtime"
                           : "no source of the runtime includes the interface " + options.interface;
        return result;
    }
    result.collected.interfaceFile = result.collected.interface.front().where.file;
    result.ok = true;
    return result;
}

}  // namespace implcheck
