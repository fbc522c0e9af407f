// The model as JSON: the stable schema of `jvmtigen --dump-model` (docs/model-schema.md).
#pragma once

#include <nlohmann/json.hpp>

#include "model.hpp"

namespace jvmtigen {

inline constexpr int kModelSchemaVersion = 1;

nlohmann::json paramJson(const Param& p);
nlohmann::json modelJson(const Spec& spec, const Version& version);

}  // namespace jvmtigen
