// Calls after which a path does not go on, beyond those Clang's own model knows (functions
// declared noreturn, exit, abort: core.builtin.NoReturnFunctions, which jvmti-lint enables):
// JNI's FatalError, which the JNI specification says does not return (agents call it on an error
// they cannot handle, often from a helper such as check_jvmti_status), and the functions of the
// file found never to return (no_return.hpp), when the analysis does not step into them.
#pragma once

namespace clang::ento {
class CheckerManager;
}

namespace jvmtilint {

void registerPathEndModel(clang::ento::CheckerManager& manager);

}  // namespace jvmtilint
