// The committed jvmti_metadata.cpp: every OutPtr parameter knows how many bytes its function
// writes through it (Param::valueSize, what the layer's fault injection poisons), measured by
// the compiler from the pointee type jvmti.h declares; every other parameter says 0.
#include <catch2/catch.hpp>

#include <cstring>
#include <string>

#include "jvmti_metadata.hpp"

namespace md = jvmti_metadata;

namespace {

const md::Param& param(const char* function, const char* name) {
    const md::Function* f = md::functionByName(function);
    if (f == nullptr) throw std::runtime_error(std::string("no function ") + function);
    for (int i = 0; i < f->paramCount; ++i)
        if (std::strcmp(f->params[i].name, name) == 0) return f->params[i];
    throw std::runtime_error(std::string(function) + " has no parameter " + name);
}

}  // namespace

TEST_CASE("an OutPtr's value size is its pointee's, every other parameter's 0") {
    int outPtrs = 0;
    for (int i = 0; i < md::functionCount; ++i) {
        const md::Function& f = md::functions[i];
        for (int k = 0; k < f.paramCount; ++k) {
            const md::Param& p = f.params[k];
            INFO(f.name << "(" << p.name << ": " << p.ctype << ")");
            if (p.kind == md::Kind::OutPtr) {
                ++outPtrs;
                CHECK(p.valueSize > 0);
                CHECK(p.valueSize <= sizeof(jvmtiCapabilities) + sizeof(jvmtiMonitorUsage));
            } else {
                CHECK(p.valueSize == 0);
            }
        }
    }
    CHECK(outPtrs >= 70);
}

TEST_CASE("value sizes of one parameter of each kind of pointee") {
    CHECK(param("GetFrameCount", "count_ptr").valueSize == sizeof(jint));
    CHECK(param("GetTime", "nanos_ptr").valueSize == sizeof(jlong));
    CHECK(param("IsInterface", "is_interface_ptr").valueSize == sizeof(jboolean));
    CHECK(param("GetPhase", "phase_ptr").valueSize == sizeof(jvmtiPhase));
    CHECK(param("GetCapabilities", "capabilities_ptr").valueSize == sizeof(jvmtiCapabilities));
    CHECK(param("GetThreadInfo", "info_ptr").valueSize == sizeof(jvmtiThreadInfo));
    CHECK(param("GetObjectMonitorUsage", "info_ptr").valueSize == sizeof(jvmtiMonitorUsage));
    CHECK(param("CreateRawMonitor", "monitor_ptr").valueSize == sizeof(jrawMonitorID));
    CHECK(param("GetFrameCount", "thread").valueSize == 0);
}
