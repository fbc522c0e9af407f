/*
 * agent_util.h: the little the test agents share (C and C++): option parsing, an output file,
 * error names. Header-only, every function static, so each agent library keeps its own copy
 * and exports nothing but what it means to.
 */
#ifndef AGENT_UTIL_H
#define AGENT_UTIL_H

#include <jvmti.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The JVMTI version the agents ask for: the JDK 17 host knows nothing newer than 17. */
#define AU_JVMTI_VERSION JVMTI_VERSION_11

/* Copies the value of `key` in "k1=v1,k2=v2,flag" into buf ("" for a bare flag); NULL when absent. */
static inline const char* au_option(const char* options, const char* key, char* buf, size_t size)
{
    size_t klen = strlen(key);
    const char* p = options;
    if (options == NULL || size == 0) return NULL;
    while (*p != '\0') {
        const char* end = strchr(p, ',');
        if (end == NULL) end = p + strlen(p);
        if ((size_t)(end - p) >= klen && strncmp(p, key, klen) == 0 && (p + klen == end || p[klen] == '=')) {
            const char* v = p + klen == end ? end : p + klen + 1;
            size_t n = (size_t)(end - v);
            if (n >= size) n = size - 1;
            memcpy(buf, v, n);
            buf[n] = '\0';
            return buf;
        }
        p = *end != '\0' ? end + 1 : end;
    }
    return NULL;
}

/* The agent's output: the file named by out=FILE, else stdout. */
static FILE* au_out_file = NULL;

static inline FILE* au_out(void)
{
    return au_out_file != NULL ? au_out_file : stdout;
}

/* Opens out=FILE of the options (truncating it); 0 on success. */
static inline int au_open(const char* options)
{
    char path[1024];
    if (au_option(options, "out", path, sizeof path) == NULL || path[0] == '\0') {
        au_out_file = NULL;
        return 0;
    }
    au_out_file = fopen(path, "w");
    if (au_out_file == NULL) {
        fprintf(stderr, "agent: cannot open %s\n", path);
        return 1;
    }
    return 0;
}

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static inline void au_printf(const char* format, ...)
{
    va_list ap;
    va_start(ap, format);
    vfprintf(au_out(), format, ap);
    va_end(ap);
    fflush(au_out());
}

static inline void au_close(void)
{
    if (au_out_file != NULL) {
        fclose(au_out_file);
        au_out_file = NULL;
    }
}

/* The error's name from GetErrorName (deallocated again), or "?" when that fails. */
static inline const char* au_error_name(jvmtiEnv* jvmti, jvmtiError err, char* buf, size_t size)
{
    char* name = NULL;
    snprintf(buf, size, "?");
#ifdef __cplusplus
    if (jvmti->GetErrorName(err, &name) == JVMTI_ERROR_NONE && name != NULL) {
        snprintf(buf, size, "%s", name);
        jvmti->Deallocate((unsigned char*)name);
    }
#else
    if ((*jvmti)->GetErrorName(jvmti, err, &name) == JVMTI_ERROR_NONE && name != NULL) {
        snprintf(buf, size, "%s", name);
        (*jvmti)->Deallocate(jvmti, (unsigned char*)name);
    }
#endif
    return buf;
}

/* Reports a failed call in the output (so a golden comparison fails) and on stderr. */
static inline jvmtiError au_check(jvmtiEnv* jvmti, jvmtiError err, const char* what, int line)
{
    if (err != JVMTI_ERROR_NONE) {
        char name[128];
        au_error_name(jvmti, err, name, sizeof name);
        au_printf("FAILED line %d: %s -> %d %s\n", line, what, (int)err, name);
        fprintf(stderr, "agent: FAILED line %d: %s -> %d %s\n", line, what, (int)err, name);
    }
    return err;
}

#define AU_CHECK(jvmti, call) au_check((jvmti), (call), #call, __LINE__)

/* The internal name of a class signature: "Lp/q/R;" -> "p/q/R" into buf. */
static inline const char* au_class_name(const char* signature, char* buf, size_t size)
{
    size_t n = strlen(signature);
    if (n >= 2 && signature[0] == 'L' && signature[n - 1] == ';') {
        snprintf(buf, size, "%.*s", (int)(n - 2), signature + 1);
    } else {
        snprintf(buf, size, "%s", signature);
    }
    return buf;
}

#endif
