// The C++ API (include/jvmti.hpp) as facts about the model: what each JVMTI function becomes as
// a member of jvmti::Env, what each constants group becomes as a C++ type. The cpp emitter lays
// these out; the docs show the same C++ signatures next to the C ones.
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace jvmtigen {

// One output of a wrapped call: a C out-parameter the wrapper owns as a local, and how its
// value reaches the caller.
struct CppOutput {
    std::string name;   // the C++ name (the parameter's id without "_ptr")
    std::string type;   // its C++ type, e.g. jvmti::Array<jvmti::Local<jclass>>
    std::string value;  // the expression building it from the locals after a successful call
};

// The storage of one C out-parameter inside a wrapper, value-initialised (a pointer to nullptr).
struct CppLocal {
    std::string type;  // jint, char*, jvmtiThreadInfo, ...
    std::string name;
};

// A JVMTI function as a member of jvmti::Env.
struct CppFunction {
    const Function* fn = nullptr;
    std::string member;                  // getFrameCount: the id in lowerCamelCase
    std::vector<std::string> params;     // C++ parameter declarations, in order
    std::vector<CppLocal> locals;        // the C out-parameters' storage
    std::vector<std::string> args;       // the C arguments after the environment
    std::vector<CppOutput> outputs;      // none: Result<void>; one: Result<its type>; several: a struct
    std::string valueType;               // void, the one output's type, or out::<Id>
    std::string sinceHex;                // the JVMTI version number of `since`, 0x30150000
};
std::vector<CppFunction> cppFunctions(const Spec& spec);

// "getFrameCount" for "GetFrameCount"; "vmInit" for "VMInit".
std::string lowerCamel(const std::string& id);

// The JVMTI version number (as in JVMTI_VERSION_*) of a release as `since` spells it: "1.1", "21".
std::string versionHex(const std::string& since);
std::string versionHex(const Version& v);

// What a constants group (enum or bits) is named in C++: "ThreadState" for "jvmtiThreadState".
std::string cppGroupName(const std::string& groupId);

// The C++ name of each constant of a group: the part its names do not share, in CamelCase
// (JVMTI_THREAD_STATE_ALIVE -> Alive).
std::vector<std::string> cppConstantNames(const ConstantsGroup& g);

// The C++ signature of a member as the docs show it: "Result<jint> getFrameCount(jthread thread, jint depth)".
std::string cppSignature(const CppFunction& f);

}  // namespace jvmtigen
