#include "trace/tracing.hpp"

#include <atomic>
#include <cstring>
#include <memory>
#include <optional>
#include <vector>

#include "jvmti_metadata.hpp"
#include "state/state.hpp"
#include "trace/filter/trace_filter.hpp"
#include "trace/stats.hpp"
#include "trace/trace_names.hpp"
#include "trace/trace_values.hpp"
#include "trace/writer.hpp"

namespace jvmtilayer::tracing {

namespace {

namespace md = jvmti_metadata;
using trace_filter::EventFlags;
using trace_filter::FunctionFlags;

// What trace= and stats= set up; created once, never freed (threads may still trace while the
// VM exits).
struct Session {
    std::vector<FunctionFlags> functions;  // by function number
    std::vector<EventFlags> events;        // by event number
    // Names by number, for the hot path (the metadata's lookups search).
    std::vector<const char*> functionNames, eventNames;
    std::vector<bool> eventForbidsLookups;
    trace::Tracer tracer;
    bool tracing = false;
    std::unique_ptr<trace::Stats> stats;
    std::string statsTarget;
    unsigned statsMode = 0600;  // file-mode=
    VmNames names;
    bool noAddr = false;
    bool callsOn = false, eventsOn = false;  // traced or counted
    bool noteCalls = false;                  // advice=true: calls noted per environment

    Session(JavaVM* vm, jvmtiEnv* control) : names(vm, control) {}
};

std::atomic<Session*> session{nullptr};

// A record in the making on the current thread.
struct Frame {
    trace::Record record;
    TextValues values;
    FunctionFlags fn;
    bool written = false;   // will be handed to the writer whatever happens
    bool onError = false;   // will be handed to the writer if the call fails
    bool delivered = false; // events: the agent has a callback for it
    bool inputsWritten = false, outputsWritten = false;
    std::optional<VmNames::NoLookups> quiet;  // events whose callbacks may not look names up
};

// Flags that always write the call, and those that record its arguments.
bool writesCall(FunctionFlags f) { return f.in || f.out || f.inDetail || f.outDetail; }
bool recordsInputs(FunctionFlags f) { return f.in || f.inDetail || f.errors; }

struct ThreadFrames {
    static constexpr int kMaxDepth = 64;
    std::vector<std::unique_ptr<Frame>> frames;
    int used = 0;
    int depth = 0;  // frames in use that are written: the depth of the next record
    enum class Named { Not, Done, Never } named = Named::Not;
};

// The thread's frames. Plain pointers in TLS stay readable during thread exit; the reaper
// frees the frames then, and later records on that thread are not made.
__attribute__((tls_model("initial-exec"))) thread_local ThreadFrames* threadFrames = nullptr;
__attribute__((tls_model("initial-exec"))) thread_local bool threadExited = false;
struct Reaper {
    ~Reaper() {
        delete threadFrames;
        threadFrames = nullptr;
        threadExited = true;
    }
};
thread_local Reaper reaper;

ThreadFrames* frames() noexcept {
    if (threadFrames != nullptr) return threadFrames;
    if (threadExited) return nullptr;
    try {
        (void)&reaper;  // registers its destructor for this thread
        threadFrames = new ThreadFrames;
    } catch (...) {
        return nullptr;
    }
    return threadFrames;
}

Frame* push(ThreadFrames& t) noexcept {
    if (t.used >= ThreadFrames::kMaxDepth) return nullptr;
    try {
        if (t.used == int(t.frames.size())) t.frames.push_back(std::make_unique<Frame>());
    } catch (...) {
        return nullptr;
    }
    Frame* f = t.frames[t.used++].get();
    // inputs and outputs keep their elements: valuesFor() writes over them (see settle()).
    f->inputsWritten = f->outputsWritten = false;
    f->record.error = 0;
    f->record.durationNs = 0;
    f->record.thread = 0;
    f->fn = {};
    f->written = f->onError = f->delivered = false;
    return f;
}

// Names the thread for the trace once, as soon as its name can be asked for.
void nameThread(Session& s, ThreadFrames& t) noexcept {
    if (t.named != ThreadFrames::Named::Not || !s.tracing) return;
    try {
        std::string name;
        if (!s.names.currentThread(name)) return;
        s.tracer.threadName(trace::currentThread(), name);
        t.named = ThreadFrames::Named::Done;
    } catch (...) {
        t.named = ThreadFrames::Named::Never;
    }
}

// Opens a frame of `kind`; nullptr when there is nothing to record.
Frame* open(Session& s, trace::Record::Kind kind, const char* name, bool written, bool onError, bool counted) {
    if (!written && !onError && !counted) return nullptr;
    ThreadFrames* t = frames();
    if (t == nullptr) return nullptr;
    Frame* f = push(*t);
    if (f == nullptr) return nullptr;
    f->record.kind = kind;
    f->record.name = name;
    f->written = written;
    f->onError = onError;
    if (written || onError) nameThread(s, *t);
    f->record.depth = t->depth;
    if (written) ++t->depth;
    f->record.startNs = 0;  // set by start(): a clock reading costs as much as the rest of a record
    return f;
}

void close(Frame* f) noexcept {
    ThreadFrames* t = threadFrames;
    if (f->written) --t->depth;
    --t->used;
}

// Fields left from an earlier record of this frame are dropped once the record is complete
// (values.finish(), harmless to repeat); the ones written over keep their memory.
TextValues* valuesFor(Session& s, Frame* f, std::vector<trace::Field>& fields, bool detail) {
    f->values.finish();
    f->values.begin(fields, TextValues::Options{s.noAddr, detail, &s.names}, true);
    (&fields == &f->record.inputs ? f->inputsWritten : f->outputsWritten) = true;
    return &f->values;
}

// The record is complete: the fields it did not write are dropped.
void settle(Frame* f) {
    f->values.finish();
    if (!f->inputsWritten) f->record.inputs.clear();
    if (!f->outputsWritten) f->record.outputs.clear();
}

}  // namespace

std::optional<std::string> start(const Settings& settings, JavaVM* vm, jvmtiEnv* control,
                                 std::vector<std::string>& warnings) {
    // The HTML report holds the statistics: report-format=html counts as stats= does.
    const bool counting = !settings.stats.empty() || hasFormat(settings, ReportFormat::Html);
    if (settings.trace.empty() && !counting && !settings.advice) return std::nullopt;
    auto s = std::make_unique<Session>(vm, control);

    trace_filter::Universe universe;
    for (const auto& f : md::functions) universe.functions.push_back({f.name, f.category, f.traceByDefault});
    for (const auto& e : md::events) universe.events.push_back({e.name});

    s->functions.assign(md::maxFunctionNum + 1, {});
    s->events.assign(md::maxEventNum + 1, {});
    s->functionNames.assign(md::maxFunctionNum + 1, "");
    s->eventNames.assign(md::maxEventNum + 1, "");
    s->eventForbidsLookups.assign(md::maxEventNum + 1, false);
    for (const auto& f : md::functions) s->functionNames[f.num] = f.name;
    for (const auto& e : md::events) {
        s->eventNames[e.num] = e.name;
        // Callbacks of these may call almost nothing (GC, ObjectFree), or get a method that may
        // already be gone (CompiledMethodUnload).
        for (const char* n : {"GarbageCollectionStart", "GarbageCollectionFinish", "ObjectFree", "CompiledMethodUnload"})
            if (std::strcmp(e.name, n) == 0) s->eventForbidsLookups[e.num] = true;
    }

    if (!settings.trace.empty()) {
        trace_filter::FilterResult parsed = trace_filter::parse(settings.trace, universe);
        if (!parsed) return "trace=: " + parsed.message();
        for (const auto& w : parsed.warnings) warnings.push_back("trace=: " + w);
        const trace_filter::Filter& filter = *parsed.filter;
        for (int i = 0; i < md::functionCount; ++i) {
            const auto& f = md::functions[i];
            FunctionFlags flags = filter.function(i);
            // ec: the functions that change which events are sent.
            if (filter.eventController() && (std::strcmp(f.name, "SetEventNotificationMode") == 0 ||
                                             std::strcmp(f.name, "SetEventCallbacks") == 0 ||
                                             std::strcmp(f.name, "GenerateEvents") == 0)) {
                flags.in = flags.out = flags.errors = true;
            }
            s->functions[f.num] = flags;
            s->callsOn = s->callsOn || flags.any();
        }
        for (int i = 0; i < md::eventCount; ++i) {
            s->events[md::events[i].num] = filter.event(i);
            s->eventsOn = s->eventsOn || filter.event(i).any();
        }
        if (s->callsOn || s->eventsOn) {
            trace::Options options;
            options.noAddr = settings.traceNoAddr;
            options.times = settings.traceTimes;
            options.renumberThreads = settings.traceRenumberThreads;
            options.errorName = errorName;
            options.bufferBytes = std::size_t(settings.traceBufferMb) << 20;
            options.fileMode = fileModeOf(settings);
            auto format = trace::parseFormat(traceFormatName(settings.traceFormat));
            if (auto problem = s->tracer.open(*format, settings.traceFile, options))
                return "trace-file=" + settings.traceFile + ": " + *problem;
            s->tracing = true;
            s->noAddr = settings.traceNoAddr;
            s->names.cacheClasses();
        }
    }
    if (counting) {
        s->stats = std::make_unique<trace::Stats>(errorName);
        s->statsTarget = settings.stats;
        s->statsMode = fileModeOf(settings);
        s->callsOn = s->eventsOn = true;
    }
    // advice=true notes the functions each environment calls, on the tracing entries' way in.
    if (settings.advice) s->callsOn = s->noteCalls = true;
    session.store(s.release(), std::memory_order_release);
    return std::nullopt;
}

bool callsTraced() noexcept {
    const Session* s = session.load(std::memory_order_acquire);
    return s != nullptr && s->callsOn;
}

bool eventsTraced() noexcept {
    const Session* s = session.load(std::memory_order_acquire);
    return s != nullptr && s->eventsOn;
}

const jvmtiInterface_1_* functionTable() noexcept {
    return callsTraced() ? &jvmti_trace::tracedFunctionTable : &jvmti_runtime::checkedFunctionTable;
}

const jvmtiEventCallbacks& eventThunks() noexcept {
    return eventsTraced() ? jvmti_trace::tracedThunks() : jvmti_events::thunks();
}

CallbackScope::CallbackScope(const char* name, bool threadBody) noexcept : frame_(nullptr) {
    Session* s = session.load(std::memory_order_acquire);
    if (s == nullptr) return;
    const ThreadFrames* t = threadFrames;
    const bool inside = t != nullptr && t->depth > 0;
    const bool written = s->tracing && s->callsOn && (inside || threadBody);
    try {
        Frame* f = open(*s, trace::Record::Kind::Callback, name, written, false, s->stats != nullptr);
        if (f != nullptr) f->record.startNs = trace::nowNs();
        frame_ = f;
    } catch (...) {
        frame_ = nullptr;
    }
}

CallbackScope::~CallbackScope() {
    auto* f = static_cast<Frame*>(frame_);
    if (f == nullptr) return;
    Session* s = session.load(std::memory_order_acquire);
    f->record.durationNs = trace::nowNs() - f->record.startNs;
    settle(f);
    if (f->written) s->tracer.submit(f->record);
    if (s->stats) s->stats->addCallback(f->record.name, f->record.durationNs);
    close(f);
}

std::vector<Problem> finish() noexcept {
    std::vector<Problem> problems;
    Session* s = session.load(std::memory_order_acquire);
    if (s == nullptr) return problems;
    if (s->tracing) {
        s->tracer.close();
        const trace::Tracer::Counters c = s->tracer.counters();
        if (c.dropped > 0)
            problems.push_back({Problem::Kind::Dropped, std::to_string(c.dropped) +
                                " trace records were dropped: the trace buffer was full (raise trace-buffer-mb)"});
        if (c.writeFailed)
            problems.push_back({Problem::Kind::TraceWrite, "the trace file refused data: the trace is incomplete"});
    }
    if (s->stats && !s->statsTarget.empty()) {
        if (auto problem = s->stats->writeTo(s->statsTarget, s->statsMode))
            problems.push_back({Problem::Kind::StatsWrite, "stats=" + s->statsTarget + ": " + *problem});
    }
    return problems;
}

std::optional<trace::StatsSnapshot> statsSnapshot() {
    const Session* s = session.load(std::memory_order_acquire);
    if (s == nullptr || !s->stats) return std::nullopt;
    return s->stats->snapshot();
}

}  // namespace jvmtilayer::tracing

// ---- The members the generated tracing entries and thunks call ----

namespace jvmti_trace {

using jvmtilayer::tracing::Frame;
using jvmtilayer::tracing::Session;
using jvmtilayer::tracing::session;

Call::Call(jvmtiEnv* env, int function) noexcept : state_(nullptr) {
    Session* s = session.load(std::memory_order_acquire);
    if (s == nullptr) return;
    if (s->noteCalls) jvmtilayer::noteCalled(env, function);
    const auto flags = s->functions[function];  // numbers come from the generated table
    const bool written = s->tracing && jvmtilayer::tracing::writesCall(flags);
    const bool onError = s->tracing && !written && flags.errors;
    try {
        Frame* f = jvmtilayer::tracing::open(*s, jvmtilayer::trace::Record::Kind::Call,
                                             s->functionNames[function], written, onError,
                                             s->stats != nullptr);
        if (f != nullptr) f->fn = flags;
        state_ = f;
    } catch (...) {
        state_ = nullptr;
    }
}

Values* Call::inputs() noexcept {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr || !(f->written || f->onError) || !jvmtilayer::tracing::recordsInputs(f->fn)) return nullptr;
    return jvmtilayer::tracing::valuesFor(*session.load(std::memory_order_relaxed), f, f->record.inputs,
                                          f->fn.inDetail);
}

void Call::start() noexcept {
    if (auto* f = static_cast<Frame*>(state_)) f->record.startNs = jvmtilayer::trace::nowNs();
}

void Call::stop(jvmtiError result) noexcept {
    if (auto* f = static_cast<Frame*>(state_)) {
        f->record.durationNs = jvmtilayer::trace::nowNs() - f->record.startNs;
        f->record.error = result;
    }
}

Values* Call::outputs() noexcept {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr || !f->written || f->record.error != JVMTI_ERROR_NONE || !(f->fn.out || f->fn.outDetail))
        return nullptr;
    return jvmtilayer::tracing::valuesFor(*session.load(std::memory_order_relaxed), f, f->record.outputs,
                                          f->fn.outDetail);
}

Call::~Call() {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr) return;
    Session* s = session.load(std::memory_order_relaxed);
    jvmtilayer::tracing::settle(f);
    if (f->written || (f->onError && f->record.error != JVMTI_ERROR_NONE)) s->tracer.submit(f->record);
    if (s->stats) s->stats->addCall(f->record.name, f->record.error, f->record.durationNs);
    jvmtilayer::tracing::close(f);
}

Event::Event(jvmtiEnv* agentEnv, int event, bool delivered) noexcept : state_(nullptr) {
    Session* s = session.load(std::memory_order_acquire);
    if (s == nullptr || agentEnv == nullptr) return;  // numbers come from the generated thunks
    const auto flags = s->events[event];
    const bool written = s->tracing && (flags.triggered || (flags.sent && delivered));
    try {
        Frame* f = jvmtilayer::tracing::open(*s, jvmtilayer::trace::Record::Kind::Event,
                                             s->eventNames[event], written, false,
                                             s->stats != nullptr && delivered);
        if (f != nullptr) {
            f->delivered = delivered;
            if (!delivered) f->record.startNs = jvmtilayer::trace::nowNs();  // no callback to time
            if (s->eventForbidsLookups[event]) f->quiet.emplace();
        }
        state_ = f;
    } catch (...) {
        state_ = nullptr;
    }
}

Values* Event::inputs() noexcept {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr || !f->written) return nullptr;
    return jvmtilayer::tracing::valuesFor(*session.load(std::memory_order_relaxed), f, f->record.inputs, false);
}

void Event::start() noexcept {
    if (auto* f = static_cast<Frame*>(state_)) f->record.startNs = jvmtilayer::trace::nowNs();
}

void Event::stop() noexcept {
    if (auto* f = static_cast<Frame*>(state_)) f->record.durationNs = jvmtilayer::trace::nowNs() - f->record.startNs;
}

Values* Event::outputs() noexcept {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr || !f->written || !f->delivered) return nullptr;
    return jvmtilayer::tracing::valuesFor(*session.load(std::memory_order_relaxed), f, f->record.outputs, false);
}

Event::~Event() {
    auto* f = static_cast<Frame*>(state_);
    if (f == nullptr) return;
    Session* s = session.load(std::memory_order_relaxed);
    jvmtilayer::tracing::settle(f);
    if (f->written) s->tracer.submit(f->record);
    if (s->stats && f->delivered) s->stats->addEvent(f->record.name, f->record.durationNs);
    f->quiet.reset();
    jvmtilayer::tracing::close(f);
}

}  // namespace jvmti_trace
