// cpp_bench: what jvmti.hpp adds to a call. Calls three functions of a stand-in table (out of
// line, so neither form can fold them away) through the C interface and through jvmti::Env, and
// prints ns per call for both, the difference and the ratio. GetClassSignature includes freeing
// the two strings: by hand with Deallocate, and by the owning String.
#include <chrono>
#include <cstdio>
#include <cstring>

#include "jvmti.hpp"

namespace {

char sigText[] = "Ljava/lang/Object;";

__attribute__((noinline)) jvmtiError JNICALL frameCount(jvmtiEnv*, jthread, jint* n) {
    *n = 3;
    return JVMTI_ERROR_NONE;
}
__attribute__((noinline)) jvmtiError JNICALL getTag(jvmtiEnv*, jobject, jlong* tag) {
    *tag = 7;
    return JVMTI_ERROR_NONE;
}
__attribute__((noinline)) jvmtiError JNICALL classSignature(jvmtiEnv*, jclass, char** sig, char** generic) {
    *sig = sigText;
    if (generic) *generic = nullptr;
    return JVMTI_ERROR_NONE;
}
__attribute__((noinline)) jvmtiError JNICALL deallocate(jvmtiEnv*, unsigned char*) { return JVMTI_ERROR_NONE; }

volatile long sink;

template <class F>
double nsPerCall(long n, F&& f) {
    double best = 1e9;
    for (int run = 0; run < 5; ++run) {
        const auto t0 = std::chrono::steady_clock::now();
        long acc = 0;
        for (long i = 0; i < n; ++i) acc += f();
        sink = acc;
        const std::chrono::duration<double, std::nano> d = std::chrono::steady_clock::now() - t0;
        best = std::min(best, d.count() / static_cast<double>(n));
    }
    return best;
}

}  // namespace

int main(int argc, char** argv) {
    const long n = argc > 1 ? std::atol(argv[1]) : 20000000;
    jvmtiInterface_1_ table;
    std::memset(&table, 0, sizeof table);
    table.GetFrameCount = frameCount;
    table.GetTag = getTag;
    table.GetClassSignature = classSignature;
    table.Deallocate = deallocate;
    _jvmtiEnv raw{};
    raw.functions = &table;
    jvmtiEnv* c = &raw;
    const jvmti::Env env(c);

    struct Row {
        const char* name;
        double cNs, cppNs;
    } rows[] = {
        {"GetFrameCount",
         nsPerCall(n, [&] { jint v = 0; return c->functions->GetFrameCount(c, nullptr, &v) == JVMTI_ERROR_NONE ? v : -1L; }),
         nsPerCall(n, [&] { auto r = env.getFrameCount(nullptr); return r ? *r : -1L; })},
        {"GetTag",
         nsPerCall(n, [&] { jlong v = 0; return c->functions->GetTag(c, nullptr, &v) == JVMTI_ERROR_NONE ? static_cast<long>(v) : -1L; }),
         nsPerCall(n, [&] { auto r = env.getTag(nullptr); return r ? static_cast<long>(*r) : -1L; })},
        {"GetClassSignature+free",
         nsPerCall(n, [&] {
             char* s = nullptr;
             char* g = nullptr;
             if (c->functions->GetClassSignature(c, nullptr, &s, &g) != JVMTI_ERROR_NONE) return -1L;
             const long v = s[1];
             c->functions->Deallocate(c, reinterpret_cast<unsigned char*>(s));
             if (g) c->functions->Deallocate(c, reinterpret_cast<unsigned char*>(g));
             return v;
         }),
         nsPerCall(n, [&] { auto r = env.getClassSignature(nullptr); return r ? static_cast<long>(r->signature.c_str()[1]) : -1L; })},
    };
    std::printf("%-24s %10s %10s %10s %7s\n", "function", "C ns", "C++ ns", "diff ns", "ratio");
    for (const Row& r : rows)
        std::printf("%-24s %10.3f %10.3f %10.3f %7.3f\n", r.name, r.cNs, r.cppNs, r.cppNs - r.cNs, r.cppNs / r.cNs);
    return 0;
}
