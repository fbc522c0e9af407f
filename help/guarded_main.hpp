// Every tool's main runs its body through guardedMain: no exception leaves a tool. One that would
// becomes a message naming the tool on standard error, and a documented exit status.
#pragma once

#include <cstdio>
#include <exception>
#include <new>

namespace jvmtihelp {

template <typename Body>
int guardedMain(const char* tool, int status, Body&& body) noexcept {
    try {
        return body();
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr, "%s: out of memory\n", tool);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "%s: internal error: %s\n", tool, e.what());
    } catch (...) {
        std::fprintf(stderr, "%s: internal error\n", tool);
    }
    return status;
}

}  // namespace jvmtihelp
