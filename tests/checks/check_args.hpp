// Arguments for driving generated entries through the recording runtime, shared by the
// checking and the tracing tests.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "jvmti_metadata.hpp"
#include "jvmti_recorder.hpp"

namespace md = jvmti_metadata;
namespace rec = jvmti_recorder;
using Words = std::vector<std::uint64_t>;

namespace {

// Storage that pointer arguments point into: distinct, valid addresses.
std::array<std::uint64_t, 64> buffers{};

[[maybe_unused]] const jvmtiPhase kPhases[] = {JVMTI_PHASE_ONLOAD, JVMTI_PHASE_PRIMORDIAL, JVMTI_PHASE_START, JVMTI_PHASE_LIVE,
                              JVMTI_PHASE_DEAD};

[[maybe_unused]] bool allowedIn(const md::Function& f, jvmtiPhase p) {
    if (f.phaseCount == 0) return true;
    for (int i = 0; i < f.phaseCount; ++i)
        if (f.phases[i] == p) return true;
    return false;
}

[[maybe_unused]] jvmtiCapabilities allCapabilities() {
    jvmtiCapabilities c{};
    for (const auto& cap : md::capabilities) cap.set(c, true);
    return c;
}

[[maybe_unused]] bool isPointer(md::Kind k) { return k != md::Kind::Value && k != md::Kind::Varargs; }

// Arguments every check accepts: pointers into `buffers`, values in range, valid enum values.
[[maybe_unused]] Words goodArgs(const md::Function& f) {
    Words w;
    for (int i = 0; i < f.paramCount; ++i) {
        const md::Param& p = f.params[i];
        const std::string base = p.base;
        if (isPointer(p.kind)) w.push_back(rec::toWord(&buffers[static_cast<size_t>(i)]));
        else if (p.enumValueCount > 0) w.push_back(rec::toWord(static_cast<jint>(p.enumValues[p.enumValueCount - 1])));
        else if (base == "jint" || base == "jframeID") w.push_back(rec::toWord(static_cast<jint>((p.hasMin ? p.min : 0) + 3)));
        else if (base == "jfloat") w.push_back(rec::toWord(jfloat(1.5f)));
        else if (base == "jdouble") w.push_back(rec::toWord(jdouble(2.5)));
        else if (base == "jboolean") w.push_back(rec::toWord(jboolean(1)));
        else if (base == "char") w.push_back(rec::toWord('c'));
        else w.push_back(0x1000 + 0x10 * static_cast<std::uint64_t>(i));  // handles, IDs, jlong, jvalue
    }
    return w;
}

}  // namespace
