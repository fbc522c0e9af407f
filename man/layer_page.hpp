// jvmtilayer(7): the layer's settings as a man page, rendered from the settings schema
// (runtime/settings/settings_schema.json), the same source as the layer's parser and
// docs/layer-options.md.
#pragma once

#include <string>

#include "settings/settings.hpp"

namespace jvmtihelp {

std::string layerManPage(const jvmtilayer::Schema& schema);

}  // namespace jvmtihelp
