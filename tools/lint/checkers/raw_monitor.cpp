// raw_monitor.destroyed: a raw monitor passed to a JVMTI function after DestroyRawMonitor
// destroyed it (entered, waited on, destroyed again).
#include <cstring>

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

class RawMonitorChecker : public Checker<check::PreCall> {
public:
    void checkPreCall(const CallEvent& call, CheckerContext& c) const {
        const auto jc = jvmtiCall(call);
        if (!jc) return;
        ProgramStateRef st = c.getState();
        for (int i = 0; i < jc->meta->paramCount; ++i) {
            const jvmti_metadata::Param& param = jc->meta->params[i];
            if (param.kind != jvmti_metadata::Kind::Value || std::strcmp(param.base, "jrawMonitorID") != 0) continue;
            SymbolRef sym = baseSymbol(jc->argValue(call, i));
            const Ended* ended = sym ? st->get<state::DestroyedMonitors>(sym) : nullptr;
            if (!ended) continue;
            Payload p;
            p.rule = "raw_monitor.destroyed";
            p.message = std::string(jc->meta->name) + " is passed a raw monitor that " + jvmti_lint::destroyRawMonitor +
                        " destroyed";
            p.at = userSite(call.getOriginExpr(), c).getRawEncoding();
            if (ended->userSite) p.notes.emplace_back(ended->userSite, "destroyed here");
            emitPathReport(c, type_, c.generateNonFatalErrorNode(st->remove<state::DestroyedMonitors>(sym)), p);
            return;
        }
    }

private:
    BugType type_{this, "raw monitor used after DestroyRawMonitor", kCategory};
};

}  // namespace

void registerRawMonitorChecker(CheckerManager& manager) { manager.registerChecker<RawMonitorChecker>(); }

}  // namespace jvmtilint
