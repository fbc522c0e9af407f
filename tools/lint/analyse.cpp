#include "analyse.hpp"

#include <filesystem>

#include <clang/AST/ASTConsumer.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/MultiplexConsumer.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/StaticAnalyzer/Core/AnalyzerOptions.h>
#include <clang/StaticAnalyzer/Frontend/AnalysisConsumer.h>
#include <clang/Tooling/ArgumentsAdjusters.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

#include "checkers/ast_checks.hpp"
#include "checkers/registry.hpp"
#include "collector.hpp"
#include "model/capability_facts.hpp"
#include "model/interest.hpp"
#include "model/roles.hpp"

#ifndef JVMTI_TOOLS_RESOURCE_DIR
#error "JVMTI_TOOLS_RESOURCE_DIR: Clang's resource directory (tools/CMakeLists.txt defines it)"
#endif

namespace jvmtilint {

using namespace clang;

namespace {

// Before the path-sensitive analysis: the roles of the agent's functions, the capability facts
// and the functions that never return, all from the AST alone.
class PrePass : public ASTConsumer {
public:
    PrePass(TuContext& tu, std::vector<Finding>& findings, std::string directory)
        : tu_(tu), findings_(findings), directory_(std::move(directory)) {}
    void HandleTranslationUnit(ASTContext& ast) override {
        if (ast.getDiagnostics().hasErrorOccurred()) return;
        collectRoles(ast, tu_);
        collectCapabilityFacts(ast, tu_.capabilities);
        tu_.noReturn = findNoReturn(ast);
        findHandleCasts(ast, directory_, findings_);
    }

private:
    TuContext& tu_;
    std::vector<Finding>& findings_;
    std::string directory_;
};

// The analyzer's consumer, handed only the top-level declarations worth a path-sensitive
// analysis (interest.hpp) once the whole file is parsed and the roles are known.
class Gate : public ASTConsumer {
public:
    Gate(std::unique_ptr<ento::AnalysisASTConsumer> analysis, TuContext& tu) : analysis_(std::move(analysis)), tu_(tu) {}

    void Initialize(ASTContext& ast) override { analysis_->Initialize(ast); }
    bool HandleTopLevelDecl(DeclGroupRef group) override {
        for (Decl* d : group) held_.push_back(d);
        return true;
    }
    void HandleTranslationUnit(ASTContext& ast) override {
        if (!ast.getDiagnostics().hasErrorOccurred()) {
            const auto interesting = functionsOfInterest(ast, tu_);
            for (Decl* d : held_) {
                const auto* fd = dyn_cast<FunctionDecl>(d);
                if (fd && !interesting.count(fd->getCanonicalDecl())) continue;
                analysis_->HandleTopLevelDecl(DeclGroupRef(d));
            }
        }
        analysis_->HandleTranslationUnit(ast);
    }

private:
    std::unique_ptr<ento::AnalysisASTConsumer> analysis_;
    TuContext& tu_;
    std::vector<Decl*> held_;
};

class LintAction : public ASTFrontendAction {
public:
    LintAction(TuContext& tu, std::vector<Finding>& findings, std::string directory)
        : tu_(tu), findings_(findings), directory_(std::move(directory)) {}

    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
        AnalyzerOptions& options = *ci.getAnalyzerOpts();
        options.CheckersAndPackages.clear();
        for (const auto& name : checkerNames()) options.CheckersAndPackages.emplace_back(name, true);
        // Clang's own model of calls that never return (exit, abort, noreturn declarations): without
        // it a path goes on after such a call inside a function the analysis steps into.
        options.CheckersAndPackages.emplace_back("core.builtin.NoReturnFunctions", true);
        // Small functions are stepped into however deep the path is (Clang's default stops at five
        // frames but for functions of under 3 blocks): agents check errors with helpers like
        // check_jvmti_status (an if, a log line, FatalError), often called from deep inside their
        // own code; a helper not stepped into would let the error path go on.
        options.AlwaysInlineSize = 8;
        options.AnalysisDiagOpt = PD_NONE;
        // Split the path where a comparison is made, as `clang --analyze` does.
        options.eagerlyAssumeBinOpBifurcation = true;
        std::unique_ptr<ento::AnalysisASTConsumer> analysis = ento::CreateAnalysisConsumer(ci);
        analysis->AddDiagnosticConsumer(new Collector(findings_, directory_));
        analysis->AddCheckerRegistrationFn(addCheckers);
        std::vector<std::unique_ptr<ASTConsumer>> consumers;
        consumers.push_back(std::make_unique<PrePass>(tu_, findings_, directory_));
        consumers.push_back(std::make_unique<Gate>(std::move(analysis), tu_));
        return std::make_unique<MultiplexConsumer>(std::move(consumers));
    }

private:
    TuContext& tu_;
    std::vector<Finding>& findings_;
    std::string directory_;
};

// The job's command as a syntax-only compilation by Clang, warnings off (the compiler's errors
// are what a file that does not compile shows), with Clang's own headers.
std::vector<std::string> analyserCommand(const CompileJob& job) {
    using namespace clang::tooling;
    ArgumentsAdjuster adjust = combineAdjusters(
        combineAdjusters(getClangStripOutputAdjuster(), getClangStripDependencyFileAdjuster()),
        combineAdjusters(getClangSyntaxOnlyAdjuster(), getStripPluginsAdjuster()));
    adjust = combineAdjusters(
        adjust, getInsertArgumentAdjuster({"-w", "-D__clang_analyzer__", "-resource-dir=" JVMTI_TOOLS_RESOURCE_DIR},
                                          ArgumentInsertPosition::END));
    return adjust(job.commandLine, job.file);
}

}  // namespace

TuResult analyse(const CompileJob& job) {
    TuResult result;
    result.file = job.file;
    TuContext tu;
    currentTu() = &tu;

    std::string diagnostics;
    llvm::raw_string_ostream stream(diagnostics);
    llvm::IntrusiveRefCntPtr<DiagnosticOptions> options = new DiagnosticOptions();
    TextDiagnosticPrinter printer(stream, options.get());
    llvm::IntrusiveRefCntPtr<FileManager> files = new FileManager(FileSystemOptions());

    auto action = std::make_unique<LintAction>(tu, result.findings, job.directory);
    tooling::ToolInvocation invocation(analyserCommand(job), std::move(action), files.get());
    invocation.setDiagnosticConsumer(&printer);
    invocation.setDiagnosticOptions(options.get());
    result.compiled = invocation.run() && printer.getNumErrors() == 0;
    stream.flush();
    result.diagnostics = diagnostics;
    result.capabilities = tu.capabilities;
    markPathsThroughNoReturn(result.findings, tu.noReturn.all);
    result.noReturn.assign(tu.noReturn.exported.begin(), tu.noReturn.exported.end());
    for (auto& use : result.capabilities.uses) {
        std::filesystem::path file = use.file;
        if (file.is_relative()) file = std::filesystem::path(job.directory) / file;
        use.file = file.lexically_normal().string();
    }
    currentTu() = nullptr;
    return result;
}

}  // namespace jvmtilint
