// The shared library of the natives tests (natives_elf_test.cpp): two exported Java_
// functions, one other exported function, and names the reader must leave out: a hidden
// function, an exported data object, a weak import nothing defines.
#define FIXTURE_EXPORT __attribute__((visibility("default")))

extern "C" {

FIXTURE_EXPORT int Java_fixture_Lib_add(void*, void*, int a, int b) { return a + b; }

FIXTURE_EXPORT int Java_fixture_Lib_mul__II(void*, void*, int a, int b) { return a * b; }

FIXTURE_EXPORT int fixture_answer() { return 42; }

__attribute__((visibility("hidden"))) int Java_fixture_Lib_hidden(int a) { return a + 1; }

FIXTURE_EXPORT int Java_fixture_Lib_data = 7;

FIXTURE_EXPORT void Java_fixture_Lib_imported() __attribute__((weak));

// Keeps the hidden function and the import referenced.
FIXTURE_EXPORT int fixture_uses(int a) {
    if (Java_fixture_Lib_imported != nullptr) Java_fixture_Lib_imported();
    return Java_fixture_Lib_hidden(a) + Java_fixture_Lib_data;
}

}  // extern "C"
