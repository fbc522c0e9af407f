#include "model/api.hpp"

#include <cstring>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/Path.h>

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;

namespace {

// The member a callee expression names, through parentheses, casts and dereferences:
// `(*jvmti)->F`, `(*((*(env))->F))` (libjdwp's JVMTI_FUNC_PTR), `env->functions->F`.
const FieldDecl* calledField(const Expr* callee) {
    const Expr* e = callee;
    while (e) {
        e = e->IgnoreParenImpCasts();
        if (const auto* u = dyn_cast<UnaryOperator>(e); u && (u->getOpcode() == UO_Deref || u->getOpcode() == UO_AddrOf)) {
            e = u->getSubExpr();
            continue;
        }
        if (const auto* c = dyn_cast<CastExpr>(e)) {
            e = c->getSubExpr();
            continue;
        }
        break;
    }
    const auto* member = dyn_cast_or_null<MemberExpr>(e);
    return member ? dyn_cast<FieldDecl>(member->getMemberDecl()) : nullptr;
}

bool recordNamed(const DeclContext* dc, const char* name) { return isRecordNamed(dc, name); }

// Whether `caller` is a C++ member of jvmti.h's _jvmtiEnv or jni.h's JNIEnv_: their bodies call
// through the function table on behalf of the member call the agent wrote.
bool isWrapperMember(const Decl* caller) {
    const auto* method = dyn_cast_or_null<CXXMethodDecl>(caller);
    return method && (recordNamed(method->getParent(), jvmti_lint::envStruct) ||
                      recordNamed(method->getParent(), jvmti_lint::jniEnvStruct));
}

std::optional<JvmtiCall> byName(llvm::StringRef name, unsigned firstArg) {
    const std::string n = name.str();
    const auto* meta = jvmti_metadata::functionByName(n.c_str());
    if (!meta) return std::nullopt;
    const auto* lint = jvmti_lint::functionByName(n.c_str());
    if (!lint) return std::nullopt;
    return JvmtiCall{meta, lint, firstArg};
}

}  // namespace

int JvmtiCall::index() const { return functionIndex(meta); }

const Expr* JvmtiCall::arg(const CallEvent& call, int param) const {
    const unsigned at = firstArg + static_cast<unsigned>(param);
    return param >= 0 && at < call.getNumArgs() ? call.getArgExpr(at) : nullptr;
}

SVal JvmtiCall::argValue(const CallEvent& call, int param) const {
    const unsigned at = firstArg + static_cast<unsigned>(param);
    return param >= 0 && at < call.getNumArgs() ? call.getArgSVal(at) : UnknownVal();
}

SVal JvmtiCall::env(const CallEvent& call) const {
    if (firstArg == 1) return call.getNumArgs() > 0 ? call.getArgSVal(0) : UnknownVal();
    if (const auto* member = dyn_cast<CXXInstanceCall>(&call)) return member->getCXXThisVal();
    return UnknownVal();
}

int JvmtiCall::paramIndex(const char* name) const {
    for (int i = 0; i < meta->paramCount; ++i)
        if (std::strcmp(meta->params[i].name, name) == 0) return i;
    return -1;
}

std::optional<JvmtiCall> jvmtiCall(const CallExpr* ce, const Decl* caller) {
    if (!ce) return std::nullopt;
    if (const auto* member = dyn_cast<CXXMemberCallExpr>(ce)) {
        const CXXMethodDecl* method = member->getMethodDecl();
        if (method && method->getIdentifier() && recordNamed(method->getParent(), jvmti_lint::envStruct))
            return byName(method->getName(), 0);
        return std::nullopt;
    }
    const FieldDecl* field = calledField(ce->getCallee());
    if (!field || !field->getIdentifier() || !recordNamed(field->getParent(), jvmti_lint::functionTable))
        return std::nullopt;
    if (isWrapperMember(caller)) return std::nullopt;
    return byName(field->getName(), 1);
}

std::optional<JvmtiCall> jvmtiCall(const CallEvent& call) {
    const auto* ce = dyn_cast_or_null<CallExpr>(call.getOriginExpr());
    const Decl* caller = call.getLocationContext() ? call.getLocationContext()->getDecl() : nullptr;
    return jvmtiCall(ce, caller);
}

std::string jniCall(const CallEvent& call) {
    const Decl* caller = call.getLocationContext() ? call.getLocationContext()->getDecl() : nullptr;
    return jniCall(dyn_cast_or_null<CallExpr>(call.getOriginExpr()), caller);
}

std::string jniCall(const CallExpr* ce, const Decl* caller) {
    if (!ce) return "";
    if (const auto* member = dyn_cast<CXXMemberCallExpr>(ce)) {
        const CXXMethodDecl* method = member->getMethodDecl();
        if (method && method->getIdentifier() && recordNamed(method->getParent(), jvmti_lint::jniEnvStruct))
            return method->getName().str();
        return "";
    }
    const FieldDecl* field = calledField(ce->getCallee());
    if (!field || !field->getIdentifier() || !recordNamed(field->getParent(), jvmti_lint::jniTable)) return "";
    if (isWrapperMember(caller)) return "";
    return field->getName().str();
}

bool isCFunction(const CallEvent& call, const char* name) {
    const auto* fd = dyn_cast_or_null<FunctionDecl>(call.getDecl());
    if (!fd || isa<CXXMethodDecl>(fd) || !fd->getIdentifier() || fd->getName() != name) return false;
    return fd->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool inApiHeader(SourceLocation loc, const SourceManager& sm) {
    if (loc.isInvalid()) return false;
    const SourceLocation spelled = sm.getSpellingLoc(loc);
    const FileID fid = sm.getFileID(spelled);
    const FileEntry* entry = sm.getFileEntryForID(fid);
    if (!entry) return false;
    const llvm::StringRef base = llvm::sys::path::filename(entry->getName());
    for (const char* h : jvmti_lint::apiHeaders)
        if (base == h) return true;
    return false;
}

SourceLocation userSite(const Stmt* stmt, CheckerContext& c) {
    const SourceManager& sm = c.getSourceManager();
    const Stmt* s = stmt;
    const StackFrameContext* frame = c.getStackFrame();
    while (s && inApiHeader(s->getBeginLoc(), sm) && frame && frame->getCallSite()) {
        s = frame->getCallSite();
        const LocationContext* parent = frame->getParent();
        frame = parent ? parent->getStackFrame() : nullptr;
    }
    return s ? sm.getExpansionLoc(s->getBeginLoc()) : SourceLocation();
}

int functionIndex(const jvmti_metadata::Function* f) {
    return f ? static_cast<int>(f - jvmti_metadata::functions) : -1;
}

const char* errorShortName(jvmtiError e) {
    const char* name = jvmti_metadata::errorName(e);
    if (!name) return "";
    const char* prefix = "JVMTI_ERROR_";
    return std::strncmp(name, prefix, std::strlen(prefix)) == 0 ? name + std::strlen(prefix) : name;
}

std::string capabilityName(int bit) {
    for (const auto& c : jvmti_metadata::capabilities)
        if (c.bit == bit) return c.name;
    return "";
}

bool isTypedefNamed(QualType type, const char* const* names, int count, std::string* which) {
    QualType t = type;
    for (int depth = 0; depth < 16 && !t.isNull(); ++depth) {
        const auto* td = t->getAs<TypedefType>();
        if (!td) return false;
        const llvm::StringRef name = td->getDecl()->getName();
        for (int i = 0; i < count; ++i)
            if (name == names[i]) {
                if (which) *which = names[i];
                return true;
            }
        t = td->getDecl()->getUnderlyingType();
    }
    return false;
}

std::string recordName(const RecordDecl* record) {
    if (!record) return "";
    if (record->getIdentifier()) return record->getName().str();
    if (const TypedefNameDecl* td = record->getTypedefNameForAnonDecl()) return td->getName().str();
    return "";
}

bool isRecordNamed(const DeclContext* dc, const char* name) {
    const auto* rd = dyn_cast_or_null<RecordDecl>(dc);
    return rd && recordName(rd) == name;
}

const RecordDecl* recordOf(QualType type, bool throughPointer) {
    QualType t = type.getCanonicalType();
    if (throughPointer && t->isPointerType()) t = t->getPointeeType().getCanonicalType();
    if (const auto* rt = t->getAs<RecordType>()) return rt->getDecl();
    return nullptr;
}

std::string phaseWords(jvmtiPhase phase) {
    switch (phase) {
    case JVMTI_PHASE_ONLOAD: return "OnLoad";
    case JVMTI_PHASE_PRIMORDIAL: return "primordial";
    case JVMTI_PHASE_START: return "start";
    case JVMTI_PHASE_LIVE: return "live";
    case JVMTI_PHASE_DEAD: return "dead";
    }
    return "unknown";
}

std::string restrictedWords(const char* name) {
    if (jvmti_lint::eventByName(name)) return std::string("the handler of ") + name;
    return std::string("a heap iteration callback (") + name + ")";
}

std::string phaseListWords(const jvmti_metadata::Function& f) {
    if (f.phaseCount == 0) return "in any phase";
    std::string out = "only in the ";
    for (int i = 0; i < f.phaseCount; ++i) {
        if (i) out += i + 1 == f.phaseCount ? " or " : ", ";
        out += phaseWords(f.phases[i]);
    }
    return out + (f.phaseCount == 1 ? " phase" : " phases");
}

}  // namespace jvmtilint
