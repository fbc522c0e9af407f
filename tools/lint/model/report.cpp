#include "model/report.hpp"

#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/PathDiagnostic.h>
#include <nlohmann/json.hpp>

#include "model/no_return.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;
using Json = nlohmann::json;

std::string encode(const Payload& p) {
    Json j = {{"rule", p.rule}, {"message", p.message}};
    if (p.at) j["at"] = p.at;
    if (!p.failedFunction.empty())
        j["failed"] = {{"function", p.failedFunction}, {"error", p.failedError}, {"at", p.failedAt}};
    if (!p.notes.empty()) {
        Json notes = Json::array();
        for (const auto& [at, text] : p.notes) notes.push_back({{"at", at}, {"text", text}});
        j["notes"] = std::move(notes);
    }
    if (!p.calls.empty()) j["calls"] = p.calls;
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

std::optional<Payload> decode(const std::string& text) {
    const Json j = Json::parse(text, nullptr, false);
    if (!j.is_object() || !j.contains("rule") || !j["rule"].is_string() || !j.contains("message")) return std::nullopt;
    Payload p;
    p.rule = j["rule"].get<std::string>();
    p.message = j.value("message", "");
    p.at = j.value("at", 0u);
    if (j.contains("failed") && j["failed"].is_object()) {
        p.failedFunction = j["failed"].value("function", "");
        p.failedError = j["failed"].value("error", "");
        p.failedAt = j["failed"].value("at", 0u);
    }
    if (j.contains("notes") && j["notes"].is_array())
        for (const auto& n : j["notes"]) p.notes.emplace_back(n.value("at", 0u), n.value("text", ""));
    if (j.contains("calls") && j["calls"].is_array())
        for (const auto& c : j["calls"])
            if (c.is_string()) p.calls.push_back(c.get<std::string>());
    return p;
}

void emitPathReport(CheckerContext& c, const BugType& type, ExplodedNode* node, const Payload& payload,
                    std::vector<SymbolRef> interesting, const Stmt* uniqueAt) {
    if (!node) return;
    Payload withCalls = payload;
    withCalls.calls = callsOnPath(node);
    const std::string text = encode(withCalls);
    std::unique_ptr<PathSensitiveBugReport> report;
    if (uniqueAt) {
        const LocationContext* lc = node->getLocationContext();
        PathDiagnosticLocation unique = PathDiagnosticLocation::createBegin(uniqueAt, c.getSourceManager(), lc);
        report = std::make_unique<PathSensitiveBugReport>(type, text, node, unique,
                                                          lc->getAnalysisDeclContext()->getDecl());
    } else {
        report = std::make_unique<PathSensitiveBugReport>(type, text, node);
    }
    for (SymbolRef sym : interesting)
        if (sym) report->markInteresting(sym);
    c.emitReport(std::move(report));
}

void emitAstReport(BugReporter& reporter, const CheckerBase* checker, AnalysisDeclContext* context, const Decl* decl,
                   const Stmt* stmt, const Payload& payload) {
    const PathDiagnosticLocation where = PathDiagnosticLocation::createBegin(stmt, reporter.getSourceManager(), context);
    reporter.EmitBasicReport(decl, checker, payload.rule, kCategory, encode(payload), where,
                             stmt->getSourceRange());
}

}  // namespace jvmtilint
