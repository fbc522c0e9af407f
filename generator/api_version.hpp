// One spec as an earlier release saw it (--api-version): everything the spec says came later
// (its `since`) is left out, in a way that keeps every number and bit where that release had
// it. The result is an ordinary Spec that validation, derivations and emitters take as is.
#pragma once

#include <optional>
#include <string>

#include "diag.hpp"
#include "model.hpp"

namespace jvmtigen {

// A `since` value ("1.1", "21", "1.2.1") as a version; nothing when it is not one.
std::optional<Version> parseSince(const std::string& since);

// Why `v` names no JVMTI release (1.0 to 1.2, then 9, 10, 11, ... with minor 0); nothing when
// it names one.
std::optional<std::string> notAJvmtiRelease(const Version& v);

// The spec of release `target`: functions, events, capabilities, typedefs, fields,
// callbacks, constants groups and constants, errors and change-history entries whose
// `since` (or version) is later are left out; references to them (an error a function lists,
// a capability it names, links in prose) go with them, a link becoming its text; a <note> of
// prose that is later goes as a whole. Function
// and event numbers are kept, so their slots become reserved. Elided items are left as they
// are: they belong to no release. Capabilities can only be left out at the end (their bits
// would move otherwise): a later capability before a kept one is reported to `diag`, and so
// is a kept item whose type is one left out (the spec's dates contradict each other). Takes
// the spec by value: a caller done with the full spec moves it in, and nothing is copied.
Spec specAsOf(Spec spec, const Version& target, Diagnostics& diag);

}  // namespace jvmtigen
