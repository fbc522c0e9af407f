// The model of JVMTI calls (call_model.cpp): registered first, read by every checker.
#pragma once

namespace clang::ento {
class CheckerManager;
}

namespace jvmtilint {

void registerCallModel(clang::ento::CheckerManager& manager);

}  // namespace jvmtilint
