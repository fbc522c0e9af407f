// JNI names of native methods, and the order in which the VM looks them up.
//
// Mangling (the JNI specification, "Resolving Native Method Names"): a name is turned into a
// C identifier one UTF-16 code unit at a time. ASCII letters and digits stay; '/' becomes '_';
// '_' becomes "_1", ';' "_2", '[' "_3"; every other code unit becomes "_0" followed by four
// lowercase hex digits. Names come from the VM as modified UTF-8 and are decoded to UTF-16
// first, so a character outside the BMP becomes two "_0xxxx" (its surrogates).
//
//   short name: Java_<mangled class>_<mangled method>
//   long name:  <short name>__<mangled argument descriptor>
//
// with the class's internal name (pkg/Name) and the part of the method descriptor between the
// parentheses: class a/b/My_Class, method f_g, (Ljava/lang/String;[I)V gives
// Java_a_b_My_1Class_f_1g__Ljava_lang_String_2_3I.
//
// Resolution (resolve()) is the VM's: the short name, then the long name; when neither is
// found and native method prefixes are set, the prefixes are stripped from the method name,
// last applied first, each only when the class holds the non-native wrapper the stripping
// names (the rule of the JVMTI specification of SetNativeMethodPrefix), and the short and long
// names of what remains are tried.
//
// Everything here is pure: no JVM, no allocation of JVMTI memory, safe on any thread.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jvmtilayer::jni {

// One name component (modified UTF-8: a class's internal name, a method name, a descriptor),
// mangled. A malformed byte is taken as the code unit of its value.
std::string mangle(std::string_view modifiedUtf8);

// The mangled class name of a class signature: "Lpkg/Name;" gives "pkg_Name". Empty for
// anything that is not an object type (arrays, primitives), which cannot have natives.
std::string mangledClass(std::string_view classSignature);

// The mangled argument descriptor of a method descriptor: "(Ljava/lang/String;[I)V" gives
// "Ljava_lang_String_2_3I". nullopt when `methodSignature` is not "(...)..." form.
std::optional<std::string> mangledArguments(std::string_view methodSignature);

// "Java_" + mangledClass + "_" + mangle(method).
std::string shortName(std::string_view mangledClassName, std::string_view method);

// shortName + "__" + mangledArguments(signature); nullopt when the signature is malformed.
std::optional<std::string> longName(std::string_view mangledClassName, std::string_view method,
                                    std::string_view signature);

// "Java_" + mangledClass + "_": every symbol of the class's natives starts with it.
std::string classSymbolPrefix(std::string_view mangledClassName);

// A method of the class being resolved.
struct Method {
    std::string_view name;
    std::string_view signature;
    bool isNative = false;
};

// The address of an exported symbol, or nullptr when no library exports it.
using SymbolLookup = std::function<void*(const std::string& symbol)>;

struct Resolution {
    void* address = nullptr;
    std::string symbol;          // the name found
    std::string implementation;  // the method name the symbol is for (prefixes stripped)
};

// The implementation of `methods[index]` (a native method of the class whose mangled name
// is `mangledClassName`) among the symbols `lookup` knows, looked up as the VM does.
// `prefixes` holds every native method prefix in the order they were applied: the
// environments in the VM's order, each environment's prefixes in its order. nullopt when
// nothing implements it.
std::optional<Resolution> resolve(std::string_view mangledClassName, std::span<const Method> methods,
                                  std::size_t index, std::span<const std::string> prefixes,
                                  const SymbolLookup& lookup);

// The method name the prefixes leave of `name` (the last applied stripped first, each only
// when the class has a non-native method of that name and `signature`); `name` itself when
// no prefix applies.
std::string_view stripPrefixes(std::string_view name, std::string_view signature, std::span<const Method> methods,
                               std::span<const std::string> prefixes);

}  // namespace jvmtilayer::jni
