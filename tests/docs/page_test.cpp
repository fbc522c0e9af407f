// The generated page for each spec: valid HTML5 by tidy, every internal link lands, every
// item of the model has its anchor; and what the page says about a few functions and events.
#include <catch2/catch.hpp>

#include <algorithm>

#include "docs_support.hpp"
#include "emitters.hpp"

using namespace docstest;
using namespace testsupport;

namespace {

// The text of the element that starts at id="id", up to the next element of the same kind
// of entry (good enough to look at one function's or event's section).
std::string sectionOf(const std::string& html, const std::string& id) {
    const std::string open = "<section class=\"entry";
    const size_t at = html.find("id=\"" + id + "\"");
    REQUIRE(at != std::string::npos);
    const size_t start = html.rfind(open, at);
    REQUIRE(start != std::string::npos);
    size_t end = html.find(open, at);
    if (end == std::string::npos) end = html.size();
    return html.substr(start, end - start);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("the docs emitter is registered as docs and writes docs/jvmti.html") {
    const auto& all = jvmtigen::allEmitters();
    auto it = std::find_if(all.begin(), all.end(), [](const auto& e) { return e.name == "docs"; });
    REQUIRE(it != all.end());
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    CHECK(page.html.starts_with("<!DOCTYPE html>"));
    CHECK(page.html.size() > 100000);
}

TEST_CASE("the page of each spec is valid HTML5 by tidy") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            requireTidyClean(page.file);
        }
    }
}

TEST_CASE("every internal link of each page lands on an element, and no id is used twice") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            const auto tags = scanTags(page.html);
            size_t links = 0;
            for (const auto& t : tags)
                if (t.attrs.count("href") && t.attrs.at("href").starts_with("#")) ++links;
            CHECK(links > 500);  // the page is cross-linked, not just anchored
            const auto problems = linkProblems(tags);
            for (const auto& p : problems) UNSCOPED_INFO(p);
            CHECK(problems.empty());
        }
    }
}

TEST_CASE("every function, event, type, constant, error and capability of the model has its anchor") {
    for (const auto& c : specCases()) {
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            std::set<std::string> ids;
            for (const auto& t : scanTags(page.html))
                if (t.attrs.count("id")) ids.insert(t.attrs.at("id"));
            const auto required = requiredAnchors(readSpec(c.spec));
            CHECK(required.size() > 900);
            std::vector<std::string> missing;
            for (const auto& id : required)
                if (!ids.count(id)) missing.push_back(id);
            for (const auto& m : missing) UNSCOPED_INFO("no anchor: " << m);
            CHECK(missing.empty());
        }
    }
}

TEST_CASE("the page says what a function needs: signature, phase, position, parameters and errors") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string fc = sectionOf(page.html, "GetFrameCount");
    CHECK(has(fc, "<b>GetFrameCount</b>("));
    CHECK(has(fc, "<a href=\"#jthread\">jthread</a> thread,"));
    CHECK(has(fc, "<a href=\"#jint\">jint</a>* count_ptr)"));
    CHECK(has(fc, "May be called only in the live phase."));
    CHECK(has(fc, "<dd>16 in the"));
    CHECK(has(fc, "id=\"GetFrameCount.count_ptr\""));
    CHECK(has(fc, "<code>NULL</code> stands for the current thread."));
    CHECK(has(fc, "Must not be <code>NULL</code>."));
    // errors implied by the parameters, then the universal ones
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_INVALID_THREAD\">"));
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_NULL_POINTER\"><code>JVMTI_ERROR_NULL_POINTER</code></a></td><td><a "
                  "href=\"#GetFrameCount.count_ptr\"><code>count_ptr</code></a> is <code>NULL</code>."));
    CHECK(has(fc, "<a href=\"#JVMTI_ERROR_WRONG_PHASE\">"));
    CHECK_FALSE(has(fc, "<a href=\"#JVMTI_ERROR_NONE\">"));

    // Memory JVM TI allocates: who frees it, with what.
    const std::string all = sectionOf(page.html, "GetAllThreads");
    CHECK(has(all, "newly allocated array of"));
    CHECK(has(all, "which the agent releases with <a href=\"#Deallocate\"><code>Deallocate</code></a>."));
    CHECK(has(all, "Its elements are JNI local references."));

    // A required capability, with what it enables, and the error for lacking it.
    const std::string pop = sectionOf(page.html, "PopFrame");
    CHECK(has(pop, "<a href=\"#jvmtiCapabilities.can_pop_frame\"><code>can_pop_frame</code></a>"));
    CHECK(has(pop, "JVMTI_ERROR_MUST_POSSESS_CAPABILITY"));
    CHECK(has(pop, "Required capabilities"));

    // A parameter that may be NULL says so, with the spec's own words on what NULL means.
    const std::string sig = sectionOf(page.html, "GetClassSignature");
    CHECK(has(sig, "May be <code>NULL</code>: "));
}

TEST_CASE("the page says how an event is sent and enabled, with its handler's prototype") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string init = sectionOf(page.html, "VMInit");
    CHECK(has(init, "void JNICALL <b>VMInit</b>("));
    CHECK(has(init, "<a href=\"#jvmtiEnv\">jvmtiEnv</a>* jvmti_env,"));
    CHECK(has(init, "<code><a href=\"#SetEventNotificationMode\">SetEventNotificationMode</a>(JVMTI_ENABLE, "
                    "JVMTI_EVENT_VM_INIT, NULL)</code>"));
    CHECK(has(init, "Sent only in the live phase."));
    CHECK(has(init, "id=\"VMInit.thread\""));
    CHECK(has(init, "A JNI local reference, valid until the handler returns."));

    const std::string step = sectionOf(page.html, "SingleStep");
    CHECK(has(step, "JVMTI_EVENT_SINGLE_STEP, thread)</code> for one thread only."));
    CHECK(has(step, "can_generate_single_step_events"));
}

TEST_CASE("prose placeholders become content: constants tables and phase lists") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const std::string state = sectionOf(page.html, "GetThreadState");
    CHECK(has(state, "<div class=\"constants\" id=\"jvmtiThreadState\">"));
    CHECK(has(state, "<tr id=\"JVMTI_THREAD_STATE_ALIVE\">"));
    const std::string phase = sectionOf(page.html, "GetPhase");
    CHECK(has(phase, "<ul class=\"phaselist\"><li><a href=\"#"));
    CHECK(has(phase, "<a href=\"#AddCapabilities\"><code>AddCapabilities</code></a>"));
}

TEST_CASE("links out of the page are absolute: JNI, the JVM specification, the API docs") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    size_t jni = 0, jvms = 0, api = 0;
    for (const auto& t : scanTags(page.html)) {
        auto href = t.attrs.find("href");
        if (href == t.attrs.end() || href->second.starts_with("#")) continue;
        INFO(href->second);
        CHECK(href->second.starts_with("https://"));
        // Our spec is 28, in early access: its links go to the newest published documentation, 27's.
        if (href->second.starts_with("https://docs.oracle.com/en/java/javase/27/docs/specs/jni/")) ++jni;
        if (href->second.starts_with("https://docs.oracle.com/javase/specs/jvms/se27/html/jvms-")) ++jvms;
        if (href->second.starts_with("https://docs.oracle.com/en/java/javase/27/docs/api/java.base/")) ++api;
    }
    CHECK(jni > 5);
    CHECK(jvms > 5);
    CHECK(api > 3);
    CHECK(has(page.html, "https://docs.oracle.com/javase/specs/jvms/se27/html/jvms-4.html#jvms-4.3.2"));
}

TEST_CASE("the page stands alone: inline style, no scripts or styles fetched, light and dark, print") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    for (const auto& t : scanTags(page.html)) {
        CHECK_FALSE(t.attrs.count("src"));
        if (t.name == "link") CHECK(t.attrs.at("rel") != "stylesheet");
    }
    CHECK(has(page.html, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"));
    CHECK(has(page.html, "@media (prefers-color-scheme: dark)"));
    CHECK(has(page.html, "@media print"));
}

TEST_CASE("changes by release: each release lists what it added, by kind, linked to entries that exist") {
    GeneratedPage page;
    generate(page, sourceDir() / "spec" / "jvmti.xml");
    const auto tags = scanTags(page.html);
    std::set<std::string> ids;
    for (const auto& t : tags)
        if (t.attrs.count("id")) ids.insert(t.attrs.at("id"));
    REQUIRE(ids.count("ChangesByRelease"));
    CHECK(has(page.html, "<li><a href=\"#ChangesByRelease\">Changes by release</a>"));  // in the contents

    // One release's part of the section: from its anchor to the next release's.
    auto releasePart = [&](const std::string& since) {
        const size_t at = page.html.find("<section class=\"release\" id=\"ChangesIn" + since + "\">");
        REQUIRE(at != std::string::npos);
        size_t end = page.html.find("<section class=\"release\"", at + 1);
        if (end == std::string::npos) end = page.html.find("</section>", at);
        return page.html.substr(at, end - at);
    };
    // The items of one kind (the <h4> that names it up to the list's end) in a release's part.
    auto kindPart = [&](const std::string& part, const std::string& kind) {
        const size_t at = part.find("<h4>" + kind + "</h4>");
        REQUIRE(at != std::string::npos);
        return part.substr(at, part.find("</ul>", at) - at);
    };
    auto linked = [&](const std::string& part, const std::string& target, const std::string& text) {
        INFO(target);
        CHECK(has(part, "<a href=\"#" + target + "\"><code>" + text + "</code></a>"));
        CHECK(ids.count(target));
    };
    const std::string r21 = releasePart("21");
    CHECK(has(r21, "<h3>Version 21</h3>"));
    linked(kindPart(r21, "Functions"), "SuspendAllVirtualThreads", "SuspendAllVirtualThreads");
    linked(kindPart(r21, "Functions"), "ResumeAllVirtualThreads", "ResumeAllVirtualThreads");
    linked(kindPart(r21, "Events"), "VirtualThreadStart", "VirtualThreadStart");
    linked(kindPart(r21, "Capabilities"), "jvmtiCapabilities.can_support_virtual_threads",
           "can_support_virtual_threads");
    linked(kindPart(r21, "Errors"), "JVMTI_ERROR_UNSUPPORTED_OPERATION", "JVMTI_ERROR_UNSUPPORTED_OPERATION");
    CHECK_FALSE(has(r21, "ClearAllFramePops"));
    CHECK_FALSE(has(r21, "VirtualThreadMount"));  // elided: in no release
    const std::string r25 = releasePart("25");
    linked(kindPart(r25, "Functions"), "ClearAllFramePops", "ClearAllFramePops");
    CHECK_FALSE(has(r25, "<h4>Events</h4>"));  // kinds with nothing added are left out
    linked(kindPart(releasePart("9"), "Errors"), "JVMTI_ERROR_INVALID_MODULE", "JVMTI_ERROR_INVALID_MODULE");
    linked(kindPart(releasePart("1.1"), "Types"), "jvmtiHeapCallbacks", "jvmtiHeapCallbacks");
    // The first release is summed up, not listed.
    const std::string r10 = releasePart("1.0");
    CHECK(has(r10, "The first release"));
    CHECK_FALSE(has(r10, "<h4>"));
    // Releases with nothing added are left out (no 10, no 17 in this spec).
    CHECK_FALSE(ids.count("ChangesIn10"));
    CHECK_FALSE(ids.count("ChangesIn17"));

    // Every link of the section lands on an element of the page.
    const size_t begin = page.html.find("<section id=\"ChangesByRelease\">");
    const size_t end = page.html.find("<section id=\"ChangeHistory\">", begin);
    REQUIRE(end != std::string::npos);
    size_t links = 0;
    for (const auto& t : scanTags(page.html.substr(begin, end - begin)))
        if (t.attrs.count("href")) {
            ++links;
            INFO(t.attrs.at("href"));
            CHECK(ids.count(t.attrs.at("href").substr(1)));
        }
    CHECK(links > 60);

    // Every entry's heading shows its release, linked to that release's part.
    CHECK(has(sectionOf(page.html, "ClearAllFramePops"),
              "<span class=\"syn\">Clear All Frame Pops</span> <a class=\"badge\" href=\"#ChangesIn25\">since 25</a>"));
    CHECK(has(sectionOf(page.html, "GetFrameCount"), "<a class=\"badge\" href=\"#ChangesIn1.0\">since 1.0</a> <a class=\"self\""));
    CHECK(has(sectionOf(page.html, "VirtualThreadStart"), "<a class=\"badge\" href=\"#ChangesIn21\">since 21</a>"));
    CHECK(has(page.html, "<code>JVMTI_ERROR_UNSUPPORTED_OPERATION</code> <a class=\"badge\" href=\"#ChangesIn21\">since 21</a>"));
    CHECK(has(page.html, "<code>can_support_virtual_threads</code> <a class=\"badge\" href=\"#ChangesIn21\">since 21</a>"));
}

TEST_CASE("changes by release on OpenJDK's specs: the releases their since values name") {
    for (const auto& c : specCases()) {
        if (c.name == "spec/jvmti.xml") continue;
        SECTION(c.name) {
            GeneratedPage page;
            generate(page, c.spec, c.version);
            CHECK(has(page.html, "<section id=\"ChangesByRelease\">"));
            CHECK(has(page.html, "<section class=\"release\" id=\"ChangesIn11\">"));
            // Both name the event and capability of 11 (the function was SetHeapSamplingRate in jdk11-ea).
            CHECK(has(page.html, "<a href=\"#SampledObjectAlloc\"><code>SampledObjectAlloc</code></a>"));
            CHECK(has(page.html, "<a href=\"#jvmtiCapabilities.can_generate_sampled_object_alloc_events\">"));
            CHECK_FALSE(has(page.html, "id=\"ChangesIn21\""));
        }
    }
}
