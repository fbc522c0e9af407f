// Views shared by the emitters of C++ sources: a function's signature parameters as
// declarations and as forwarded arguments.
#pragma once

#include "model.hpp"
#include "template_data.hpp"

namespace jvmtigen {

// [{decl: "jint* count_ptr", name: "count_ptr", ctype: "jint*"}], varargs left out:
// the generated C++ layers do not pass them on.
Data fixedParams(const std::vector<Param>& params);

// {num, id, synopsis, varargs} of a function, for views that do not show its parameters.
Object functionHead(const Function& f);

// functionHead and params: the common part of every per-function view.
Object functionView(const Function& f);

}  // namespace jvmtigen
