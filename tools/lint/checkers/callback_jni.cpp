// callback.jni: a JNI function called from a heap iteration callback or from the handler of an
// event the spec restricts: the VM may be in the middle of a garbage collection there, and the
// spec allows no JNI at all.
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "checkers/registry.hpp"
#include "model/api.hpp"
#include "model/report.hpp"
#include "model/state.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

class CallbackJniChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const char* restricted = static_cast<const char*>(c.getState()->get<state::Restricted>());
        if (!restricted) return;
        const std::string jni = jniCall(call);
        if (jni.empty()) return;
        Payload p;
        p.rule = "callback.jni";
        p.message = "JNI function " + jni + " is called from " + restrictedWords(restricted) +
                    ", where the spec allows no JNI function";
        p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
        emitPathReport(c, type_, c.generateNonFatalErrorNode(), p);
    }

private:
    BugType type_{this, "JNI in a restricted callback", kCategory};
};

}  // namespace

void registerCallbackJniChecker(CheckerManager& manager) { manager.registerChecker<CallbackJniChecker>(); }

}  // namespace jvmtilint
