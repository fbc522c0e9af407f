#include "suite.hpp"

#include <algorithm>
#include <cstring>
#include <set>
#include <tuple>

namespace conform {

namespace {

// The id of the rule a case tests in the rule catalogue (generated/docs/rules.md), as the
// generated checks name them; a well-formed call links the function itself.
std::string ruleId(const Case& c) {
    const std::string f = c.function->name;
    const std::string param = c.param >= 0 ? std::string(".") + c.function->params[c.param].name : "";
    switch (c.kind) {
    case Kind::WellFormed: return f;
    case Kind::Phase: return f + ".phase";
    case Kind::Capability: return f + ".capability." + c.detail;
    case Kind::Null: return f + param + ".null";
    case Kind::Min: return f + param + ".min";
    case Kind::Enum: return f + param + ".enum";
    case Kind::WrongHandle: return f + param + ".invalid";
    case Kind::Count: break;
    }
    return f;
}

}  // namespace

void runPlace(Target& target, Place place, const Values& values, const Offer& offer, Results& out) {
    out.places.push_back(placeName(place));
    std::set<std::tuple<std::string, std::string, std::string>> known;
    for (const Skip& s : out.skips) known.insert({s.function, s.kind, s.reason});
    std::vector<Skip> skips;
    static Storage storage;  // the memory behind valid pointers: large, so not on the stack
    for (const md::Function& f : md::functions) {
        if (!target.hasFunction(f.num)) {
            skips.push_back({f.name, "all", std::string("absent from the VM's function table (since ") + f.since + ")",
                             "the VM's function table"});
            continue;
        }
        for (const Case& c : casesFor(f, place, values, offer, skips)) {
            std::memset(storage, 0, sizeof storage);
            std::uint64_t words[kMaxParams];
            validWords(f, values, storage, words);
            if (c.param >= 0) words[c.param] = c.badWord;
            target.before(std::string(placeName(place)) + " " + f.name + " " + kindName(c.kind) +
                          (c.detail.empty() ? "" : " " + c.detail));
            const jvmtiError got = target.call(f.num, c.lackingBit, words);
            Row row;
            row.place = placeName(place);
            row.function = f.name;
            row.kind = kindName(c.kind);
            row.detail = c.detail;
            for (jvmtiError e : c.allowed) row.allowed.push_back(errorName(e));
            row.actual = errorName(got);
            row.pass = std::find(c.allowed.begin(), c.allowed.end(), got) != c.allowed.end();
            row.rule = ruleId(c);
            out.rows.push_back(std::move(row));
        }
    }
    for (Skip& s : skips)
        if (known.insert({s.function, s.kind, s.reason}).second) out.skips.push_back(std::move(s));
}

Totals totals(const Results& results) {
    Totals t;
    for (const Row& r : results.rows) {
        ++t.cases;
        t.passes += r.pass;
        for (int k = 0; k < static_cast<int>(Kind::Count); ++k)
            if (r.kind == kindName(static_cast<Kind>(k))) {
                ++t.byKind[k][0];
                t.byKind[k][1] += r.pass;
            }
    }
    return t;
}

std::string deviationLine(const Row& row) {
    std::string allowed;
    for (const auto& a : row.allowed) allowed += (allowed.empty() ? "" : " or ") + a;
    return row.place + " " + row.function + " " + row.kind + (row.detail.empty() ? "" : " " + row.detail) + ": got " +
           row.actual + ", allowed " + allowed;
}

}  // namespace conform
