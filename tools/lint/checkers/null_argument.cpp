// {function}.{param}.null (the generated entries' rule): NULL passed for a pointer the spec
// says must not be NULL. Pointers the spec lets be NULL (GetClassSignature's generic_ptr,
// Deallocate's mem, ...) are never reported. Only a NULL certain on the path is reported.
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "checkers/registry.hpp"
#include "model/api.hpp"
#include "model/report.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

bool isPointerParam(const jvmti_metadata::Param& p) {
    using jvmti_metadata::Kind;
    return p.kind != Kind::Value && p.kind != Kind::Varargs;
}

class NullArgumentChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const auto jc = jvmtiCall(call);
        if (!jc) return;
        ProgramStateRef st = c.getState();
        for (int i = 0; i < jc->meta->paramCount; ++i) {
            const jvmti_metadata::Param& param = jc->meta->params[i];
            if (param.nullok || !isPointerParam(param) || !jc->arg(call, i)) continue;
            if (!st->isNull(jc->argValue(call, i)).isConstrainedTrue()) continue;
            Payload p;
            p.rule = std::string(jc->meta->name) + "." + param.name + ".null";
            p.message = std::string(jc->meta->name) + "'s " + param.name + " must not be NULL";
            p.at = userSite(jc->arg(call, i), c).getRawEncoding();
            emitPathReport(c, type_, c.generateNonFatalErrorNode(), p);
        }
    }

private:
    BugType type_{this, "NULL where the spec forbids it", kCategory};
};

}  // namespace

void registerNullArgumentChecker(CheckerManager& manager) { manager.registerChecker<NullArgumentChecker>(); }

}  // namespace jvmtilint
