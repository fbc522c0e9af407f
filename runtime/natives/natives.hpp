// JNI natives implemented in agent libraries. The VM looks for a class's native methods in
// the libraries its class loader loaded and in the libraries it loaded as agents; behind the
// layer it knows only the layer, so an agent's exported Java_* functions would never be
// found. The layer lists each agent library's Java_* symbols once. When a class whose
// natives an agent library implements is prepared in the live phase, the layer loads that
// library into the class's loader (Runtime.load0, as System.load would): from then on the VM
// finds the natives itself, at their first call, with its own name resolution and prefixes,
// and sends NativeMethodBind at that moment, as without the layer. Where that cannot be done
// (before the live phase, a library with JNI_OnLoad, a library another loader owns), the
// layer registers the class's natives with RegisterNatives at preparation, resolving names
// as the VM would (short name, then long name, then with the prefixes agents set).
//
// The pieces: elf_symbols.hpp lists a library's exported functions from its file;
// jni_mangle.hpp builds JNI names and resolves a method as the VM does; natives.cpp keeps the
// symbol table and the prefixes and binds with JNI RegisterNatives; own_natives.cpp records
// the prefixes set through SetNativeMethodPrefix(es).
//
// Thread safety: the symbol table is published whole and never changed (classPrepared reads
// it without a lock); the prefixes are guarded by a lock never held across a call into the VM.
// A class the walk of the loaded classes (live phase) and its own ClassPrepare both meet is
// bound once, by whichever claims it first with the table it binds from.
// Every function may be called from any thread and none throws.
//
// Known limitations (where the layer binds differently from the VM):
// - In the fallback (RegisterNatives at class preparation), an agent that enables
//   NativeMethodBind sees the event at preparation time, not at the first call, and a native
//   both the class's own library and the agent library implement goes to the agent library.
// - Loading into the class loader makes the agent library one of that loader's libraries:
//   the loader's other classes see its Java_* functions too, as they would see a library
//   the loader loaded. A library belongs to one loader; classes of other loaders take the
//   fallback.
// - The VM applies the prefixes of all environments in the order the environments were
//   created. The layer does not see creation order: it orders the environments by agent
//   (command-line order), then by the order in which they first set prefixes. This differs
//   only when one agent sets prefixes in several environments, or creates environments after
//   later agents have.
// - With check=off agents talk to the VM's environments directly: the layer does not see
//   their prefixes, and prefixed natives are bound only when the plain name resolves.
// - A library whose section headers were stripped (sstrip) cannot be listed: its natives
//   are not bound (reported once as natives.library_unreadable).
//
// Reports: natives.bind_failed (RegisterNatives refused a method, with the method and the
// symbol), natives.library_unreadable (an agent library's symbols could not be read).
#pragma once

#include <string>
#include <vector>

#include "jvmti.h"

namespace jvmtilayer::natives {

// Reads the exported Java_* functions of an agent library (dlopen handle `handle`). When the
// control environment exists already, enables ClassPrepare on it; in the live phase (an
// agent attached) also binds the natives of the classes prepared before.
void addLibrary(const std::string& path, void* handle);

// Called once the control environment exists (before or after the libraries are added):
// enables ClassPrepare on it when any library exports natives.
void start(jvmtiEnv* control);

// The control environment's ClassPrepare: binds the class's natives found in the libraries.
void classPrepared(jvmtiEnv* control, JNIEnv* jni, jclass klass);

// The prefixes an agent environment set with SetNativeMethodPrefix(es), in its order.
void setPrefixes(const void* env, const std::vector<std::string>& prefixes);

}  // namespace jvmtilayer::natives
