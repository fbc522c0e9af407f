#include "model/path_end.hpp"

#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "model/api.hpp"
#include "model/roles.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

class PathEndModel : public Checker<check::PostCall> {
public:
    void checkPostCall(const CallEvent& call, CheckerContext& c) const {
        if (endsPath(call)) c.generateSink(c.getState(), c.getPredecessor());
    }

private:
    static bool endsPath(const CallEvent& call) {
        if (jniCall(call) == "FatalError") return true;
        const TuContext* tu = currentTu();
        if (tu == nullptr || tu->noReturn.decls.empty()) return false;
        const auto* fd = dyn_cast_or_null<FunctionDecl>(call.getDecl());
        return fd != nullptr && tu->noReturn.decls.count(fd->getCanonicalDecl()) > 0;
    }
};

}  // namespace

void registerPathEndModel(CheckerManager& manager) { manager.registerChecker<PathEndModel>(); }

}  // namespace jvmtilint
