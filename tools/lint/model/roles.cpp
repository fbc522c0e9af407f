#include "model/roles.hpp"

#include <cstring>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/Basic/SourceManager.h>

#include "model/api.hpp"
#include "model/ast_visitor.hpp"
#include "jvmti_metadata.hpp"

namespace jvmtilint {

using namespace clang;

namespace {

// The function an expression designates: `f`, `&f`, `(jvmtiEventVMInit)&f`.
const FunctionDecl* designated(const Expr* e) {
    while (e) {
        e = e->IgnoreParenImpCasts();
        if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) {
            e = u->getSubExpr();
            continue;
        }
        if (const auto* c = dyn_cast<ExplicitCastExpr>(e)) {
            e = c->getSubExpr();
            continue;
        }
        break;
    }
    const auto* ref = dyn_cast_or_null<DeclRefExpr>(e);
    return ref ? dyn_cast<FunctionDecl>(ref->getDecl()) : nullptr;
}

bool restrictedEvent(const std::string& name) {
    for (const auto& e : jvmti_metadata::events)
        if (name == e.name) return e.restrictedHandler;
    return false;
}

class RoleFinder : public RecursiveASTVisitor<RoleFinder> {
public:
    explicit RoleFinder(TuContext& tu) : tu_(tu) {}

    bool VisitFunctionDecl(FunctionDecl* fd) {
        if (!fd->getIdentifier() || !fd->doesThisDeclarationHaveABody()) return true;
        const std::string name = fd->getName().str();
        for (const auto& entry : jvmti_lint::entryPoints) {
            // Agent_OnLoad, and Agent_OnLoad_L of an agent linked into the VM.
            const std::string base = entry.name;
            if (name == base || (name.size() > base.size() + 1 && name.compare(0, base.size() + 1, base + "_") == 0))
                add(fd, Role{Role::Kind::EntryPoint, name, entry.phase, false});
        }
        return true;
    }

    bool VisitBinaryOperator(BinaryOperator* op) {
        if (op->getOpcode() == BO_Assign) destination(op->getLHS(), op->getRHS());
        return true;
    }

    bool VisitVarDecl(VarDecl* vd) {
        if (vd->hasInit()) typed(vd->getType(), vd->getInit());
        return true;
    }

    bool VisitInitListExpr(InitListExpr* list) {
        const InitListExpr* semantic = list->isSemanticForm() ? list : list->getSemanticForm();
        if (!semantic) return true;
        const RecordDecl* record = recordOf(semantic->getType());
        if (!record) return true;
        unsigned i = 0;
        for (const FieldDecl* field : record->fields()) {
            if (i >= semantic->getNumInits()) break;
            const Expr* init = semantic->getInit(i++);
            fieldGets(record, field, init);
        }
        return true;
    }

    bool directCallee(CallExpr* call) {
        const FunctionDecl* callee = call->getDirectCallee();
        if (!callee) return true;
        for (unsigned i = 0; i < call->getNumArgs() && i < callee->getNumParams(); ++i)
            typed(callee->getParamDecl(i)->getType(), call->getArg(i));
        cppEventsOn(call, callee);
        return true;
    }

    bool VisitCallExpr(CallExpr* call) {
        if (const auto c = jvmtiCall(call, nullptr); c && std::string(c->meta->name) == jvmti_lint::getEnvironmentLocalStorage)
            tu_.readsEnvironmentStorage = true;
        return directCallee(call);
    }

private:
    void add(const FunctionDecl* fd, Role role) { tu_.roles.emplace(fd->getCanonicalDecl(), std::move(role)); }

    // `lhs = rhs`: a jvmtiEventCallbacks member, or anything typed as a heap callback.
    void destination(const Expr* lhs, const Expr* rhs) {
        const auto* member = dyn_cast<MemberExpr>(lhs->IgnoreParenImpCasts());
        if (member)
            if (const auto* field = dyn_cast<FieldDecl>(member->getMemberDecl())) {
                fieldGets(field->getParent(), field, rhs);
                return;
            }
        typed(lhs->getType(), rhs);
    }

    void fieldGets(const RecordDecl* record, const FieldDecl* field, const Expr* value) {
        const FunctionDecl* fd = designated(value);
        if (!fd) return;
        if (recordName(record) == jvmti_lint::callbacksStruct && field->getIdentifier()) {
            event(fd, field->getName().str());
            return;
        }
        typed(field->getType(), value);
    }

    void typed(QualType type, const Expr* value) {
        std::string callback;
        if (!isTypedefNamed(type, jvmti_lint::heapCallbacks, jvmti_lint::heapCallbackCount, &callback)) return;
        if (const FunctionDecl* fd = designated(value))
            add(fd, Role{Role::Kind::HeapCallback, callback, static_cast<jvmtiPhase>(0), true});
    }

    void event(const FunctionDecl* fd, const std::string& name) {
        const jvmti_lint::Event* e = jvmti_lint::eventByName(name.c_str());
        if (!e) return;
        add(fd, Role{Role::Kind::EventHandler, name, e->handlerPhase, restrictedEvent(name)});
    }

    // jvmti.hpp: Events::on<Event::VMInit>(handler) and Events::on<Event::VMInit, handler>().
    void cppEventsOn(const CallExpr* call, const FunctionDecl* callee) {
        const auto* method = dyn_cast<CXXMethodDecl>(callee);
        if (!method || !method->getIdentifier() || method->getName() != jvmti_lint::cppEventsOn) return;
        if (recordName(method->getParent()) != jvmti_lint::cppEvents) return;
        const TemplateArgumentList* args = method->getTemplateSpecializationArgs();
        if (!args || args->size() == 0 || args->get(0).getKind() != TemplateArgument::Integral) return;
        const QualType enumType = args->get(0).getIntegralType();
        const auto* enumDecl = enumType->getAs<EnumType>() ? enumType->getAs<EnumType>()->getDecl() : nullptr;
        if (!enumDecl) return;
        const llvm::APSInt value = args->get(0).getAsIntegral();
        std::string name;
        for (const EnumConstantDecl* c : enumDecl->enumerators())
            if (llvm::APSInt::isSameValue(c->getInitVal(), value)) name = c->getName().str();
        if (name.empty()) return;
        if (args->size() > 1 && args->get(1).getKind() == TemplateArgument::Declaration) {
            if (const auto* fd = dyn_cast<FunctionDecl>(args->get(1).getAsDecl())) event(fd, name);
        } else if (call->getNumArgs() >= 1) {
            if (const FunctionDecl* fd = designated(call->getArg(0))) event(fd, name);
        }
    }

    TuContext& tu_;
};

}  // namespace

const Role* TuContext::roleOf(const FunctionDecl* fd) const {
    if (!fd) return nullptr;
    const auto it = roles.find(fd->getCanonicalDecl());
    return it == roles.end() ? nullptr : &it->second;
}

TuContext*& currentTu() {
    thread_local TuContext* tu = nullptr;
    return tu;
}

bool isAgentCode(const Decl* d, const SourceManager& sm) {
    const SourceLocation loc = d->getLocation();
    if (loc.isInvalid()) return false;
    if (sm.isInSystemHeader(loc)) return false;
    return !inApiHeader(loc, sm);
}

void collectRoles(ASTContext& ast, TuContext& tu) {
    RoleFinder finder(tu);
    const SourceManager& sm = ast.getSourceManager();
    for (Decl* d : ast.getTranslationUnitDecl()->decls())
        if (isAgentCode(d, sm)) finder.TraverseDecl(d);
}

}  // namespace jvmtilint
