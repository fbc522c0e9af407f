// Binding the JNI natives agent libraries implement (see natives.hpp).
//
// State: an immutable table of every Java_* function of the agent libraries, published whole
// through an atomic pointer (ClassPrepare runs on many threads and reads it without a lock;
// the rare writer, addLibrary, builds a new table and keeps the old ones alive), the native
// method prefixes of the agent environments under a small lock that is never held across a
// call into the VM, and the classes bound with each table, under a lock held across JNI's
// reference functions only (see claim()).
#include "natives/natives.hpp"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <deque>
#include <limits>
#include <memory>
#include <mutex>

#include "state/state.hpp"
#include "natives/elf_symbols.hpp"
#include "natives/jni_mangle.hpp"
#include "report/violations.hpp"

namespace jvmtilayer::natives {

namespace {

struct Symbol {
    std::string name;
    void* address = nullptr;
    const struct Library* library = nullptr;  // the agent library that exports it
};

// An agent library, kept for the life of the process.
struct Library {
    std::string path;
    bool hasJniOnLoad = false;  // System.load would run it: the layer binds by hand instead
};

// Java_* functions sorted by name; for a name several libraries export, the first library's.
struct Table {
    std::vector<Symbol> symbols;

    bool empty() const { return symbols.empty(); }

    const Symbol* find(std::string_view name) const {
        auto it = std::lower_bound(symbols.begin(), symbols.end(), name,
                                   [](const Symbol& s, std::string_view n) { return s.name < n; });
        return it != symbols.end() && it->name == name ? &*it : nullptr;
    }

    // Whether any symbol starts with `prefix`.
    bool anyStartsWith(std::string_view prefix) const {
        auto it = std::lower_bound(symbols.begin(), symbols.end(), prefix,
                                   [](const Symbol& s, std::string_view n) { return s.name < n; });
        return it != symbols.end() && std::string_view(it->name).starts_with(prefix);
    }
};

struct PrefixSet {
    const void* env = nullptr;
    int agentIndex = 0;         // the environments of earlier agents come first
    std::uint64_t sequence = 0;  // then the order in which environments first set prefixes
    std::vector<std::string> prefixes;
};

// A class bound with a table: the walk of the loaded classes and the class's own ClassPrepare
// may both meet it.
struct Claim {
    const Table* table;
    std::string signature;
    jweak klass;  // weak: the class may be unloaded
};

struct State {
    std::mutex writeLock;                          // addLibrary
    std::deque<Library> libraries;
    std::deque<std::unique_ptr<const Table>> all;  // every table published, kept for readers
    std::atomic<const Table*> table{nullptr};
    std::atomic<jvmtiEnv*> control{nullptr};
    std::atomic<bool> enabled{false};  // ClassPrepare is on for the control environment

    std::mutex prefixLock;
    std::vector<PrefixSet> prefixSets;  // in the order the prefixes apply
    std::uint64_t nextSequence = 0;

    std::mutex claimLock;
    std::vector<Claim> claims;
};

State& state() {
    static State s;
    return s;
}

// A block the control environment handed out, deallocated on scope exit.
template <typename T>
class Jvmti {
public:
    explicit Jvmti(jvmtiEnv* env) : env_(env) {}
    ~Jvmti() {
        if (p_ != nullptr) env_->functions->Deallocate(env_, reinterpret_cast<unsigned char*>(p_));
    }
    Jvmti(const Jvmti&) = delete;
    Jvmti& operator=(const Jvmti&) = delete;
    T** out() { return &p_; }
    T* get() const { return p_; }

private:
    jvmtiEnv* env_;
    T* p_ = nullptr;
};

// The prefixes of the live environments, in the order they were applied.
std::vector<std::string> currentPrefixes() {
    State& s = state();
    std::vector<std::string> out;
    std::lock_guard<std::mutex> g(s.prefixLock);
    for (const PrefixSet& set : s.prefixSets) {
        // A disposed environment's prefixes go with it, as the VM's do.
        if (findEnv(set.env) == nullptr) continue;
        out.insert(out.end(), set.prefixes.begin(), set.prefixes.end());
    }
    return out;
}

// "Lpkg/Name;" as "pkg.Name" for reports.
std::string javaName(std::string_view signature) {
    std::string out(signature.size() > 2 && signature.front() == 'L' ? signature.substr(1, signature.size() - 2)
                                                                        : signature);
    std::replace(out.begin(), out.end(), '/', '.');
    return out;
}

struct MethodText {
    std::string name;
    std::string signature;
    bool isNative = false;
};

// Lets the VM find `library`'s natives the way it finds any library's: by loading it into
// `klass`'s class loader (Runtime.load0, what System.load does for its caller's class). The
// VM then resolves each native at its first call, prefixes included, and sends
// NativeMethodBind then, exactly as without the layer. Fails (and the caller binds by hand)
// before the live phase, for a library with JNI_OnLoad (System.load would run it), or when
// the library already belongs to another class loader.
bool loadIntoClassLoader(JNIEnv* jni, jclass klass, const Library& library) {
    if (phase() != JVMTI_PHASE_LIVE || library.hasJniOnLoad) return false;
    const JNINativeInterface_& f = *jni->functions;
    if (f.PushLocalFrame(jni, 8) != JNI_OK) return false;
    bool ok = false;
    jclass runtimeClass = f.FindClass(jni, "java/lang/Runtime");
    jmethodID getRuntime = runtimeClass ? f.GetStaticMethodID(jni, runtimeClass, "getRuntime", "()Ljava/lang/Runtime;") : nullptr;
    jmethodID load0 = runtimeClass ? f.GetMethodID(jni, runtimeClass, "load0", "(Ljava/lang/Class;Ljava/lang/String;)V") : nullptr;
    if (getRuntime != nullptr && load0 != nullptr) {
        jobject runtime = f.CallStaticObjectMethod(jni, runtimeClass, getRuntime);
        jstring path = f.NewStringUTF(jni, library.path.c_str());
        if (runtime != nullptr && path != nullptr) {
            f.CallVoidMethod(jni, runtime, load0, klass, path);
            ok = f.ExceptionCheck(jni) != JNI_TRUE;
        }
    }
    if (f.ExceptionCheck(jni) == JNI_TRUE) f.ExceptionClear(jni);
    f.PopLocalFrame(jni, nullptr);
    return ok;
}

// Whether this call is the first to bind `klass` with `table`. In the live phase the loaded
// classes are walked (bindLoadedClasses) while the application goes on preparing classes, and
// a class prepared after the table was published is met by the walk and by its ClassPrepare:
// bound twice, each RegisterNatives a NativeMethodBind the agents see. Only classes whose
// natives an agent library implements get here, so the list stays short; a claim whose class
// was unloaded goes when a class of its name is claimed. The lock is held across JNI's
// IsSameObject and weak references, which run no Java code and wait for nothing of the layer's.
bool claim(JNIEnv* jni, jclass klass, const Table& table, const std::string& signature) {
    State& s = state();
    const JNINativeInterface_& f = *jni->functions;
    std::lock_guard<std::mutex> g(s.claimLock);
    for (auto it = s.claims.begin(); it != s.claims.end();) {
        if (it->signature != signature) {
            ++it;
        } else if (f.IsSameObject(jni, it->klass, nullptr) == JNI_TRUE) {
            f.DeleteWeakGlobalRef(jni, it->klass);
            it = s.claims.erase(it);
        } else if (it->table == &table && f.IsSameObject(jni, it->klass, klass) == JNI_TRUE) {
            return false;
        } else {
            ++it;
        }
    }
    jweak weak = f.NewWeakGlobalRef(jni, klass);
    if (weak == nullptr) return true;  // out of memory: bound, perhaps twice, rather than never
    try {
        s.claims.push_back({&table, signature, weak});
    } catch (...) {
        f.DeleteWeakGlobalRef(jni, weak);
    }
    return true;
}

// Binds the natives of `klass` that `table` implements. `filter`, when given, is the cheap
// reject: only classes some symbol of it belongs to are looked at.
void bindClass(jvmtiEnv* control, JNIEnv* jni, jclass klass, const Table& table, const Table& filter) {
    std::string classSignature;
    {
        Jvmti<char> sig(control);
        if (control->functions->GetClassSignature(control, klass, sig.out(), nullptr) != JVMTI_ERROR_NONE ||
            sig.get() == nullptr)
            return;
        classSignature = sig.get();
    }
    const std::string mangled = jni::mangledClass(classSignature);
    if (mangled.empty() || !filter.anyStartsWith(jni::classSymbolPrefix(mangled))) return;
    if (!claim(jni, klass, table, classSignature)) return;  // bound by the walk or by its ClassPrepare

    std::vector<MethodText> methods;
    {
        jint count = 0;
        Jvmti<jmethodID> ids(control);
        if (control->functions->GetClassMethods(control, klass, &count, ids.out()) != JVMTI_ERROR_NONE) return;
        methods.reserve(static_cast<std::size_t>(count));
        for (jint i = 0; i < count; ++i) {
            MethodText& m = methods.emplace_back();
            Jvmti<char> name(control);
            Jvmti<char> sig(control);
            jboolean isNative = JNI_FALSE;
            if (control->functions->GetMethodName(control, ids.get()[i], name.out(), sig.out(), nullptr) !=
                    JVMTI_ERROR_NONE ||
                control->functions->IsMethodNative(control, ids.get()[i], &isNative) != JVMTI_ERROR_NONE) {
                methods.pop_back();
                continue;
            }
            m.name = name.get() ? name.get() : "";
            m.signature = sig.get() ? sig.get() : "";
            m.isNative = isNative == JNI_TRUE;
        }
    }
    if (std::none_of(methods.begin(), methods.end(), [](const MethodText& m) { return m.isNative; })) return;

    // The libraries that implement some of the class's natives, by JNI name prefix: if the VM
    // can be shown all of them, it binds the natives itself, lazily.
    {
        std::vector<const Library*> owners;
        const std::string prefix = jni::classSymbolPrefix(mangled);
        auto it = std::lower_bound(table.symbols.begin(), table.symbols.end(), prefix,
                                   [](const Symbol& sym, const std::string& n) { return sym.name < n; });
        for (; it != table.symbols.end() && std::string_view(it->name).starts_with(prefix); ++it)
            if (std::find(owners.begin(), owners.end(), it->library) == owners.end()) owners.push_back(it->library);
        bool allLoaded = !owners.empty();
        for (const Library* lib : owners) allLoaded = allLoaded && lib != nullptr && loadIntoClassLoader(jni, klass, *lib);
        if (allLoaded) return;
    }

    std::vector<jni::Method> view;
    view.reserve(methods.size());
    for (const MethodText& m : methods) view.push_back({m.name, m.signature, m.isNative});
    const std::vector<std::string> prefixes = currentPrefixes();
    const jni::SymbolLookup lookup = [&table](const std::string& name) -> void* {
        const Symbol* s = table.find(name);
        return s ? s->address : nullptr;
    };

    for (std::size_t i = 0; i < view.size(); ++i) {
        if (!view[i].isNative) continue;
        const std::optional<jni::Resolution> found = jni::resolve(mangled, view, i, prefixes, lookup);
        if (!found) continue;  // perhaps in a class loader's library: the VM will look there
        // One method per call: a method the VM refuses does not keep the others unbound, and
        // the report names it.
        JNINativeMethod method{const_cast<char*>(methods[i].name.c_str()), const_cast<char*>(methods[i].signature.c_str()),
                               found->address};
        const jint result = jni->functions->RegisterNatives(jni, klass, &method, 1);
        const bool thrown = jni->functions->ExceptionCheck(jni) == JNI_TRUE;
        if (thrown) jni->functions->ExceptionClear(jni);
        if (result != JNI_OK || thrown) {
            reportProblem(Severity::Error, own_rules::rule("natives.bind_failed"), "RegisterNatives", nullptr,
                          "cannot bind native method " + javaName(classSignature) + "." + methods[i].name +
                              methods[i].signature + " to " + found->symbol + ": RegisterNatives returned " +
                              std::to_string(result) + (thrown ? " and threw" : ""));
        }
    }
}

// The JNIEnv of the current thread, from the VM the process runs (the launcher loads libjvm
// RTLD_GLOBAL); nullptr when there is none or the thread is not attached.
JNIEnv* currentJni() {
    using GetCreated = jint(JNICALL*)(JavaVM**, jsize, jsize*);
    auto getCreated = reinterpret_cast<GetCreated>(::dlsym(RTLD_DEFAULT, "JNI_GetCreatedJavaVMs"));
    if (getCreated == nullptr) return nullptr;
    JavaVM* vm = nullptr;
    jsize n = 0;
    if (getCreated(&vm, 1, &n) != JNI_OK || n < 1 || vm == nullptr) return nullptr;
    JNIEnv* jni = nullptr;
    if (vm->functions->GetEnv(vm, reinterpret_cast<void**>(&jni), JNI_VERSION_1_2) != JNI_OK) return nullptr;
    return jni;
}

// Live phase (a library added by Agent_OnAttach): the classes prepared before it was added
// never get a ClassPrepare, so their natives the library implements are bound now.
void bindLoadedClasses(jvmtiEnv* control, const Table& table, const Table& added) {
    JNIEnv* jni = currentJni();
    if (jni == nullptr) {
        reportProblem(Severity::Warning, own_rules::rule("natives.bind_failed"), nullptr, nullptr,
                      "no JNI environment on the attaching thread: natives of classes loaded before the agent "
                      "library are not bound");
        return;
    }
    jint count = 0;
    Jvmti<jclass> classes(control);
    if (control->functions->GetLoadedClasses(control, &count, classes.out()) != JVMTI_ERROR_NONE) return;
    for (jint i = 0; i < count; ++i) {
        jclass klass = classes.get()[i];
        jint status = 0;
        const jint skip = JVMTI_CLASS_STATUS_ARRAY | JVMTI_CLASS_STATUS_PRIMITIVE | JVMTI_CLASS_STATUS_ERROR;
        if (control->functions->GetClassStatus(control, klass, &status) == JVMTI_ERROR_NONE &&
            (status & JVMTI_CLASS_STATUS_PREPARED) != 0 && (status & skip) == 0)
            bindClass(control, jni, klass, table, added);
        jni->functions->DeleteLocalRef(jni, klass);
    }
}

// Turns ClassPrepare on for the control environment, once, when there are natives to bind.
void enableIfNeeded(jvmtiEnv* control) {
    State& s = state();
    const Table* table = s.table.load(std::memory_order_acquire);
    if (control == nullptr || table == nullptr || table->empty()) return;
    if (s.enabled.exchange(true)) return;
    const jvmtiError result =
        control->functions->SetEventNotificationMode(control, JVMTI_ENABLE, JVMTI_EVENT_CLASS_PREPARE, nullptr);
    if (result != JVMTI_ERROR_NONE) {
        s.enabled.store(false);
        reportProblem(Severity::Error, own_rules::rule("natives.bind_failed"), "SetEventNotificationMode", nullptr,
                      "cannot enable ClassPrepare (error " + std::to_string(result) +
                          "): the agent libraries' native methods will not be bound");
    }
}

}  // namespace

void addLibrary(const std::string& path, void* handle) {
    try {
        State& s = state();
        std::string error;
        // "J": the Java_ functions and JNI_OnLoad, from the library's own symbol table. dlsym
        // would not do for JNI_OnLoad: it also searches the library's dependencies, and most
        // JDK libraries depend on libjava.so, which exports one.
        std::optional<std::vector<std::string>> names = elf::exportedFunctions(path, "J", error);
        if (!names) {
            reportProblem(Severity::Warning, own_rules::rule("natives.library_unreadable"), nullptr, nullptr,
                          "cannot list the Java_ functions of the agent library: " + error +
                              "; the VM would find its native methods, the layer does not bind them");
            return;
        }
        const bool hasJniOnLoad = std::find(names->begin(), names->end(), "JNI_OnLoad") != names->end();
        std::erase_if(*names, [](const std::string& n) { return !n.starts_with("Java_"); });
        if (names->empty()) return;
        const Library* library = nullptr;
        {
            std::lock_guard<std::mutex> g(s.writeLock);
            library = &s.libraries.emplace_back(Library{path, hasJniOnLoad});
        }
        auto added = std::make_unique<Table>();
        for (const std::string& name : *names) {
            if (void* address = ::dlsym(handle, name.c_str())) added->symbols.push_back({name, address, library});
        }
        if (added->empty()) return;

        const Table* published = nullptr;
        const Table* fresh = added.get();
        {
            std::lock_guard<std::mutex> g(s.writeLock);
            auto merged = std::make_unique<Table>();
            if (const Table* old = s.table.load(std::memory_order_acquire)) merged->symbols = old->symbols;
            // Earlier libraries first: for a name two libraries export, the VM takes the
            // library loaded first, and so does the stable sort + unique.
            merged->symbols.insert(merged->symbols.end(), added->symbols.begin(), added->symbols.end());
            std::stable_sort(merged->symbols.begin(), merged->symbols.end(),
                             [](const Symbol& a, const Symbol& b) { return a.name < b.name; });
            merged->symbols.erase(std::unique(merged->symbols.begin(), merged->symbols.end(),
                                              [](const Symbol& a, const Symbol& b) { return a.name == b.name; }),
                                  merged->symbols.end());
            published = merged.get();
            s.all.push_back(std::move(merged));
            s.table.store(published, std::memory_order_release);
            s.all.push_back(std::move(added));  // kept: bindLoadedClasses below reads it
        }
        jvmtiEnv* control = s.control.load(std::memory_order_acquire);
        enableIfNeeded(control);
        if (control != nullptr && phase() == JVMTI_PHASE_LIVE)
            bindLoadedClasses(control, *published, *fresh);
    } catch (...) {
        reportProblem(Severity::Error, own_rules::rule("natives.bind_failed"), nullptr, nullptr,
                      "listing the agent library's natives failed (out of memory)");
    }
}

void start(jvmtiEnv* control) {
    State& s = state();
    s.control.store(control, std::memory_order_release);
    enableIfNeeded(control);
    // Libraries added before the control environment existed, in the live phase.
    const Table* table = s.table.load(std::memory_order_acquire);
    if (control != nullptr && table != nullptr && !table->empty() && phase() == JVMTI_PHASE_LIVE) {
        try {
            bindLoadedClasses(control, *table, *table);
        } catch (...) {
        }
    }
}

void classPrepared(jvmtiEnv* control, JNIEnv* jni, jclass klass) {
    const Table* table = state().table.load(std::memory_order_acquire);
    if (table == nullptr || table->empty() || control == nullptr || jni == nullptr) return;
    try {
        bindClass(control, jni, klass, *table, *table);
    } catch (...) {
        reportProblem(Severity::Error, own_rules::rule("natives.bind_failed"), nullptr, nullptr,
                      "binding a class's natives failed (out of memory)");
    }
}

void setPrefixes(const void* env, const std::vector<std::string>& prefixes) {
    State& s = state();
    Env* layerEnv = findEnv(env);
    const int agentIndex = layerEnv != nullptr && layerEnv->agent != nullptr ? layerEnv->agent->index
                                                                             : std::numeric_limits<int>::max();
    try {
        std::lock_guard<std::mutex> g(s.prefixLock);
        auto it = std::find_if(s.prefixSets.begin(), s.prefixSets.end(),
                               [env](const PrefixSet& set) { return set.env == env; });
        if (it != s.prefixSets.end()) {
            it->prefixes = prefixes;  // keeps its place among the environments
            return;
        }
        if (prefixes.empty()) return;
        s.prefixSets.push_back({env, agentIndex, s.nextSequence++, prefixes});
        std::stable_sort(s.prefixSets.begin(), s.prefixSets.end(), [](const PrefixSet& a, const PrefixSet& b) {
            return a.agentIndex != b.agentIndex ? a.agentIndex < b.agentIndex : a.sequence < b.sequence;
        });
    } catch (...) {
        reportProblem(Severity::Error, own_rules::rule("natives.bind_failed"), "SetNativeMethodPrefixes", nullptr,
                      "recording the native method prefixes failed (out of memory)");
    }
}

}  // namespace jvmtilayer::natives
