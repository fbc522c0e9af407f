#include "collector.hpp"

#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>

#include "model/api.hpp"
#include "model/report.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

void Collector::FlushDiagnosticsImpl(std::vector<const PathDiagnostic*>& diagnostics, FilesMade*) {
    for (const PathDiagnostic* d : diagnostics) {
        const auto payload = decode(d->getVerboseDescription().str());
        if (!payload) continue;
        const FullSourceLoc where = d->getLocation().asLocation();
        if (!where.hasManager()) continue;
        const SourceManager& sm = where.getManager();
        Finding f;
        f.rule = payload->rule;
        f.message = payload->message;
        const Place analyzerPlace = placeOf(where, sm, directory_);
        f.at = payload->at ? placeOf(SourceLocation::getFromRawEncoding(payload->at), sm, directory_) : analyzerPlace;
        if (!f.at.valid()) f.at = analyzerPlace;
        if (const auto* nd = dyn_cast_or_null<NamedDecl>(d->getDeclWithIssue())) f.function = nd->getNameAsString();
        // The path: its events and branch notes, the ones in the agent's code.
        for (const auto& piece : d->path.flatten(/*ShouldFlattenMacros=*/false)) {
            const bool spoken = isa<PathDiagnosticEventPiece>(*piece) || isa<PathDiagnosticNotePiece>(*piece) ||
                                (isa<PathDiagnosticControlFlowPiece>(*piece) && !piece->getString().empty());
            if (!spoken || piece->getString().empty()) continue;
            const FullSourceLoc at = piece->getLocation().asLocation();
            if (inApiHeader(at, sm)) continue;
            const Place place = placeOf(at, sm, directory_);
            if (!place.valid()) continue;
            // The analyzer ends the path with the report's own text: ours is the finding's message.
            if (piece->getString() == d->getVerboseDescription()) continue;
            f.notes.push_back({place, piece->getString().str()});
        }
        // A finding placed away from the analyzer's end of path (a leak, at its allocation)
        // says where the path ended.
        if (payload->at && analyzerPlace.valid() && !inApiHeader(where, sm) &&
            (analyzerPlace.file != f.at.file || analyzerPlace.line != f.at.line))
            f.notes.push_back({analyzerPlace, f.rule.rfind("leak.", 0) == 0 ? "the last pointer to the memory is lost here"
                                                                             : "the path ends here"});
        for (const auto& [at, text] : payload->notes) {
            const Place place = placeOf(SourceLocation::getFromRawEncoding(at), sm, directory_);
            if (place.valid()) f.notes.push_back({place, text});
        }
        f.pathCalls = payload->calls;
        if (!payload->failedFunction.empty()) {
            f.failedFunction = payload->failedFunction;
            f.failedError = payload->failedError;
            f.failedAt = placeOf(SourceLocation::getFromRawEncoding(payload->failedAt), sm, directory_);
        }
        out_.push_back(std::move(f));
    }
}

}  // namespace jvmtilint
