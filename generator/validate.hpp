// Validation: the generator as a linter of the spec. Checks cross references (links,
// capabilities, errors, enums, structs, incount/outcount), numbering and well-formed values.
#pragma once

#include "diag.hpp"
#include "model.hpp"

namespace jvmtigen {

// Reports every problem to `diag`; returns diag.ok().
bool validateSpec(const Spec& spec, Diagnostics& diag);

}  // namespace jvmtigen
