/* Deallocate.mem.unknown in C: memory JVMTI did not hand out. */
#include <jvmti.h>
#include <stdlib.h>

void stack(jvmtiEnv* jvmti) {
    unsigned char buffer[32];
    (*jvmti)->Deallocate(jvmti, buffer); /* expect: Deallocate.mem.unknown */
}

void heap(jvmtiEnv* jvmti) {
    unsigned char* mine = malloc(32);
    if (mine == NULL) return;
    (*jvmti)->Deallocate(jvmti, mine); /* expect: Deallocate.mem.unknown */
}

void literal(jvmtiEnv* jvmti) {
    (*jvmti)->Deallocate(jvmti, (unsigned char*)"text"); /* expect: Deallocate.mem.unknown */
}

/* Negative: Allocate's memory, and malloc's given back with free. */
void right(jvmtiEnv* jvmti) {
    unsigned char* mem;
    unsigned char* mine = malloc(8);
    free(mine);
    if ((*jvmti)->Allocate(jvmti, 8, &mem) != JVMTI_ERROR_NONE) return;
    (*jvmti)->Deallocate(jvmti, mem);
}
