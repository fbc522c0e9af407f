// inject='s universe from the generated metadata (jvmti_metadata.hpp): every function with its
// allowed and environmental errors, and every error's name. The layer plans with it, and so
// does jvmti-check, which refuses a bad plan before it runs anything.
#pragma once

#include "inject/plan.hpp"

namespace jvmtilayer::inject {

Universe metadataUniverse();

}  // namespace jvmtilayer::inject
