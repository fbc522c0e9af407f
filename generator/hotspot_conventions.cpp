// The tables of hotspot_conventions.hpp. Facts of HotSpot's JVMTI sources (JvmtiEnv, JvmtiExport,
// JvmtiTrace, the logging formats), kept here so that the emitters derive nothing from habit.
#include "hotspot_conventions.hpp"

namespace jvmtigen::hotspot {

const std::vector<Conversion>& conversions() {
    // jthread only without impl="noconvert"; jclass only when it names no method's or field's
    // class (such a jclass serves the check of its jmethodID or jfieldID and is not passed).
    static const std::vector<Conversion> table = {
        {"jthread", "JavaThread*", "java_thread", "java_thread"},
        {"jrawMonitorID", "JvmtiRawMonitor *", "rmonitor", "rmonitor"},
        {"jframeID", "jint", "depth", "depth"},
        {"jmethodID", "Method*", "checked_method", "checked_method"},
        {"jfieldID", "fieldDescriptor*", "fdesc_ptr", "&fdesc"},
        {"jclass", "oop", "k_mirror", "k_mirror"},
    };
    return table;
}

const ArgTests& nullPointerTests() {
    static const ArgTests t{"pointer", {{{}, "$ == NULL", "JVMTI_ERROR_NULL_POINTER", "", ""}}};
    return t;
}

const ArgTests& rawMonitorTests() {
    static const ArgTests t{
        "raw monitor",
        {{{"JvmtiRawMonitor *rmonitor = (JvmtiRawMonitor *)$;"}, "rmonitor == NULL", "JVMTI_ERROR_INVALID_MONITOR",
          " - raw monitor is NULL", ""},
         {{}, "!rmonitor->is_valid()", "JVMTI_ERROR_INVALID_MONITOR", " - not a raw monitor \" PTR_FORMAT \"",
          "p2i(rmonitor)"}}};
    return t;
}

const ArgTests& threadTests() {
    static const ArgTests t{
        "thread",
        {{{"err = JvmtiExport::cv_external_thread_to_JavaThread(tlh.list(), $, &java_thread, NULL);"},
          "err != JVMTI_ERROR_NONE", "err",
          " - jthread did not convert to a JavaThread - jthread = \" PTR_FORMAT \"", "p2i($)"}},
        {"JavaThread* java_thread = NULL;", "ThreadsListHandle tlh(this_thread);"}};
    return t;
}

const ArgTests& frameDepthTests() {
    // The note says "jthread" though it shows the depth: HotSpot's log line, kept as it reads.
    static const ArgTests t{"frame depth",
                            {{{}, "$ < 0", "JVMTI_ERROR_ILLEGAL_ARGUMENT",
                              " - negative depth - jthread = \" INT32_FORMAT \"", "$"}}};
    return t;
}

const ArgTests& classTests() {
    static const ArgTests t{
        "class",
        {{{"oop k_mirror = JNIHandles::resolve_external_guard($);"}, "k_mirror == NULL", "JVMTI_ERROR_INVALID_CLASS",
          " - resolved to NULL - jclass = \" PTR_FORMAT \"", "p2i($)"},
         {{}, "!k_mirror->is_a(vmClasses::Class_klass())", "JVMTI_ERROR_INVALID_CLASS",
          " - not a class - jclass = \" PTR_FORMAT \"", "p2i($)"}}};
    return t;
}

const ArgTests& klassTests() {
    static const ArgTests t{
        "class of a member",
        {{{}, "java_lang_Class::is_primitive(k_mirror)", "JVMTI_ERROR_INVALID_CLASS",
          " - is a primitive class - jclass = \" PTR_FORMAT \"", "p2i($)"},
         {{"Klass* k_oop = java_lang_Class::as_Klass(k_mirror);"}, "k_oop == NULL", "JVMTI_ERROR_INVALID_CLASS",
          " - no Klass* - jclass = \" PTR_FORMAT \"", "p2i($)"}}};
    return t;
}

const ArgTests& methodTests() {
    static const ArgTests t{"method",
                            {{{"Method* checked_method = Method::checked_resolve_jmethod_id($);"},
                              "checked_method == NULL", "JVMTI_ERROR_INVALID_METHODID", "", ""}}};
    return t;
}

const ArgTests& nativeMethodTests() {
    static const ArgTests t{"native method",
                            {{{}, "checked_method->is_native()", "JVMTI_ERROR_NATIVE_METHOD", "", "", false}}};
    return t;
}

const ArgTests& fieldTests() {
    static const ArgTests t{"field",
                            {{{"ResourceMark rm_fdesc(current_thread);", "fieldDescriptor fdesc;"},
                              "!JvmtiEnv::get_field_descriptor(k_oop, $, &fdesc)", "JVMTI_ERROR_INVALID_FIELDID", "",
                              ""}}};
    return t;
}

const ArgTests& stubClassTests() {
    static const ArgTests t{
        "stub's class",
        {{{}, "java_lang_Class::is_primitive(k_mirror)", kStubResult, "", ""},
         {{"Klass* k_oop = java_lang_Class::as_Klass(k_mirror);"}, "k_oop == NULL", "JVMTI_ERROR_INVALID_CLASS", "", ""}}};
    return t;
}

const ArgTests& minimumTests() {
    static const ArgTests t{"minimum", {{{}, "$ < @", "JVMTI_ERROR_ILLEGAL_ARGUMENT", "", ""}}};
    return t;
}

const std::vector<TraceShow>& traceShows() {
    // jframeID's piece has no leading space and a fixed name: HotSpot's trace line reads
    // "thread=...depth=3", and stays so here.
    static const std::vector<TraceShow> table = {
        {"jint", " $=\" INT32_FORMAT \"", {"$"}},
        {"jlocation", " $=\" JLONG_FORMAT \"", {"$"}},
        {"jlong", " $=\" JLONG_FORMAT \"", {"$"}},
        {"size_t", " $=\" SIZE_FORMAT_HEX \"", {"$"}},
        {"jfloat", " $=%f", {"$"}},
        {"jdouble", " $=%f", {"$"}},
        {"char", " $=%c", {"$"}},
        {"uchar", " $=0x%x", {"$"}},
        {"jchar", " $=0x%x", {"$"}},
        {"jboolean", " $=%s", {"$? \"true\" : \"false\""}},
        {"enum", " $=%d:%s", {"$", "#"}},  // # is the enum's namer (enumNamers)
        {"jrawMonitorID", " $=%s", {"rmonitor->get_name()"}},
        {"jfieldID", " $=%s", {"fdesc.name()->as_C_string()"}},
        {"jclass", " $=%s", {"JvmtiTrace::get_class_name(k_mirror)"}},
        {"jthread", " $=%s", {"JvmtiTrace::safe_get_thread_name(java_thread)"}},
        {"jframeID", "depth=%d", {"$"}},
        {"jmethodID", " $=%s.%s",
         {"checked_method == NULL? \"NULL\" : checked_method->klass_name()->as_C_string()",
          "checked_method == NULL? \"NULL\" : checked_method->name()->as_C_string()"}},
    };
    return table;
}

const std::vector<EnumNamer>& enumNamers() {
    static const std::vector<EnumNamer> table = {
        {"jvmtiError", "JvmtiUtil::error_name($)"},
        {"jvmtiEvent", "JvmtiTrace::event_name($)"},
        {"", "JvmtiTrace::enum_name(@ConstantNames, @ConstantValues, $)"},
    };
    return table;
}

}  // namespace jvmtigen::hotspot
