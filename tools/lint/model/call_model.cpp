// The model of JVMTI calls, the checker every other one stands on. It reports nothing. For a
// call of a JVMTI function it evaluates the call itself (the analyzer's default would treat the
// function pointer as unknown code that may change every global): the result is a fresh
// jvmtiError, and the path splits where the function has out-values to hand back: on success
// they hold fresh values (JVMTI memory for allocated ones, recorded as blocks; raw monitors;
// local references in an event handler), on failure (with one of the function's environmental
// errors) they are recorded as failed. Deallocate releases its block, DestroyRawMonitor and
// DisposeEnvironment end their handles. It also starts each path with the context of its
// function's role (roles.hpp) and marks the local references an event handler receives.
#include <cstring>

#include <clang/AST/ASTContext.h>
#include <clang/StaticAnalyzer/Core/BugReporter/BugReporter.h>
#include <clang/StaticAnalyzer/Core/Checker.h>
#include <clang/StaticAnalyzer/Core/CheckerManager.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h>
#include <clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h>

#include "model/api.hpp"
#include "model/call_model.hpp"
#include "model/roles.hpp"
#include "model/state.hpp"

namespace jvmtilint {

using namespace clang;
using namespace clang::ento;
using jvmti_metadata::Kind;

namespace {

bool isOutKind(Kind k) { return k == Kind::OutPtr || k == Kind::AllocBuf || k == Kind::AllocAllocBuf || k == Kind::OutBuf; }

// The region an out-argument points to: `&x` is x's region, a buffer's first element its array.
const MemRegion* outRegion(SVal v) {
    const MemRegion* r = v.getAsRegion();
    if (!r) return nullptr;
    r = r->StripCasts();
    if (const auto* element = dyn_cast<ElementRegion>(r))
        if (auto index = element->getIndex().getAs<nonloc::ConcreteInt>(); index && index->getValue() == 0)
            return element->getSuperRegion();
    return r;
}

const jvmti_metadata::OutParam* outParamFact(const jvmti_metadata::Function& f, int param) {
    for (int i = 0; i < f.outParamCount; ++i)
        if (f.outParams[i].index == param) return &f.outParams[i];
    return nullptr;
}

const jvmti_lint::OutMemory* outMemory(const jvmti_lint::Function& f, int param) {
    for (int i = 0; i < f.memoryCount; ++i)
        if (f.memory[i].param == param) return &f.memory[i];
    return nullptr;
}

bool isRawMonitorOut(const jvmti_metadata::Param& p) {
    return p.kind == Kind::OutPtr && std::strcmp(p.base, "jrawMonitorID") == 0;
}

// The jobject-like record of jni.h's C++ declarations (_jstring derives from _jobject).
bool isJniReference(QualType type, ASTContext& ast) {
    if (isTypedefNamed(type, jvmti_lint::referenceTypes, jvmti_lint::referenceTypeCount)) return true;
    const CXXRecordDecl* rd = type->getPointeeCXXRecordDecl();
    if (!rd || !rd->hasDefinition()) return false;
    const auto found = ast.getTranslationUnitDecl()->lookup(&ast.Idents.get("jobject"));
    for (const NamedDecl* d : found)
        if (const auto* td = dyn_cast<TypedefNameDecl>(d))
            if (const CXXRecordDecl* base = td->getUnderlyingType()->getPointeeCXXRecordDecl())
                return rd->getCanonicalDecl() == base->getCanonicalDecl() || rd->isDerivedFrom(base);
    return false;
}

class CallModel : public Checker<eval::Call, check::BeginFunction, check::PostCall, check::DeadSymbols, check::LiveSymbols> {
public:
    // A block's element count stays known (with what the path learnt of it) while the block lives.
    void checkLiveSymbols(ProgramStateRef st, SymbolReaper& reaper) const {
        for (const auto& [sym, block] : st->get<state::Blocks>())
            if (block.count) reaper.markLive(block.count);
    }
    bool evalCall(const CallEvent& call, CheckerContext& c) const;
    void checkBeginFunction(CheckerContext& c) const;
    void checkPostCall(const CallEvent& call, CheckerContext& c) const;
    void checkDeadSymbols(SymbolReaper& reaper, CheckerContext& c) const;

private:
    ProgramStateRef deallocate(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call, CheckerContext& c) const;
    ProgramStateRef succeed(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call, CheckerContext& c,
                            std::vector<SymbolRef>& made) const;
    ProgramStateRef fail(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call, CheckerContext& c,
                         SymbolRef result, jvmtiError error) const;
};

bool CallModel::evalCall(const CallEvent& call, CheckerContext& c) const {
    const auto jc = jvmtiCall(call);
    if (!jc || jc->lint->runsAgentCode || jc->meta->varargs) return false;
    const auto* origin = dyn_cast_or_null<Expr>(call.getOriginExpr());
    if (!origin) return false;
    const jvmti_metadata::Function& meta = *jc->meta;
    const LocationContext* lc = c.getLocationContext();
    SValBuilder& svb = c.getSValBuilder();
    ProgramStateRef st = c.getState();

    const QualType resultType = call.getResultType();
    const DefinedOrUnknownSVal result = svb.conjureSymbolVal(nullptr, origin, lc, resultType, c.blockCount());
    st = st->BindExpr(origin, lc, result);

    const std::string name = meta.name;
    if (name == jvmti_lint::deallocate) st = deallocate(st, *jc, call, c);
    if (name == jvmti_lint::destroyRawMonitor || name == jvmti_lint::disposeEnvironment) {
        SVal handle = name == jvmti_lint::disposeEnvironment ? jc->env(call) : jc->argValue(call, 0);
        if (SymbolRef sym = baseSymbol(handle)) {
            const Ended ended{origin, userSite(origin, c).getRawEncoding()};
            st = name == jvmti_lint::disposeEnvironment ? st->set<state::DisposedEnvs>(sym, ended)
                                                         : st->set<state::DestroyedMonitors>(sym, ended);
        }
    }
    // JVMTI keeps these pointers (local storage) or hands them to callbacks: memory behind them
    // is the agent's business from here on.
    for (int i = 0; i < jc->lint->storedParamCount; ++i)
        if (SymbolRef sym = baseSymbol(jc->argValue(call, jc->lint->storedParams[i]))) st = st->remove<state::Blocks>(sym);

    // The path splits where the function has out-values, and at SetEnvironmentLocalStorage,
    // whose failure leaves the environment's storage NULL for whoever reads it.
    bool hasOuts = name == jvmti_lint::setEnvironmentLocalStorage;
    for (int i = 0; i < meta.paramCount; ++i)
        if (isOutKind(meta.params[i].kind) && name != jvmti_lint::deallocate) hasOuts = true;
    if (!hasOuts || result.isUnknown()) {
        c.addTransition(st);
        return true;
    }

    const DefinedOrUnknownSVal none = svb.evalEQ(st, result, svb.makeZeroVal(resultType));
    auto [ok, failed] = st->assume(none);
    SymbolRef resultSym = result.getAsSymbol();

    if (ok) {
        std::vector<SymbolRef> made;
        ok = succeed(ok, *jc, call, c, made);
        const std::string function = meta.name;
        const NoteTag* tag = c.getNoteTag([made, function, resultSym](PathSensitiveBugReport& report) -> std::string {
            for (SymbolRef sym : made)
                if (report.isInteresting(sym)) return function + " succeeds and returns JVMTI memory here";
            if (resultSym && report.isInteresting(resultSym)) return "assuming " + function + " succeeds";
            return "";
        });
        c.addTransition(ok, tag);
    }
    if (failed) {
        const jvmtiError error = meta.environmentalErrorCount > 0 ? meta.environmentalErrors[0] : JVMTI_ERROR_NONE;
        failed = fail(failed, *jc, call, c, resultSym, error);
        const std::string function = meta.name;
        const std::string errorName = error != JVMTI_ERROR_NONE ? jvmti_metadata::errorName(error) : "an error";
        const NoteTag* tag = c.getNoteTag([function, errorName, resultSym](PathSensitiveBugReport& report) -> std::string {
            if (resultSym && report.isInteresting(resultSym)) return "assuming " + function + " fails with " + errorName;
            return "";
        });
        c.addTransition(failed, tag);
    }
    return true;
}

ProgramStateRef CallModel::deallocate(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call,
                                      CheckerContext& c) const {
    SymbolRef sym = baseSymbol(jc.argValue(call, 0));
    if (!sym) return st;
    const Stmt* site = call.getOriginExpr();
    if (const Block* block = st->get<state::Blocks>(sym)) {
        if (!block->allocated()) return st;  // Deallocate.mem.double reported it; nothing changes
        Block released = *block;
        released.status = Block::Status::Released;
        released.releaseSite = site;
        released.releaseUserSite = userSite(site, c).getRawEncoding();
        st = st->set<state::Blocks>(sym, released);
    }
    // An element's memory: the array it came from has had its elements seen to.
    if (SymbolRef owner = containingBlock(st, sym))
        if (const Block* outer = st->get<state::Blocks>(owner); outer && !outer->elementsReleased) {
            Block seen = *outer;
            seen.elementsReleased = true;
            st = st->set<state::Blocks>(owner, seen);
        }
    return st;
}

ProgramStateRef CallModel::succeed(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call, CheckerContext& c,
                                   std::vector<SymbolRef>& made) const {
    const jvmti_metadata::Function& meta = *jc.meta;
    const auto* origin = cast<Expr>(call.getOriginExpr());
    const LocationContext* lc = c.getLocationContext();
    SValBuilder& svb = c.getSValBuilder();
    MemRegionManager& regions = svb.getRegionManager();
    SymbolManager& symbols = svb.getSymbolManager();
    const unsigned site = userSite(origin, c).getRawEncoding();
    const bool inHandler = st->get<state::InHandler>();
    // A call jvmti.hpp makes hands its memory to an owning type that deallocates it.
    const bool owned = inApiHeader(origin->getBeginLoc(), c.getSourceManager());
    if (std::string(meta.name) == jvmti_lint::setEnvironmentLocalStorage)
        if (SymbolRef env = baseSymbol(jc.env(call))) st = st->remove<state::UnsetStorage>(env);

    std::vector<SVal> outs;
    for (int i = 0; i < meta.paramCount; ++i)
        if (isOutKind(meta.params[i].kind)) {
            const SVal v = jc.argValue(call, i);
            if (v.getAsRegion()) outs.push_back(v);
        }
    st = st->invalidateRegions(outs, origin, c.blockCount(), lc, /*CausesPointerEscape=*/false);

    for (int i = 0; i < meta.paramCount; ++i) {
        const jvmti_metadata::Param& p = meta.params[i];
        const Expr* arg = jc.arg(call, i);
        const SVal where = jc.argValue(call, i);
        const MemRegion* region = where.getAsRegion();
        if (!arg || !region) continue;
        const QualType pointee = arg->getType()->getPointeeType();
        const jvmti_lint::OutMemory* memory = outMemory(*jc.lint, i);

        if (p.kind == Kind::AllocBuf || p.kind == Kind::AllocAllocBuf) {
            if (owned || pointee.isNull() || !pointee->isPointerType()) continue;
            // Written where the path cannot see its end (the caller's out-parameter, a global, the
            // heap): the memory is someone else's to deallocate; it gets a value, but no block. A
            // local or a parameter of a function on the path ends with its frame: that is tracked.
            const bool local = region->hasStackStorage();
            SymbolRef sym = symbols.conjureSymbol(origin, lc, pointee, c.blockCount(), &p);
            const MemRegion* heap = regions.getSymbolicHeapRegion(sym);
            st = st->bindLoc(where.castAs<Loc>(), loc::MemRegionVal(heap), lc);
            if (!local) continue;
            Block block;
            block.function = jc.index();
            block.param = i;
            block.elements = p.kind == Kind::AllocAllocBuf || (memory && memory->elements);
            block.site = origin;
            block.userSite = site;
            if (const jvmti_metadata::OutParam* out = outParamFact(meta, i); out && out->countIndex >= 0) {
                const SVal count = jc.argValue(call, out->countIndex);
                if (out->countIsPointer) {
                    if (auto countLoc = count.getAs<Loc>()) block.count = st->getSVal(*countLoc, c.getASTContext().IntTy).getAsSymbol();
                } else {
                    block.count = count.getAsSymbol();
                }
            }
            st = st->set<state::Blocks>(sym, block);
            made.push_back(sym);
            continue;
        }
        if (p.kind != Kind::OutPtr) continue;
        if (memory && memory->fieldCount > 0) {
            // A struct of the caller's (or a global one) holds memory for someone else to deallocate.
            if (owned || !region->hasStackStorage()) continue;
            const RecordDecl* record = recordOf(pointee);
            const auto* base = dyn_cast<SubRegion>(region->StripCasts());
            if (!record || !base) continue;
            for (int f = 0; f < memory->fieldCount; ++f)
                for (const FieldDecl* fd : record->fields()) {
                    if (!fd->getIdentifier() || fd->getName() != memory->fields[f] || !fd->getType()->isPointerType()) continue;
                    SymbolRef sym = symbols.conjureSymbol(origin, lc, fd->getType(), c.blockCount(), memory->fields[f]);
                    const MemRegion* heap = regions.getSymbolicHeapRegion(sym);
                    st = st->bindLoc(loc::MemRegionVal(regions.getFieldRegion(fd, base)), loc::MemRegionVal(heap), lc);
                    Block block;
                    block.function = jc.index();
                    block.param = i;
                    block.field = memory->fields[f];
                    block.site = origin;
                    block.userSite = site;
                    st = st->set<state::Blocks>(sym, block);
                    made.push_back(sym);
                }
            continue;
        }
        const jvmti_metadata::OutParam* fact = outParamFact(meta, i);
        const bool localRef = inHandler && fact && fact->localRefs;
        if (isRawMonitorOut(p) || localRef) {
            auto out = where.getAs<Loc>();
            if (!out || pointee.isNull()) continue;
            SymbolRef value = st->getSVal(*out, pointee).getAsSymbol();
            if (!value) continue;
            st = isRawMonitorOut(p) ? st->remove<state::DestroyedMonitors>(value) : st->add<state::LocalRefs>(value);
        }
    }
    return st;
}

ProgramStateRef CallModel::fail(ProgramStateRef st, const JvmtiCall& jc, const CallEvent& call, CheckerContext& c,
                                SymbolRef result, jvmtiError error) const {
    const jvmti_metadata::Function& meta = *jc.meta;
    if (meta.environmentalErrorCount == 0) return st;  // only a caller's mistake fails it
    const auto* origin = cast<Expr>(call.getOriginExpr());
    const LocationContext* lc = c.getLocationContext();
    SValBuilder& svb = c.getSValBuilder();
    const unsigned site = userSite(origin, c).getRawEncoding();
    if (std::string(meta.name) == jvmti_lint::setEnvironmentLocalStorage)
        if (SymbolRef env = baseSymbol(jc.env(call)))
            st = st->set<state::UnsetStorage>(env, FailedOut{jc.index(), -1, error, origin, site, result});
    // Each out-value gets a value of its own that no one wrote: a fresh symbol for a scalar or a
    // pointer, for a struct or an array the symbol its members derive from.
    for (int i = 0; i < meta.paramCount; ++i) {
        if (!isOutKind(meta.params[i].kind)) continue;
        const Expr* arg = jc.arg(call, i);
        const SVal where = jc.argValue(call, i);
        const MemRegion* region = outRegion(where);
        if (!arg || !region || arg->getType()->getPointeeType().isNull()) continue;
        const QualType type = arg->getType()->getPointeeType();
        const FailedOut failed{jc.index(), i, error, origin, site, result};
        if (type->isScalarType()) {
            SymbolRef sym = svb.getSymbolManager().conjureSymbol(origin, lc, type, c.blockCount(), &meta.params[i]);
            st = st->bindLoc(where.castAs<Loc>(), svb.makeSymbolVal(sym), lc);
            st = st->set<state::Garbage>(sym, failed);
            continue;
        }
        st = st->invalidateRegions({loc::MemRegionVal(region)}, origin, c.blockCount(), lc, /*CausesPointerEscape=*/false);
        // The symbol the members derive from, read back through one member.
        const auto* sub = dyn_cast<SubRegion>(region);
        const MemRegion* member = nullptr;
        if (const RecordDecl* record = recordOf(type); record && sub && !record->field_empty())
            member = svb.getRegionManager().getFieldRegion(*record->field_begin(), sub);
        else if (sub)
            member = svb.getRegionManager().getElementRegion(type, svb.makeArrayIndex(0), sub, c.getASTContext());
        if (!member) continue;
        if (const auto* derived = dyn_cast_or_null<SymbolDerived>(st->getSVal(member).getAsSymbol()))
            st = st->set<state::Garbage>(derived->getParentSymbol(), failed);
    }
    return st;
}

void CallModel::checkBeginFunction(CheckerContext& c) const {
    if (!c.inTopFrame() || !currentTu()) return;
    const auto* fd = dyn_cast_or_null<FunctionDecl>(c.getLocationContext()->getDecl());
    const Role* role = currentTu()->roleOf(fd);
    if (!role) return;
    ProgramStateRef st = c.getState();
    if (role->phase) st = st->set<state::Phase>(static_cast<unsigned>(role->phase));
    if (role->restricted) st = st->set<state::Restricted>(static_cast<const void*>(role->name.c_str()));
    if (role->kind == Role::Kind::EventHandler) {
        st = st->set<state::InHandler>(true);
        // The handler's reference parameters are local references of the event's frame.
        if (const jvmti_lint::Event* e = jvmti_lint::eventByName(role->name.c_str()))
            for (int i = 0; i < e->referenceParamCount; ++i) {
                const unsigned index = static_cast<unsigned>(e->referenceParams[i]);
                if (index >= fd->getNumParams()) continue;
                const VarRegion* param = c.getSValBuilder().getRegionManager().getVarRegion(fd->getParamDecl(index),
                                                                                          c.getLocationContext());
                if (SymbolRef sym = st->getSVal(param).getAsSymbol()) st = st->add<state::LocalRefs>(sym);
            }
    }
    c.addTransition(st);
}

void CallModel::checkPostCall(const CallEvent& call, CheckerContext& c) const {
    ProgramStateRef st = c.getState();
    const ProgramStateRef before = st;
    // An element of an array whose elements hold JVMTI memory, handed to a function of the
    // agent's (a release helper): the agent sees to the elements. The C library, JNI and JVMTI
    // (but Deallocate, modelled above) free no JVMTI memory.
    const Decl* callee = call.getDecl();
    const bool agentFunction = callee && !call.isInSystemHeader() && !inApiHeader(callee->getLocation(), c.getSourceManager());
    for (unsigned i = 0; agentFunction && i < call.getNumArgs(); ++i)
        if (SymbolRef element = baseSymbol(call.getArgSVal(i)))
            if (SymbolRef owner = containingBlock(st, element))
                if (const Block* outer = st->get<state::Blocks>(owner); outer && outer->elements && !outer->elementsReleased) {
                    Block marked = *outer;
                    marked.elementsReleased = true;
                    st = st->set<state::Blocks>(owner, marked);
                }
    // What the C library allocates is not JVMTI memory.
    for (const char* allocator : jvmti_lint::cAllocators)
        if (isCFunction(call, allocator))
            if (SymbolRef sym = baseSymbol(call.getReturnValue())) st = st->add<state::CHeap>(sym);
    // JNI results in an event handler are local references, but for the lasting kinds.
    if (st->get<state::InHandler>()) {
        const std::string jni = jniCall(call);
        bool lasting = jni.empty();
        for (const char* name : jvmti_lint::jniLastingReferences) lasting = lasting || jni == name;
        if (!lasting && isJniReference(call.getResultType(), c.getASTContext()))
            if (SymbolRef sym = call.getReturnValue().getAsSymbol()) st = st->add<state::LocalRefs>(sym);
    }
    if (st != before) c.addTransition(st);
}

void CallModel::checkDeadSymbols(SymbolReaper& reaper, CheckerContext& c) const {
    ProgramStateRef st = c.getState();
    bool changed = false;
    for (SymbolRef sym : st->get<state::LocalRefs>())
        if (reaper.isDead(sym)) st = st->remove<state::LocalRefs>(sym), changed = true;
    for (SymbolRef sym : st->get<state::CHeap>())
        if (reaper.isDead(sym)) st = st->remove<state::CHeap>(sym), changed = true;
    for (const auto& [sym, ended] : st->get<state::DestroyedMonitors>())
        if (reaper.isDead(sym)) st = st->remove<state::DestroyedMonitors>(sym), changed = true;
    for (const auto& [sym, ended] : st->get<state::DisposedEnvs>())
        if (reaper.isDead(sym)) st = st->remove<state::DisposedEnvs>(sym), changed = true;
    for (const auto& [sym, failed] : st->get<state::Garbage>())
        if (reaper.isDead(sym)) st = st->remove<state::Garbage>(sym), changed = true;
    if (changed) c.addTransition(st);
}

}  // namespace

void registerCallModel(CheckerManager& manager) { manager.registerChecker<CallModel>(); }

}  // namespace jvmtilint
