/* tinyvm: the C interface of the consumer's tiny VM. Nothing JVMTI shows through it. */
#ifndef TINYVM_H
#define TINYVM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Loads the agent library at `path` and calls its Agent_OnLoad with `options`, in the
 * OnLoad phase. Returns what Agent_OnLoad returned, or -1000 when the library or the
 * function cannot be found. */
int tinyvm_load_agent(const char* path, const char* options);

/* Ends the OnLoad phase: the VM is live. */
void tinyvm_start(void);

/* The VM's own calls through the checking table; writes one line per call into `report`
 * and returns how many calls returned an error other than the expected one. */
int tinyvm_self_check(char* report, size_t size);

/* The ids of every check that failed so far, in order, separated by spaces. */
const char* tinyvm_violations(void);

#ifdef __cplusplus
}
#endif

#endif
