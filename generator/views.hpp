// JSON views shared by the emitters of C++ sources: a function's signature parameters as
// declarations and as forwarded arguments.
#pragma once

#include <nlohmann/json.hpp>

#include "model.hpp"

namespace jvmtigen {

// Sets "more" on every element but the last, so templates can place separators.
nlohmann::json withMore(nlohmann::json list);

// [{decl: "jint* count_ptr", name: "count_ptr", ctype: "jint*"}], varargs left out:
// the generated C++ layers do not pass them on.
nlohmann::json fixedParams(const std::vector<Param>& params);

// {num, id, synopsis, params} of a function, the common part of every per-function view.
nlohmann::json functionView(const Function& f);

}  // namespace jvmtigen
