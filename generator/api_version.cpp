#include "api_version.hpp"

#include <algorithm>
#include <charconv>
#include <set>
#include <utility>

namespace jvmtigen {

std::optional<Version> parseSince(const std::string& since) {
    Version v;
    int* parts[] = {&v.major, &v.minor, &v.micro};
    const char* p = since.data();
    const char* end = p + since.size();
    for (int i = 0; i < 3; ++i) {
        auto [next, ec] = std::from_chars(p, end, *parts[i]);
        if (ec != std::errc() || next == p || *parts[i] < 0) return std::nullopt;
        p = next;
        if (p == end) return v;
        if (*p != '.' || i == 2) return std::nullopt;
        ++p;
    }
    return std::nullopt;
}

std::optional<std::string> notAJvmtiRelease(const Version& v) {
    if (v.major == 1 && v.minor <= 2) return std::nullopt;
    if (v.major >= 9 && v.minor == 0) return std::nullopt;
    if (v.major >= 2 && v.major <= 8)
        return "JVMTI had no version " + std::to_string(v.major) + ": after 1.2 (JDK 8) came 9 (JDK 9)";
    if (v.major == 1) return "JVMTI 1 went up to 1.2 (JDK 7 and 8)";
    if (v.major == 0) return "JVMTI began with 1.0 (JDK 5)";
    return "since JVMTI 9 the version is the JDK's feature release, with minor 0 (9.0.0, 11.0.0, ...)";
}

namespace {

class Selector {
public:
    Selector(Spec&& in, const Version& target, Diagnostics& diag) : s_(std::move(in)), target_(target), d_(diag) {}

    Spec run();

private:
    Spec s_;
    Version target_;
    Diagnostics& d_;
    std::set<std::string> gone_;  // ids left out; fields as "Struct.field"

    bool later(const std::string& since) const {
        const auto v = parseSince(since);
        return v && *v > target_;  // validation reported a malformed since
    }
    template <class T>
    void keepIf(std::vector<T>& items, auto&& leaveOut, auto&& key) {
        std::erase_if(items, [&](const T& x) {
            if (!leaveOut(x)) return false;
            gone_.insert(key(x));
            return true;
        });
    }
    void prose(Prose& p);
    void uses(std::vector<CapabilityUse>& caps);
    void params(std::vector<Param>& ps, const std::string& owner, const std::string& since);
    void typeUse(const Type& t, const std::string& what, const std::string& since, int line);
};

// A kept item may not use a type that was left out: its since would be earlier than its type's.
void Selector::typeUse(const Type& t, const std::string& what, const std::string& since, int line) {
    if ((t.base == "enum" || t.base == "struct") && gone_.count(t.name))
        d_.error(line, what + " (since " + since + ") uses " + t.name + ", which comes later than " + target_.str());
}

void Selector::prose(Prose& p) {
    for (auto it = p.begin(); it != p.end();) {
        ProseNode& n = *it;
        const std::string* id = n.attr("id");
        if (id && n.tag == "constants" && gone_.count(*id)) {  // the place of a left-out group
            it = p.erase(it);
            continue;
        }
        if (const std::string* since = n.attr("since"); since && n.tag == "note" && later(*since)) {
            it = p.erase(it);  // a passage a later release wrote
            continue;
        }
        if (id && n.tag.ends_with("link") && n.tag != "externallink" && n.tag != "paramlink") {
            const std::string* st = n.attr("struct");
            const std::string key = n.tag == "fieldlink" && st ? *st + "." + *id : *id;
            if (gone_.count(key)) {
                // What the link showed stays, as code: its own text, or the name it linked.
                ProseNode code = ProseNode::makeElement(
                    "code", n.kids.empty() ? Prose{ProseNode::makeText(*id)} : std::move(n.kids));
                code.line = n.line;
                n = std::move(code);
            }
        }
        prose(n.kids);
        ++it;
    }
}

void Selector::uses(std::vector<CapabilityUse>& caps) {
    std::erase_if(caps, [&](const CapabilityUse& c) { return gone_.count(c.id) != 0; });
    for (auto& c : caps) prose(c.text);
}

void Selector::params(std::vector<Param>& ps, const std::string& owner, const std::string& since) {
    for (auto& p : ps) {
        typeUse(p.type, owner + " parameter '" + p.id + "'", since, p.line);
        prose(p.description);
        prose(p.type.nullokText);
    }
}

Spec Selector::run() {
    Spec& s = s_;
    auto id = [](const auto& x) { return x.id; };
    auto laterActive = [&](const auto& x) { return !x.elided && later(x.since); };
    auto laterAny = [&](const auto& x) { return later(x.since); };

    keepIf(s.functions, laterActive, id);
    keepIf(s.events, laterActive, id);
    keepIf(s.callbacks, laterActive, id);
    keepIf(s.typedefs, laterActive, id);
    for (auto& t : s.typedefs)
        keepIf(t.fields, laterAny, [&](const Field& f) { return t.id + "." + f.id; });
    keepIf(s.errors, laterAny, id);
    keepIf(s.constants, laterAny, id);
    for (auto& g : s.constants) keepIf(g.constants, laterAny, id);
    for (auto& caps : s.capabilities) {
        // Bits are positions: a capability may only be left out when every later one goes too.
        const auto firstLater = std::find_if(caps.fields.begin(), caps.fields.end(), laterAny);
        for (auto it = firstLater; it != caps.fields.end(); ++it) {
            if (!later(it->since))
                d_.error(it->line, "capability '" + it->id + "' (since " + it->since + ") follows '" + firstLater->id +
                                       "' (since " + firstLater->since + "): for " + target_.str() +
                                       " the later one cannot be left out without moving the bits after it");
            gone_.insert(it->id);
            gone_.insert(caps.id + "." + it->id);
        }
        caps.fields.erase(firstLater, caps.fields.end());
    }
    std::erase_if(s.changes, [&](const Change& c) { return later(c.version); });

    // What is left may refer to what went: lists drop it, prose keeps it as text.
    for (auto& f : s.functions) {
        std::erase_if(f.errors, [&](const ErrorUse& e) { return gone_.count(e.id) != 0; });
        uses(f.required);
        uses(f.optional);
        prose(f.description);
        params(f.params, "function '" + f.id + "'", f.since);
        for (auto& e : f.errors) prose(e.text);
    }
    for (auto& e : s.events) {
        uses(e.required);
        uses(e.optional);
        prose(e.description);
        params(e.params, "event '" + e.id + "'", e.since);
    }
    for (auto& c : s.callbacks) {
        prose(c.description);
        params(c.params, "callback '" + c.id + "'", c.since);
    }
    for (auto& t : s.typedefs) {
        prose(t.description);
        for (auto& f : t.fields) {
            typeUse(f.type, "field '" + t.id + "." + f.id + "'", f.since, f.line);
            prose(f.description);
            prose(f.type.nullokText);
        }
    }
    for (auto& caps : s.capabilities) {
        prose(caps.description);
        for (auto& f : caps.fields) prose(f.description);
    }
    for (auto& g : s.constants)
        for (auto& c : g.constants) prose(c.description);
    for (auto& e : s.errors) prose(e.description);
    for (auto& b : s.baseTypes) prose(b.description);
    for (auto& i : s.intros) prose(i.body);
    for (auto& c : s.changes) prose(c.text);
    return std::move(s_);
}

}  // namespace

Spec specAsOf(Spec spec, const Version& target, Diagnostics& diag) {
    return Selector(std::move(spec), target, diag).run();
}

}  // namespace jvmtigen
