// For the libTooling tools built with AddressSanitizer (JVMTIGEN_SANITIZE). LLVM's headers poison
// and unpoison the slabs of their bump allocators when the including code is built with ASan,
// but Debian's libclang-cpp is not: a slab our code poisoned is then handed out by the library's
// own code, which does not unpoison it, and our next read of what the library put there is
// reported as use-after-poison although it is not. Manual poisoning is switched off, so ASan
// still checks every access of ours but trusts the allocator's bookkeeping to neither side.
// Included once, by each tool's main.cpp.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
extern "C" const char* __asan_default_options() { return "allow_user_poisoning=0"; }
#endif
