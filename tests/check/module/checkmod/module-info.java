/** jvmti-check's modular test program. */
module checkmod {
}
