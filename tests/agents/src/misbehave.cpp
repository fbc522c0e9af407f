// misbehave: breaks one JVMTI rule on purpose, chosen by case=NAME, and prints the error the
// call returned ("<call> -> <number> <name>"), so the harness can compare the VM alone with
// the VM behind the layer, and look for the layer's report.
//
//   null_out          GetVersionNumber(NULL) in Agent_OnLoad                      (safe without the layer)
//   wrong_phase       GetLoadedClasses in Agent_OnLoad (live phase only)          (safe)
//   no_capability     GetBytecodes at VMInit without can_get_bytecodes            (safe)
//   callback_unsafe   GetTag inside an IterateThroughHeap callback, at VMDeath    (safe)
//   leak              GetClassSignature at VMInit, never deallocated              (safe)
//   double_dealloc    Allocate, then Deallocate twice                             (layer only: corrupts the C heap)
//   stack_dealloc     Deallocate of a stack address                               (layer only: crashes)
//   use_after_dispose GetVersionNumber on an environment after DisposeEnvironment (layer only)
//
// Options: out=FILE, case=NAME.
#include "agent_util.h"

#include <cstring>
#include <string>

namespace {

jvmtiEnv* jvmti;
std::string which;

void print_result(const char* call, jvmtiError err)
{
    char name[128];
    au_printf("%s -> %d %s\n", call, static_cast<int>(err), au_error_name(jvmti, err, name, sizeof name));
}

void null_out()
{
    print_result("GetVersionNumber(NULL)", jvmti->GetVersionNumber(nullptr));
}

void wrong_phase()
{
    jint count = 0;
    jclass* classes = nullptr;
    jvmtiError err = jvmti->GetLoadedClasses(&count, &classes);
    print_result("GetLoadedClasses in the OnLoad phase", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(classes));
}

void no_capability(JNIEnv* jni)
{
    jclass object = jni->FindClass("java/lang/Object");
    jmethodID hash_code = object != nullptr ? jni->GetMethodID(object, "hashCode", "()I") : nullptr;
    if (hash_code == nullptr) {
        au_printf("java/lang/Object.hashCode not found\n");
        return;
    }
    jint count = 0;
    unsigned char* bytecodes = nullptr;
    jvmtiError err = jvmti->GetBytecodes(hash_code, &count, &bytecodes);
    print_result("GetBytecodes without can_get_bytecodes", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(bytecodes);
    jni->DeleteLocalRef(object);
}

jvmtiError tag_error = JVMTI_ERROR_NONE;
int tag_calls;

jint JNICALL get_tag_inside(jlong, jlong, jlong*, jint, void* user_data)
{
    jlong tag = 0;
    tag_error = jvmti->GetTag(static_cast<jobject>(user_data), &tag);
    ++tag_calls;
    return JVMTI_VISIT_ABORT;
}

void callback_unsafe(JNIEnv* jni)
{
    jclass thread_class = jni->FindClass("java/lang/Thread");
    if (thread_class == nullptr) {
        au_printf("java/lang/Thread not found\n");
        return;
    }
    jvmtiHeapCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.heap_iteration_callback = get_tag_inside;
    jvmtiError err = jvmti->IterateThroughHeap(0, thread_class, &callbacks, thread_class);
    print_result("IterateThroughHeap(java/lang/Thread)", err);
    au_printf("heap callbacks: %d\n", tag_calls);
    print_result("GetTag inside the heap iteration callback", tag_error);
    jni->DeleteLocalRef(thread_class);
}

void leak(JNIEnv* jni)
{
    jclass string_class = jni->FindClass("java/lang/String");
    if (string_class == nullptr) {
        au_printf("java/lang/String not found\n");
        return;
    }
    char* signature = nullptr;
    jvmtiError err = jvmti->GetClassSignature(string_class, &signature, nullptr);
    print_result("GetClassSignature(java/lang/String)", err);
    if (err == JVMTI_ERROR_NONE) au_printf("signature %s, never deallocated\n", signature);
    jni->DeleteLocalRef(string_class);
}

void double_dealloc()
{
    unsigned char* mem = nullptr;
    print_result("Allocate(32)", jvmti->Allocate(32, &mem));
    print_result("Deallocate", jvmti->Deallocate(mem));
    print_result("Deallocate again", jvmti->Deallocate(mem));
}

void stack_dealloc()
{
    unsigned char on_stack[32] = {0};
    print_result("Deallocate(stack address)", jvmti->Deallocate(on_stack));
}

void use_after_dispose(JavaVM* vm)
{
    jvmtiEnv* second = nullptr;
    if (vm->GetEnv(reinterpret_cast<void**>(&second), AU_JVMTI_VERSION) != JNI_OK) {
        au_printf("GetEnv for a second environment failed\n");
        return;
    }
    print_result("DisposeEnvironment(second)", second->DisposeEnvironment());
    jint version = 0;
    // The error's name comes from the first environment: the second may not be touched again.
    print_result("GetVersionNumber on the disposed environment", second->GetVersionNumber(&version));
}

void JNICALL on_vm_init(jvmtiEnv*, JNIEnv* jni, jthread)
{
    if (which == "no_capability") no_capability(jni);
    if (which == "leak") leak(jni);
}

void JNICALL on_vm_death(jvmtiEnv*, JNIEnv* jni)
{
    if (which == "callback_unsafe") callback_unsafe(jni);
    au_printf("VMDeath\n");
    au_close();
}

}  // namespace

extern "C" JNIEXPORT jint JNICALL Agent_OnLoad(JavaVM* vm, char* options, void*)
{
    if (vm->GetEnv(reinterpret_cast<void**>(&jvmti), AU_JVMTI_VERSION) != JNI_OK) return JNI_ERR;
    if (au_open(options) != 0) return JNI_ERR;
    char value[64];
    if (au_option(options, "case", value, sizeof value) == nullptr) {
        au_printf("misbehave: needs case=NAME\n");
        return JNI_ERR;
    }
    which = value;
    au_printf("case %s\n", which.c_str());

    if (which == "callback_unsafe") {
        jvmtiCapabilities caps;
        std::memset(&caps, 0, sizeof caps);
        caps.can_tag_objects = 1;
        if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    }
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    callbacks.VMDeath = on_vm_death;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));

    if (which == "null_out") null_out();
    else if (which == "wrong_phase") wrong_phase();
    else if (which == "double_dealloc") double_dealloc();
    else if (which == "stack_dealloc") stack_dealloc();
    else if (which == "use_after_dispose") use_after_dispose(vm);
    else if (which != "no_capability" && which != "leak" && which != "callback_unsafe") {
        au_printf("misbehave: unknown case %s\n", which.c_str());
        return JNI_ERR;
    }
    return JNI_OK;
}
