// Whether memory can be read without faulting: asked of the kernel, so a wild pointer is
// answered, not dereferenced.
#pragma once

#include <cstddef>

namespace jvmtilayer::checks {

// False only when the kernel says [address, address + size) is not readable by this
// process; true when it is, or when the kernel will not say (the question then cannot
// prove anything wrong).
bool readable(const void* address, std::size_t size) noexcept;

}  // namespace jvmtilayer::checks
