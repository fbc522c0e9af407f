#include "emitters.hpp"

namespace jvmtigen {

const std::vector<Emitter>& allEmitters() {
    static const std::vector<Emitter> list = {
        {"header", "include/jvmti.h: the C/C++ header agents and VMs compile against", emitHeader},
    };
    return list;
}

}  // namespace jvmtigen
