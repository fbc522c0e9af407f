#include "derive.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

namespace jvmtigen {

std::vector<FunctionSlot> functionTable(const Spec& spec) {
    std::map<int, const Function*> byNum;
    for (const auto& f : spec.functions)
        if (!f.elided) byNum.emplace(f.num, &f);
    std::vector<FunctionSlot> slots;
    const int max = byNum.empty() ? 0 : byNum.rbegin()->first;
    for (int n = 1; n <= max; ++n) {
        auto it = byNum.find(n);
        slots.push_back({n, it == byNum.end() ? nullptr : it->second});
    }
    return slots;
}

std::vector<EventSlot> eventTable(const Spec& spec) {
    std::map<int, const Event*> byNum;
    for (const auto& e : spec.events)
        if (!e.elided) byNum.emplace(e.num, &e);
    std::vector<EventSlot> slots;
    if (byNum.empty()) return slots;
    for (int n = byNum.begin()->first; n <= byNum.rbegin()->first; ++n) {
        auto it = byNum.find(n);
        slots.push_back({n, it == byNum.end() ? nullptr : it->second});
    }
    return slots;
}

std::vector<const Function*> activeFunctions(const Spec& spec) {
    std::vector<const Function*> out;
    for (const auto& f : spec.functions)
        if (!f.elided) out.push_back(&f);
    return out;
}

std::vector<const Event*> activeEventsByName(const Spec& spec) {
    std::vector<const Event*> out;
    for (const auto& e : spec.events)
        if (!e.elided) out.push_back(&e);
    std::sort(out.begin(), out.end(), [](const Event* a, const Event* b) { return a->id < b->id; });
    return out;
}

std::vector<const Typedef*> activeTypedefs(const Spec& spec) {
    std::vector<const Typedef*> out;
    for (const auto& t : spec.typedefs)
        if (!t.elided) out.push_back(&t);
    return out;
}

std::vector<const Callback*> activeCallbacks(const Spec& spec) {
    std::vector<const Callback*> out;
    for (const auto& c : spec.callbacks)
        if (!c.elided) out.push_back(&c);
    return out;
}

std::vector<const ErrorCode*> errorsByNum(const Spec& spec) {
    std::vector<const ErrorCode*> out;
    for (const auto& e : spec.errors) out.push_back(&e);
    std::stable_sort(out.begin(), out.end(), [](const ErrorCode* a, const ErrorCode* b) { return a->num < b->num; });
    return out;
}

std::vector<int> capabilityPadding(size_t flags) {
    std::vector<int> pads;
    size_t bits = flags;
    if (bits % 16) {
        pads.push_back(static_cast<int>(16 - bits % 16));
        bits += 16 - bits % 16;
    }
    for (; bits < 128; bits += 16) pads.push_back(16);
    return pads;
}

std::vector<VersionConstant> versionConstants(const Version& v) {
    struct Known {
        const char* suffix;
        int major, minor;
    };
    // The constants of the JDK headers, each with the version that introduced it.
    static const Known known[] = {{"1", 1, 0},  {"1_0", 1, 0}, {"1_1", 1, 1}, {"1_2", 1, 2},
                                  {"9", 9, 0},  {"11", 11, 0}, {"19", 19, 0}, {"21", 21, 0}};
    std::vector<VersionConstant> out;
    for (const auto& k : known) {
        if (k.major > v.major || (k.major == v.major && k.minor > v.minor)) continue;
        char hex[16];
        std::snprintf(hex, sizeof hex, "0x%08X", 0x30000000u | (unsigned(k.major) << 16) | (unsigned(k.minor) << 8));
        out.push_back({std::string("JVMTI_VERSION_") + k.suffix, hex});
    }
    return out;
}

}  // namespace jvmtigen
