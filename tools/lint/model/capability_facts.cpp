#include "model/capability_facts.hpp"

#include <cstring>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include "model/ast_visitor.hpp"
#include <clang/Basic/SourceManager.h>

#include "model/api.hpp"
#include "model/roles.hpp"

namespace jvmtilint {

using namespace clang;

namespace {

const VarDecl* variableOf(const Expr* e) {
    e = e->IgnoreParenImpCasts();
    if (const auto* u = dyn_cast<UnaryOperator>(e); u && u->getOpcode() == UO_AddrOf) e = u->getSubExpr()->IgnoreParenImpCasts();
    const auto* ref = dyn_cast<DeclRefExpr>(e);
    return ref ? dyn_cast<VarDecl>(ref->getDecl()) : nullptr;
}

std::vector<std::string> capabilityNames(const int* bits, int count) {
    std::vector<std::string> out;
    for (int i = 0; i < count; ++i) out.push_back(capabilityName(bits[i]));
    return out;
}

bool isZero(const Expr* e, const ASTContext& ast) {
    Expr::EvalResult r;
    return e->EvaluateAsInt(r, ast) && r.Val.getInt() == 0;
}

class FactFinder : public RecursiveASTVisitor<FactFinder> {
public:
    FactFinder(ASTContext& ast, CapabilityFacts& facts) : ast_(ast), sm_(ast.getSourceManager()), facts_(facts) {}

    bool TraverseFunctionDecl(FunctionDecl* fd) {
        const FunctionDecl* outer = function_;
        function_ = fd;
        potential_.clear();
        const bool ok = RecursiveASTVisitor::TraverseFunctionDecl(fd);
        function_ = outer;
        return ok;
    }
    bool TraverseCXXMethodDecl(CXXMethodDecl* md) {
        const FunctionDecl* outer = function_;
        function_ = md;
        potential_.clear();
        const bool ok = RecursiveASTVisitor::TraverseCXXMethodDecl(md);
        function_ = outer;
        return ok;
    }

    bool VisitBinaryOperator(BinaryOperator* op) {
        if (op->getOpcode() != BO_Assign && op->getOpcode() != BO_OrAssign) return true;
        const auto* member = dyn_cast<MemberExpr>(op->getLHS()->IgnoreParenImpCasts());
        if (!member) return true;
        const auto* field = dyn_cast<FieldDecl>(member->getMemberDecl());
        if (field && isCapabilityField(field) && !isZero(op->getRHS(), ast_)) facts_.requested.insert(field->getName().str());
        return true;
    }

    bool VisitInitListExpr(InitListExpr* list) {
        const InitListExpr* semantic = list->isSemanticForm() ? list : list->getSemanticForm();
        if (!semantic) return true;
        const RecordDecl* record = recordOf(semantic->getType());
        if (recordName(record) != jvmti_lint::capabilitiesStruct) return true;
        unsigned i = 0;
        for (const FieldDecl* field : record->fields()) {
            if (i >= semantic->getNumInits()) break;
            const Expr* init = semantic->getInit(i++);
            if (field->getIdentifier() && !isZero(init, ast_)) facts_.requested.insert(field->getName().str());
        }
        return true;
    }

    // jvmti.hpp: naming a jvmti::Capability constant asks for it (Capabilities{...}, insert()).
    bool VisitDeclRefExpr(DeclRefExpr* ref) {
        const auto* constant = dyn_cast<EnumConstantDecl>(ref->getDecl());
        if (!constant) return true;
        const auto* owner = dyn_cast<EnumDecl>(constant->getDeclContext());
        if (owner && owner->getIdentifier() && owner->getName() == jvmti_lint::cppCapabilityEnum && inCppNamespace(owner))
            facts_.requested.insert(constant->getName().str());
        return true;
    }

    bool VisitCallExpr(CallExpr* call) {
        const jvmti_metadata::Function* meta = nullptr;
        unsigned firstArg = 0;
        if (const auto c = jvmtiCall(call, nullptr)) {
            meta = c->meta;
            firstArg = c->firstArg;
        } else if (const auto* member = dyn_cast<CXXMemberCallExpr>(call)) {
            const CXXMethodDecl* method = member->getMethodDecl();
            if (method && method->getIdentifier() && recordName(method->getParent()) == jvmti_lint::cppEnv &&
                inCppNamespace(method->getParent())) {
                const std::string name = method->getName().str();
                if (const auto* lint = jvmti_lint::functionByCppMember(name.c_str()))
                    meta = jvmti_metadata::functionByName(lint->name);
            }
            cppEventsOn(call, member);
        }
        if (!meta) return true;
        if (meta->requiredCapabilityCount > 0)
            use(call, meta->name, false, capabilityNames(meta->requiredCapabilities, meta->requiredCapabilityCount));
        if (std::strcmp(meta->name, jvmti_lint::setEventNotificationMode) == 0) enabling(call, *meta, firstArg);
        if (std::strcmp(meta->name, jvmti_lint::getPotentialCapabilities) == 0 && call->getNumArgs() > firstArg)
            if (const VarDecl* v = variableOf(call->getArg(firstArg))) potential_.insert(v);
        if (std::strcmp(meta->name, jvmti_lint::addCapabilities) == 0 && call->getNumArgs() > firstArg)
            if (const VarDecl* v = variableOf(call->getArg(firstArg)); v && potential_.count(v)) facts_.everyPotential = true;
        return true;
    }

private:
    bool isCapabilityField(const FieldDecl* field) const {
        const RecordDecl* record = field->getParent();
        return field->getIdentifier() && recordName(record) == jvmti_lint::capabilitiesStruct;
    }

    static bool inCppNamespace(const Decl* d) {
        for (const DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
            if (const auto* ns = dyn_cast<NamespaceDecl>(dc))
                return ns->getIdentifier() && ns->getName() == jvmti_lint::cppNamespace;
        return false;
    }

    // SetEventNotificationMode(JVMTI_ENABLE, event, ...): the event's capabilities.
    void enabling(const CallExpr* call, const jvmti_metadata::Function& meta, unsigned firstArg) {
        int mode = -1, event = -1;
        for (int i = 0; i < meta.paramCount; ++i) {
            if (std::strcmp(meta.params[i].enumName, "jvmtiEventMode") == 0) mode = i;
            if (std::strcmp(meta.params[i].enumName, "jvmtiEvent") == 0) event = i;
        }
        if (mode < 0 || event < 0 || call->getNumArgs() <= firstArg + static_cast<unsigned>(std::max(mode, event))) return;
        Expr::EvalResult m, e;
        if (!call->getArg(firstArg + mode)->EvaluateAsRValue(m, ast_) || !m.Val.isInt()) return;
        if (!call->getArg(firstArg + event)->EvaluateAsRValue(e, ast_) || !e.Val.isInt()) return;
        if (m.Val.getInt() != JVMTI_ENABLE) return;
        eventUse(call, jvmti_metadata::eventByNum(static_cast<int>(e.Val.getInt().getExtValue())));
    }

    // jvmti.hpp: Events::on<Event::X>(...) installs a handler, and setEvents enables it.
    void cppEventsOn(const CallExpr* call, const CXXMemberCallExpr* member) {
        const CXXMethodDecl* method = member->getMethodDecl();
        if (!method || !method->getIdentifier() || method->getName() != jvmti_lint::cppEventsOn) return;
        if (recordName(method->getParent()) != jvmti_lint::cppEvents) return;
        const TemplateArgumentList* args = method->getTemplateSpecializationArgs();
        if (!args || args->size() == 0 || args->get(0).getKind() != TemplateArgument::Integral) return;
        eventUse(call, jvmti_metadata::eventByNum(static_cast<int>(args->get(0).getAsIntegral().getExtValue())));
    }

    void eventUse(const CallExpr* call, const jvmti_metadata::Event* e) {
        if (!e || e->requiredCapabilityCount == 0) return;
        use(call, e->name, true, capabilityNames(e->requiredCapabilities, e->requiredCapabilityCount));
    }

    void use(const CallExpr* call, const std::string& what, bool event, std::vector<std::string> capabilities) {
        const SourceLocation loc = sm_.getExpansionLoc(call->getBeginLoc());
        const PresumedLoc p = sm_.getPresumedLoc(loc);
        if (p.isInvalid()) return;
        CapabilityUse u;
        u.what = what;
        u.event = event;
        u.capabilities = std::move(capabilities);
        u.file = p.getFilename();
        u.line = p.getLine();
        u.column = p.getColumn();
        if (function_ && function_->getIdentifier()) u.enclosing = function_->getName().str();
        facts_.uses.push_back(std::move(u));
    }

    ASTContext& ast_;
    const SourceManager& sm_;
    CapabilityFacts& facts_;
    const FunctionDecl* function_ = nullptr;
    std::set<const VarDecl*> potential_;
};

}  // namespace

void collectCapabilityFacts(ASTContext& ast, CapabilityFacts& facts) {
    FactFinder finder(ast, facts);
    const SourceManager& sm = ast.getSourceManager();
    for (Decl* d : ast.getTranslationUnitDecl()->decls())
        if (isAgentCode(d, sm)) finder.TraverseDecl(d);
}

}  // namespace jvmtilint
