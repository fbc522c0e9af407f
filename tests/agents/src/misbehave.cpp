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
//   garbage_method    GetMethodName with the jmethodID 0x1008, at VMInit           (layer only: HotSpot crashes)
//   garbage_field     GetFieldName of java/lang/String with the jfieldID 0x1008   (layer only: crashes)
//   stale_class       GetClassSignature at VMDeath of a local jclass kept from VMInit (HotSpot answers from the dead slot)
//   deleted_global    GetClassSignature of a global reference after DeleteGlobalRef (HotSpot refuses it)
//   unloaded_method   GetMethodName of agenttest.Hello.main loaded a second time by a class loader
//                     the agent then drops and collects until the class is unloaded (HotSpot refuses it)
//   failed_out        Deallocate of the out-parameter of a call that failed (it still holds what
//                     the agent put there: here a malloc'd block, as stale memory would be) (layer only)
//   gc_forbidden      GetCurrentThread (and GetTime, which is allowed) in GarbageCollectionStart
//   object_free_forbidden  GetCurrentThread (and Allocate/Deallocate, allowed) in ObjectFree
//
// The functions that break the rules are not inlined, so that the layer's reports name them
// as the call site.
//
// Options: out=FILE, case=NAME.
#include "agent_util.h"

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

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

[[gnu::noinline]] void leak(JNIEnv* jni)
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

[[gnu::noinline]] void garbage_method()
{
    char* name = nullptr;
    jvmtiError err = jvmti->GetMethodName(reinterpret_cast<jmethodID>(0x1008), &name, nullptr, nullptr);
    print_result("GetMethodName(0x1008)", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
}

[[gnu::noinline]] void garbage_field(JNIEnv* jni)
{
    jclass string_class = jni->FindClass("java/lang/String");
    char* name = nullptr;
    jvmtiError err = jvmti->GetFieldName(string_class, reinterpret_cast<jfieldID>(0x1008), &name, nullptr, nullptr);
    print_result("GetFieldName(java/lang/String, 0x1008)", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
    jni->DeleteLocalRef(string_class);
}

jclass kept_class;  // a local reference of VMInit's frame, kept past its return

[[gnu::noinline]] void stale_class()
{
    char* signature = nullptr;
    jvmtiError err = jvmti->GetClassSignature(kept_class, &signature, nullptr);
    print_result("GetClassSignature(a jclass kept from VMInit)", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
}

[[gnu::noinline]] void deleted_global(JNIEnv* jni)
{
    jclass local = jni->FindClass("java/lang/String");
    jclass global = static_cast<jclass>(jni->NewGlobalRef(local));
    jni->DeleteLocalRef(local);
    jni->DeleteGlobalRef(global);
    char* signature = nullptr;
    jvmtiError err = jvmti->GetClassSignature(global, &signature, nullptr);
    print_result("GetClassSignature(a deleted global reference)", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature));
}

// A method of a class that is gone: agenttest.Hello loaded again by a URLClassLoader of its
// own (no parent), main's jmethodID kept, every reference dropped, then collections and pauses
// (the VM unloads the class in a collection, and may tell agents of it later).
[[gnu::noinline]] void call_unloaded(jmethodID method)
{
    char* name = nullptr;
    jvmtiError err = jvmti->GetMethodName(method, &name, nullptr, nullptr);
    print_result("GetMethodName(main of an unloaded class)", err);
    if (err == JVMTI_ERROR_NONE) jvmti->Deallocate(reinterpret_cast<unsigned char*>(name));
}

void unloaded_method(JNIEnv* jni)
{
    jmethodID method = nullptr;
    if (jni->PushLocalFrame(32) != 0) return;
    jclass system = jni->FindClass("java/lang/System");
    jstring key = jni->NewStringUTF("java.class.path");
    jstring path = static_cast<jstring>(jni->CallStaticObjectMethod(
        system, jni->GetStaticMethodID(system, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;"), key));
    jclass file_class = jni->FindClass("java/io/File");
    jobject file = jni->NewObject(file_class, jni->GetMethodID(file_class, "<init>", "(Ljava/lang/String;)V"), path);
    jobject uri = jni->CallObjectMethod(file, jni->GetMethodID(file_class, "toURI", "()Ljava/net/URI;"));
    jclass uri_class = jni->FindClass("java/net/URI");
    jobject url = jni->CallObjectMethod(uri, jni->GetMethodID(uri_class, "toURL", "()Ljava/net/URL;"));
    jclass url_class = jni->FindClass("java/net/URL");
    jobjectArray urls = jni->NewObjectArray(1, url_class, url);
    jclass loader_class = jni->FindClass("java/net/URLClassLoader");
    jobject loader = jni->NewObject(
        loader_class, jni->GetMethodID(loader_class, "<init>", "([Ljava/net/URL;Ljava/lang/ClassLoader;)V"), urls, nullptr);
    jstring name = jni->NewStringUTF("agenttest.Hello");
    jclass again = static_cast<jclass>(jni->CallObjectMethod(
        loader, jni->GetMethodID(loader_class, "loadClass", "(Ljava/lang/String;)Ljava/lang/Class;"), name));
    if (again != nullptr && !jni->ExceptionCheck())
        method = jni->GetStaticMethodID(again, "main", "([Ljava/lang/String;)V");
    if (jni->ExceptionCheck()) jni->ExceptionClear();
    jni->PopLocalFrame(nullptr);
    if (method == nullptr) {
        au_printf("agenttest.Hello could not be loaded a second time\n");
        return;
    }
    au_printf("loaded agenttest.Hello a second time\n");
    for (int i = 0; i < 5; ++i) {
        jvmti->ForceGarbageCollection();
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    call_unloaded(method);
}

[[gnu::noinline]] void failed_out()
{
    // The agent's variable holds something JVMTI never handed out; the failed call leaves it.
    char* signature = static_cast<char*>(std::malloc(16));
    jvmtiError err = jvmti->GetClassSignature(nullptr, &signature, nullptr);
    print_result("GetClassSignature(NULL)", err);
    print_result("Deallocate of its out-parameter", jvmti->Deallocate(reinterpret_cast<unsigned char*>(signature)));
    std::free(signature);
}

// Inside the restricted handlers: the results, printed once the first handler has finished.
// HotSpot may post ObjectFree on another thread (its service thread), later than the call
// that let it: the printing waits for the handler.
jvmtiError allowed_error = JVMTI_ERROR_INTERNAL, forbidden_error = JVMTI_ERROR_INTERNAL;
std::atomic<int> restricted_calls{0};
std::atomic<bool> restricted_done{false};

[[gnu::noinline]] void forbidden_call()
{
    jthread thread = nullptr;
    forbidden_error = jvmti->GetCurrentThread(&thread);
}

void JNICALL on_gc_start(jvmtiEnv*)
{
    if (restricted_calls++ > 0) return;
    jlong now = 0;
    allowed_error = jvmti->GetTime(&now);
    forbidden_call();
    restricted_done = true;
}

void JNICALL on_object_free(jvmtiEnv*, jlong)
{
    if (restricted_calls++ > 0) return;
    unsigned char* mem = nullptr;
    allowed_error = jvmti->Allocate(16, &mem);
    if (allowed_error == JVMTI_ERROR_NONE) allowed_error = jvmti->Deallocate(mem);
    forbidden_call();
    restricted_done = true;
}

void print_restricted(const char* allowed_call)
{
    for (int i = 0; i < 1000 && !restricted_done; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    au_printf("restricted handler ran: %s\n", restricted_done ? "yes" : "no");
    print_result(allowed_call, allowed_error);
    print_result("GetCurrentThread inside it", forbidden_error);
}

void gc_forbidden()
{
    print_result("ForceGarbageCollection", jvmti->ForceGarbageCollection());
    print_restricted("GetTime inside GarbageCollectionStart");
}

void object_free_forbidden(JNIEnv* jni)
{
    jclass object_class = jni->FindClass("java/lang/Object");
    jmethodID init = jni->GetMethodID(object_class, "<init>", "()V");
    jobject object = jni->NewObject(object_class, init);
    print_result("SetTag(a new Object, 7)", jvmti->SetTag(object, 7));
    jni->DeleteLocalRef(object);
    jni->DeleteLocalRef(object_class);
    print_result("ForceGarbageCollection", jvmti->ForceGarbageCollection());
    // The VM posts ObjectFree when the tags are next looked at, at the latest.
    jint count = 0;
    jlong wanted = 7;
    print_result("GetObjectsWithTags(7)", jvmti->GetObjectsWithTags(1, &wanted, &count, nullptr, nullptr));
    print_restricted("Allocate and Deallocate inside ObjectFree");
}

void JNICALL on_vm_init(jvmtiEnv*, JNIEnv* jni, jthread)
{
    if (which == "no_capability") no_capability(jni);
    if (which == "leak") leak(jni);
    if (which == "garbage_method") garbage_method();
    if (which == "garbage_field") garbage_field(jni);
    if (which == "stale_class") kept_class = jni->FindClass("java/lang/String");
    if (which == "deleted_global") deleted_global(jni);
    if (which == "unloaded_method") unloaded_method(jni);
    if (which == "failed_out") failed_out();
    if (which == "gc_forbidden") gc_forbidden();
    if (which == "object_free_forbidden") object_free_forbidden(jni);
}

void JNICALL on_vm_death(jvmtiEnv*, JNIEnv* jni)
{
    if (which == "stale_class") stale_class();
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

    if (which == "callback_unsafe" || which == "gc_forbidden" || which == "object_free_forbidden") {
        jvmtiCapabilities caps;
        std::memset(&caps, 0, sizeof caps);
        caps.can_tag_objects = 1;
        caps.can_generate_garbage_collection_events = which == "gc_forbidden";
        caps.can_generate_object_free_events = which == "object_free_forbidden";
        if (AU_CHECK(jvmti, jvmti->AddCapabilities(&caps)) != JVMTI_ERROR_NONE) return JNI_ERR;
    }
    jvmtiEventCallbacks callbacks;
    std::memset(&callbacks, 0, sizeof callbacks);
    callbacks.VMInit = on_vm_init;
    callbacks.VMDeath = on_vm_death;
    callbacks.GarbageCollectionStart = on_gc_start;
    callbacks.ObjectFree = on_object_free;
    if (AU_CHECK(jvmti, jvmti->SetEventCallbacks(&callbacks, sizeof callbacks)) != JVMTI_ERROR_NONE) return JNI_ERR;
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_INIT, nullptr));
    AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_VM_DEATH, nullptr));
    if (which == "gc_forbidden")
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_GARBAGE_COLLECTION_START, nullptr));
    if (which == "object_free_forbidden")
        AU_CHECK(jvmti, jvmti->SetEventNotificationMode(JVMTI_ENABLE, JVMTI_EVENT_OBJECT_FREE, nullptr));

    if (which == "null_out") null_out();
    else if (which == "wrong_phase") wrong_phase();
    else if (which == "double_dealloc") double_dealloc();
    else if (which == "stack_dealloc") stack_dealloc();
    else if (which == "use_after_dispose") use_after_dispose(vm);
    else if (which != "no_capability" && which != "leak" && which != "callback_unsafe" && which != "garbage_method" &&
             which != "garbage_field" && which != "stale_class" && which != "deleted_global" && which != "unloaded_method" &&
             which != "failed_out" &&
             which != "gc_forbidden" && which != "object_free_forbidden") {
        au_printf("misbehave: unknown case %s\n", which.c_str());
        return JNI_ERR;
    }
    return JNI_OK;
}
