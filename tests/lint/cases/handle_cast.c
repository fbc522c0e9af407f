/* handle.from_integer in C. */
#include <jvmti.h>
#include <stdint.h>

jmethodID from_wire(jlong id) {
    return (jmethodID)(intptr_t)id; /* expect: handle.from_integer */
}

jfieldID made_up(void) {
    return (jfieldID)0x1234; /* expect: handle.from_integer */
}

/* Negative: NULL, and IDs that came from the VM. */
jmethodID none(void) { return (jmethodID)0; }
jthread no_thread(void) { return (jthread)NULL; }
jmethodID kept(jmethodID from_vm) { return from_vm; }
