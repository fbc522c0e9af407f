// The trace filter of libjvmtilayer.so: which JVMTI functions and events the layer traces,
// and how much of each. The option `trace=` takes HotSpot's -XX:TraceJVMTI syntax as it is,
// plus the spec's function categories. This library knows no JVM and no generated code: the
// caller describes the functions and events (a Universe), parse() compiles the descriptors
// into a Filter, and the Filter answers per function and per event in constant time.
//
// Syntax: a list of descriptors, separated by ',' or ':' (the layer's option string already
// uses ',' between settings). A descriptor is a name followed by zero or more flag groups,
// each '+' or '-' and then flag letters:
//
//   NAME            all      every function (even those not traced by default) and every event
//                   func     every function traced by default
//                   allfunc  every function
//                   event    every event (also: allevent)
//                   ec       the event controller (enabling and disabling of events)
//                   (empty)  as in "+o" or "-i": every function traced by default and every event
//                   a function name, an event name (exact, case-sensitive)
//                   a category id of the spec (threadCategory, Heap, ...) or, for an id ending
//                   in "Category", the id without it (thread): every function of the category
//   FLAGS           i  input (the call and its arguments)     I  input in detail
//                   o  output (the return)                    O  output in detail
//                   e  errors (a call that fails)
//                   t  event triggered (posted by the VM)     s  event sent (the callback runs)
//
// '+' adds the flags, '-' removes them; descriptors apply in order, so later ones refine
// earlier ones. A descriptor without a group adds the default flags "ies": i and e for
// functions, s for events (HotSpot's default). An empty list traces nothing. So `all-s` alone
// traces nothing (it removes from nothing) and `all+` adds no flag, as in HotSpot; write
// `all,event-s` or `all+ioets`.
//
// Where this differs from HotSpot (src/hotspot/share/prims/jvmtiTrace.cpp, whose parser
// warns and goes on): an unknown name or flag is an error; ':' separates like ','; several
// groups are allowed (HotSpot takes only the first '+'/'-' and warns about later ones as
// invalid flags); `ec-` turns the event-controller trace off (HotSpot turns it on whatever
// the sign); an empty descriptor ("a,,b") is skipped (HotSpot applies "ies" to everything);
// spaces around descriptors are ignored; categories are an addition. Descriptors that are
// valid but change nothing produce warnings.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jvmtilayer::trace_filter {

// What the caller knows of one JVMTI function. `category` is the spec's category id (as in
// jvmti_metadata::Function::category); `traceByDefault` is false for the functions the spec
// marks impl="notrace" (Allocate, Deallocate, the raw monitor functions, ...), which `func`
// and the empty name leave out and `all`, `allfunc`, a category or the name itself select.
struct FunctionInfo {
    std::string name;
    std::string category;
    bool traceByDefault = true;
};

struct EventInfo {
    std::string name;
};

// The functions and events a filter speaks of. Their positions are the indexes that
// Filter::function() and Filter::event() take.
struct Universe {
    std::vector<FunctionInfo> functions;
    std::vector<EventInfo> events;
};

struct FunctionFlags {
    bool in = false;         // i
    bool out = false;        // o
    bool errors = false;     // e
    bool inDetail = false;   // I
    bool outDetail = false;  // O

    bool any() const noexcept { return in || out || errors || inDetail || outDetail; }
    friend bool operator==(const FunctionFlags&, const FunctionFlags&) = default;
};

struct EventFlags {
    bool triggered = false;  // t
    bool sent = false;       // s

    bool any() const noexcept { return triggered || sent; }
    friend bool operator==(const EventFlags&, const EventFlags&) = default;
};

// A compiled filter: one entry per function and per event of the Universe it was parsed
// against. A default-constructed Filter traces nothing.
class Filter {
public:
    Filter() = default;

    // The flags of the function / event at this index of the Universe; none for an index
    // outside it.
    FunctionFlags function(std::size_t index) const noexcept {
        return index < functions_.size() ? functions_[index] : FunctionFlags{};
    }
    EventFlags event(std::size_t index) const noexcept {
        return index < events_.size() ? events_[index] : EventFlags{};
    }
    bool eventController() const noexcept { return eventController_; }

    bool anyFunction() const noexcept { return anyFunction_; }
    bool anyEvent() const noexcept { return anyEvent_; }
    // Whether anything at all is traced: when false the layer needs no tracing.
    bool any() const noexcept { return anyFunction_ || anyEvent_ || eventController_; }

    std::size_t functionCount() const noexcept { return functions_.size(); }
    std::size_t eventCount() const noexcept { return events_.size(); }

private:
    friend class Compiler;
    std::vector<FunctionFlags> functions_;
    std::vector<EventFlags> events_;
    bool eventController_ = false;
    bool anyFunction_ = false;
    bool anyEvent_ = false;
};

// The outcome of parse(): a Filter, or one error per bad descriptor (each naming the
// descriptor, what is wrong, and what would be valid). Warnings name descriptors that are
// valid but change nothing (for instance event flags on a function); they never fail a parse.
struct FilterResult {
    std::optional<Filter> filter;
    std::vector<std::string> errors;
    std::vector<std::string> warnings;

    explicit operator bool() const noexcept { return filter.has_value(); }
    // All errors on one line, separated by "; ".
    std::string message() const;
};

// A Universe made ready for parsing: its names hashed, what each keyword and category selects,
// and the candidates of "did you mean" with what bounds their distance. parse() with a
// Universe makes one; make it yourself to parse many filters against the same universe. It
// refers to the Universe, which must outlive it and stay unchanged.
class Index {
public:
    explicit Index(const Universe& universe);
    ~Index();
    Index(const Index&) = delete;
    Index& operator=(const Index&) = delete;

    const Universe& universe() const noexcept { return universe_; }

private:
    friend class Compiler;
    struct Data;
    const Universe& universe_;
    std::unique_ptr<const Data> data_;
};

// Compiles the descriptors against the universe. Each element may itself hold several
// descriptors separated by ',' or ':'; empty descriptors are skipped and spaces around a
// descriptor are ignored.
FilterResult parse(const std::vector<std::string>& descriptors, const Universe& universe);
FilterResult parse(const std::vector<std::string>& descriptors, const Index& index);

// The same for one string, as the option `trace=` gives it.
FilterResult parseText(std::string_view text, const Universe& universe);
FilterResult parseText(std::string_view text, const Index& index);

// The descriptors of a string: split at ',' and ':', trimmed, empty ones dropped.
std::vector<std::string> splitDescriptors(std::string_view text);

// The names a descriptor can use for a category of the universe: its id, and the id without
// a trailing "Category" (threadCategory -> thread) when that is not empty.
std::vector<std::string> categoryNames(std::string_view categoryId);

}  // namespace jvmtilayer::trace_filter
