// How the checkers see JVMTI and JNI in an agent's source: which call is which function (in
// every style agents write them), what the generated tables say about it, and where in the
// agent's own code a call made inside jvmti.hpp or jvmti.h comes from.
#pragma once

#include <optional>
#include <string>

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceLocation.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "jvmti_lint_tables.hpp"
#include "jvmti_metadata.hpp"

namespace jvmtilint {

// A call of a JVMTI function: `(*jvmti)->GetThreadInfo(jvmti, ...)` through the function table
// (argument 0 is the environment) or `jvmti->GetThreadInfo(...)`, jvmti.h's C++ member of
// _jvmtiEnv (the arguments are the function's own). Calls jvmti.hpp makes are the first kind.
struct JvmtiCall {
    const jvmti_metadata::Function* meta = nullptr;
    const jvmti_lint::Function* lint = nullptr;  // never null when meta is set
    unsigned firstArg = 0;                       // the call argument holding meta->params[0]
    int index() const;                           // meta's index in jvmti_metadata::functions
    // The call argument holding parameter `param`, or nullptr when the call has fewer.
    const clang::Expr* arg(const clang::ento::CallEvent& call, int param) const;
    clang::ento::SVal argValue(const clang::ento::CallEvent& call, int param) const;
    int paramIndex(const char* name) const;      // -1 when meta has no such parameter
    // The environment the call goes through: argument 0, or the object of a C++ member call.
    clang::ento::SVal env(const clang::ento::CallEvent& call) const;
};

// The JVMTI function a call invokes, if it is one. A call through the function table made by
// jvmti.h's own C++ members is left out: the member's call is the one that counts.
std::optional<JvmtiCall> jvmtiCall(const clang::ento::CallEvent& call);
std::optional<JvmtiCall> jvmtiCall(const clang::CallExpr* call, const clang::Decl* caller);

// The JNI function a call invokes (through JNINativeInterface_ or a JNIEnv_ member), or "".
std::string jniCall(const clang::ento::CallEvent& call);
std::string jniCall(const clang::CallExpr* call, const clang::Decl* caller);

// Whether a C library function of this name is called (a plain global function).
bool isCFunction(const clang::ento::CallEvent& call, const char* name);

// Whether a location lies in one of the headers agents call through (jvmti.h, jvmti.hpp,
// jni.h): findings are placed in the agent's own code instead.
bool inApiHeader(clang::SourceLocation loc, const clang::SourceManager& sm);

// Where the agent's own code made the current call: `stmt` itself, or, when it lies in an API
// header (inside jvmti.hpp's inlined members), the call site in the agent that led there.
clang::SourceLocation userSite(const clang::Stmt* stmt, clang::ento::CheckerContext& c);

// The metadata's function and event entries by index, and the index of a function.
int functionIndex(const jvmti_metadata::Function* f);
const char* errorShortName(jvmtiError e);  // "THREAD_NOT_ALIVE" for JVMTI_ERROR_THREAD_NOT_ALIVE
std::string capabilityName(int bit);

// Whether a type is, through its typedef sugar, one of `names` (jthread, jmethodID, ...).
bool isTypedefNamed(clang::QualType type, const char* const* names, int count, std::string* which = nullptr);

// A record's name, or for `typedef struct { ... } name;` the typedef's ("" when it has neither).
std::string recordName(const clang::RecordDecl* record);
bool isRecordNamed(const clang::DeclContext* dc, const char* name);

// The record a type names (through pointers when `throughPointer`), or nullptr.
const clang::RecordDecl* recordOf(clang::QualType type, bool throughPointer = false);

// The phase as the spec's text names it: "OnLoad", "start", "live".
std::string phaseWords(jvmtiPhase phase);
// A restricted callback by the name the state keeps: "the handler of GarbageCollectionStart",
// "a heap iteration callback (jvmtiHeapIterationCallback)".
std::string restrictedWords(const char* name);

// "only in the live phase", "in the OnLoad or live phase".
std::string phaseListWords(const jvmti_metadata::Function& f);

}  // namespace jvmtilint
