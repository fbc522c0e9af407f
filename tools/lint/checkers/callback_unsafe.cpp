// {function}.callback_unsafe (the generated entries' rule): a function the spec does not mark
// callback-safe, called from a heap iteration callback or from the handler of an event the spec
// restricts (GarbageCollectionStart, GarbageCollectionFinish, ObjectFree), or from the agent's
// functions they call.
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

class CallbackUnsafeChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const char* restricted = static_cast<const char*>(c.getState()->get<state::Restricted>());
        if (!restricted) return;
        const auto jc = jvmtiCall(call);
        if (!jc || jc->meta->callbackSafe) return;
        Payload p;
        p.rule = std::string(jc->meta->name) + ".callback_unsafe";
        p.message = std::string(jc->meta->name) + " is not callback-safe, and " + restrictedWords(restricted) +
                    " may call only callback-safe functions";
        p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
        emitPathReport(c, type_, c.generateNonFatalErrorNode(), p);
    }

private:
    BugType type_{this, "function that is not callback-safe in a restricted callback", kCategory};
};

}  // namespace

void registerCallbackUnsafeChecker(CheckerManager& manager) { manager.registerChecker<CallbackUnsafeChecker>(); }

}  // namespace jvmtilint
