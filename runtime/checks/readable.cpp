#include "checks/readable.hpp"

#include <cerrno>
#include <cstdint>

#include <sys/uio.h>
#include <unistd.h>

namespace jvmtilayer::checks {

bool readable(const void* address, std::size_t size) noexcept {
    // A page below 64 KiB is never mapped on Linux (vm.mmap_min_addr): no need to ask.
    if (reinterpret_cast<std::uintptr_t>(address) < 0x10000) return false;
    // process_vm_readv on our own process copies through the kernel, which reports EFAULT for
    // an unmapped or unreadable source instead of raising SIGSEGV.
    unsigned char buffer[64];
    if (size > sizeof buffer) size = sizeof buffer;
    iovec local{buffer, size};
    iovec remote{const_cast<void*>(address), size};
    const ssize_t n = ::process_vm_readv(::getpid(), &local, 1, &remote, 1, 0);
    if (n >= 0) return n == static_cast<ssize_t>(size);
    return errno != EFAULT;  // EPERM, ENOSYS: a sandbox that will not answer
}

}  // namespace jvmtilayer::checks
