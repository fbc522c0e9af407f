// The facts of a spec that `jvmtigen --diff` compares: every item of the interface under a
// stable key, with its properties as one normalized value string. Two specs (or two releases
// of one) differ exactly where their facts do.
#pragma once

#include <map>
#include <string>

#include "model.hpp"

namespace jvmtigen {

// Key -> value. Keys name one item, or one part of an item (after the first '.'):
//   version                                  "25.0.0"
//   function F                               "num 67, phase live, since 25.0.0" (+ callbacksafe, eventcapabilities)
//   function F.param P                       "1: jthread (null=current, impl=noconvert)"
//   function F.capability C                  "required" | "optional"
//   function F.error E                       "" (listed once) | "listed N times"
//   event E                                  "num 88, JVMTI_EVENT_VIRTUAL_THREAD_END, phase start,
//                                             filtered thread, since 21.0.0"
//   event E.param P, event E.capability C    as for functions
//   capability C                             "bit 44, since 21.0.0"
//   error E                                  "num 73, since 21.0.0"
//   constants G                              "enum, since 1.1.0" (kind enum, bits or const)
//   constant C                               "0x0001 in jvmtiThreadState" (+ ", since X" when later than its group)
//   constant JVMTI_VERSION_21                "0x30150000 (header version constant)" (derive.hpp's list)
//   struct T, union T                        "since 1.0.0"
//   struct T.field F, union T.field F        "1: jint" (+ ", since X" when later than its structure)
//   callback T                               "returns jint, since 1.1.0"
//   callback T.param P                       as for functions
//   basetype T                               its C definition, if the spec gives one ("" otherwise)
// Positions count parameters (of the C signature, after jvmtiEnv*) and fields from 1; "-" is a
// parameter the signature does not take. A type is "C type (wrapper kind, its attributes,
// the base element's attributes)". Elided items belong to no release and are no facts.
// `since` is written X.Y.Z; where a file does not date an item the model's default 1.0 shows.
using Facts = std::map<std::string, std::string>;

Facts specFacts(const Spec& spec, const Version& version);

}  // namespace jvmtigen
