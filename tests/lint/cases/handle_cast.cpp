// handle.from_integer in C++.
#include <jvmti.h>
#include <cstdint>

jthread threadFromTag(jlong tag) {
    return reinterpret_cast<jthread>(static_cast<std::intptr_t>(tag));  // expect: handle.from_integer
}

// Negative: a null constant, a pointer converted to an integer and not back.
jclass none() { return nullptr; }
std::intptr_t asNumber(jmethodID m) { return reinterpret_cast<std::intptr_t>(m); }
