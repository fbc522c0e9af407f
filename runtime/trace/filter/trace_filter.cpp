// The trace filter: descriptors in, per-function and per-event flags out. See trace_filter.hpp
// for the syntax; the comments here explain only how it is evaluated.
#include "trace/filter/trace_filter.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <unordered_map>

namespace jvmtilayer::trace_filter {

namespace {

constexpr std::string_view kSeparators = ",:";
constexpr std::string_view kSpaces = " \t\r\n";
constexpr std::string_view kFunctionLetters = "ioeIO";
constexpr std::string_view kEventLetters = "ts";
constexpr std::string_view kDefaultLetters = "ies";  // HotSpot's default when no group is given
constexpr std::string_view kCategorySuffix = "Category";

// The keywords, in the order the error message lists them.
constexpr std::array<std::string_view, 6> kKeywords = {"all", "func", "allfunc", "event", "allevent", "ec"};

const char* const kFlagHelp =
    "flags are i (input), o (output), e (errors), I (input in detail), O (output in detail) "
    "for functions and t (triggered), s (sent) for events, each group after '+' (add) or '-' (remove)";

std::string_view trim(std::string_view s) {
    const auto first = s.find_first_not_of(kSpaces);
    if (first == std::string_view::npos) return {};
    const auto last = s.find_last_not_of(kSpaces);
    return s.substr(first, last - first + 1);
}

bool contains(std::string_view letters, char c) { return letters.find(c) != std::string_view::npos; }

// ASCII lower case: names are ASCII, and the C locale's tolower is a call per character.
char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// How often each character occurs, ignoring case, counted in 32 buckets. Each edit changes two
// counts by one at most, so half the summed difference of two such counts never exceeds the
// edit distance: a bound that rules most candidates out without comparing them.
using Letters = std::array<unsigned, 32>;

Letters lettersOf(std::string_view s) {
    Letters n{};
    for (char c : s) ++n[static_cast<unsigned char>(lower(c)) & 31u];
    return n;
}

// Edit distance ignoring case, the measure of "did you mean", computed only as far as it
// matters: the answer is exact when below `limit`, and `limit` otherwise. The Letters are
// those of a and b; `row` is scratch space. Names whose lengths or letters differ too much are
// never compared, and a row whose every cell has reached `limit` ends the work, so a long
// mistyped name costs little.
std::size_t distanceBelow(std::string_view a, const Letters& aLetters, std::string_view b, const Letters& bLetters,
                          std::size_t limit, std::vector<std::size_t>& row) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) >= limit) return limit;
    std::size_t differ = 0;
    for (std::size_t k = 0; k < aLetters.size(); ++k)
        differ += aLetters[k] > bLetters[k] ? aLetters[k] - bLetters[k] : bLetters[k] - aLetters[k];
    if ((differ + 1) / 2 >= limit) return limit;
    row.resize(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        std::size_t rowMin = row[0];
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            const std::size_t substitution = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
            row[j] = std::min(std::min(above, row[j - 1]) + 1, substitution);
            rowMin = std::min(rowMin, row[j]);
            diagonal = above;
        }
        if (rowMin >= limit) return limit;
    }
    return std::min(row[b.size()], limit);
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

// One group of a descriptor: '+' or '-' and its letters.
struct Group {
    bool add;
    std::string letters;
};

// What a descriptor's name selects.
struct Selection {
    std::vector<std::size_t> functions;
    std::vector<std::size_t> events;
    bool eventController = false;
};

// A name "did you mean" may propose; `rank` is its place in the order names are preferred in
// (keywords, functions, events, categories), which breaks ties between equally near names.
struct Candidate {
    std::string name;
    Letters letters;
    std::size_t rank;
};

// Hash and equality that let a map keyed by std::string be searched with a string_view.
struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using NameMap = std::unordered_map<std::string, Selection, NameHash, std::equal_to<>>;

}  // namespace

struct Index::Data {
    Selection defaults;  // the empty name: functions traced by default, every event
    Selection all, func, allfunc, event, ec;
    NameMap names;          // function and event names
    NameMap categoryIds;    // category ids: every function of the category
    NameMap categoryAliases;  // category ids without "Category"
    std::vector<std::string> categories;  // in order of first appearance
    std::vector<Candidate> candidates;    // sorted by length, then rank
    std::string validNames;  // what closes each unknown name's error

    explicit Data(const Universe& u);
    // What `name` selects: keywords first, then function and event names (both, as HotSpot
    // searches both), then category ids, then aliases; null when nothing has that name.
    const Selection* select(std::string_view name) const;
};

Index::Data::Data(const Universe& u) {
    for (std::size_t i = 0; i < u.functions.size(); ++i) {
        const FunctionInfo& f = u.functions[i];
        all.functions.push_back(i);
        allfunc.functions.push_back(i);
        if (f.traceByDefault) {
            func.functions.push_back(i);
            defaults.functions.push_back(i);
        }
        names[f.name].functions.push_back(i);
        if (f.category.empty()) continue;
        if (std::find(categories.begin(), categories.end(), f.category) == categories.end())
            categories.push_back(f.category);
        categoryIds[f.category].functions.push_back(i);
    }
    for (std::size_t i = 0; i < u.events.size(); ++i) {
        all.events.push_back(i);
        event.events.push_back(i);
        defaults.events.push_back(i);
        names[u.events[i].name].events.push_back(i);
    }
    ec.eventController = true;
    for (const auto& id : categories) {
        const auto aliases = categoryNames(id);
        if (aliases.size() > 1) categoryAliases.emplace(aliases[1], categoryIds.at(id));
    }

    std::size_t rank = 0;
    const auto add = [&](std::string_view n) { candidates.push_back({std::string(n), lettersOf(n), rank++}); };
    for (auto k : kKeywords) add(k);
    for (const auto& f : u.functions) add(f.name);
    for (const auto& e : u.events) add(e.name);
    for (const auto& id : categories)
        for (const auto& n : categoryNames(id)) add(n);
    std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
        return a.name.size() != b.name.size() ? a.name.size() < b.name.size() : a.rank < b.rank;
    });

    validNames = "; valid names are";
    for (auto k : kKeywords) validNames += " " + std::string(k) + ",";
    validNames += " a function name";
    if (!u.functions.empty()) validNames += " (such as " + u.functions.front().name + ")";
    validNames += ", an event name";
    if (!u.events.empty()) validNames += " (such as " + u.events.front().name + ")";
    for (std::size_t i = 0; i < categories.size(); ++i) {
        const auto aliases = categoryNames(categories[i]);
        validNames += i == 0 ? " or a category: " : ", ";
        validNames += aliases.size() > 1 ? categories[i] + " (" + aliases[1] + ")" : categories[i];
    }
}

const Selection* Index::Data::select(std::string_view name) const {
    if (name.empty()) return &defaults;  // HotSpot: "+flags" alone means the significant functions and all events
    if (name == "all") return &all;
    if (name == "func") return &func;
    if (name == "allfunc") return &allfunc;
    if (name == "event" || name == "allevent") return &event;
    if (name == "ec") return &ec;
    for (const NameMap* map : {&names, &categoryIds, &categoryAliases}) {
        const auto it = map->find(name);
        if (it != map->end()) return &it->second;
    }
    return nullptr;
}

Index::Index(const Universe& universe) : universe_(universe), data_(std::make_unique<const Data>(universe)) {}

Index::~Index() = default;

// Builds a Filter from descriptors; a friend of Filter.
class Compiler {
public:
    explicit Compiler(const Index& index) : index_(*index.data_) {
        filter_.functions_.resize(index.universe().functions.size());
        filter_.events_.resize(index.universe().events.size());
    }

    void descriptor(std::string_view text) {
        text = trim(text);
        if (text.empty()) return;

        const auto opAt = text.find_first_of("+-");
        const std::string_view name = trim(text.substr(0, opAt));
        std::vector<Group> groups;
        bool badFlags = false;
        if (opAt == std::string_view::npos) {
            groups.push_back({true, std::string(kDefaultLetters)});
        } else {
            for (std::size_t at = opAt; at < text.size(); ++at) {
                const char c = text[at];
                if (c == '+' || c == '-') {
                    groups.push_back({c == '+', {}});
                } else if (contains(kFunctionLetters, c) || contains(kEventLetters, c)) {
                    groups.back().letters += c;
                } else {
                    errors_.push_back("unknown flag " + quoted(std::string_view(&text[at], 1)) +
                                      " in trace descriptor " + quoted(text) + ": " + kFlagHelp);
                    badFlags = true;
                    break;
                }
            }
        }

        const Selection* selection = index_.select(name);
        if (!selection) {
            errors_.push_back(unknownName(name, text));
            return;
        }
        if (badFlags) return;

        warnAboutNoEffect(text, *selection, groups, opAt == std::string_view::npos);
        for (const Group& g : groups) apply(*selection, g);
    }

    FilterResult finish() {
        FilterResult result;
        result.errors = std::move(errors_);
        result.warnings = std::move(warnings_);
        if (!result.errors.empty()) return result;
        for (const auto& f : filter_.functions_) filter_.anyFunction_ = filter_.anyFunction_ || f.any();
        for (const auto& e : filter_.events_) filter_.anyEvent_ = filter_.anyEvent_ || e.any();
        result.filter = std::move(filter_);
        return result;
    }

private:
    void apply(const Selection& s, const Group& g) {
        FunctionFlags fmask;
        EventFlags emask;
        for (char c : g.letters) {
            switch (c) {
                case 'i': fmask.in = true; break;
                case 'o': fmask.out = true; break;
                case 'e': fmask.errors = true; break;
                case 'I': fmask.inDetail = true; break;
                case 'O': fmask.outDetail = true; break;
                case 't': emask.triggered = true; break;
                case 's': emask.sent = true; break;
                default: break;
            }
        }
        const auto update = [&g](bool& flag, bool masked) {
            if (masked) flag = g.add;
        };
        for (std::size_t i : s.functions) {
            FunctionFlags& f = filter_.functions_[i];
            update(f.in, fmask.in);
            update(f.out, fmask.out);
            update(f.errors, fmask.errors);
            update(f.inDetail, fmask.inDetail);
            update(f.outDetail, fmask.outDetail);
        }
        for (std::size_t i : s.events) {
            EventFlags& e = filter_.events_[i];
            update(e.triggered, emask.triggered);
            update(e.sent, emask.sent);
        }
        // The event controller has no flags: '+' turns its tracing on, '-' off.
        if (s.eventController) filter_.eventController_ = g.add;
    }

    // Descriptors that are valid but do nothing are most likely mistakes: say so. The
    // default flags are exempt: "ies" is meant to cover functions and events alike.
    void warnAboutNoEffect(std::string_view text, const Selection& s, const std::vector<Group>& groups,
                           bool defaulted) {
        if (defaulted) return;
        if (s.eventController) {
            for (const Group& g : groups) {
                if (!g.letters.empty()) {
                    warnings_.push_back("trace descriptor " + quoted(text) +
                                        ": ec (the event controller) takes no flags; ignored them");
                    return;
                }
            }
            return;
        }
        std::string useless;
        bool anyLetter = false;
        for (const Group& g : groups) {
            if (g.letters.empty()) {
                warnings_.push_back("trace descriptor " + quoted(text) + ": a '" + (g.add ? '+' : '-') +
                                    "' without flags changes nothing");
            }
            for (char c : g.letters) {
                anyLetter = true;
                const bool applies = (contains(kFunctionLetters, c) && !s.functions.empty()) ||
                                     (contains(kEventLetters, c) && !s.events.empty());
                if (!applies && !contains(useless, c)) useless += c;
            }
        }
        if (!anyLetter || useless.empty()) return;
        std::string what = "it selects nothing";
        if (s.functions.empty() && !s.events.empty()) {
            what = "it selects only events, which take the flags t and s";
        } else if (s.events.empty() && !s.functions.empty()) {
            what = "it selects only functions, which take the flags i, o, e, I and O";
        }
        warnings_.push_back("trace descriptor " + quoted(text) + ": flag" + (useless.size() > 1 ? "s " : " ") +
                            useless + " do" + (useless.size() > 1 ? "" : "es") + " nothing: " + what);
    }

    std::string unknownName(std::string_view name, std::string_view text) const {
        // "Did you mean": the nearest known name, ignoring case, when it is near enough; of
        // equally near ones, the first in rank. Only names whose length is near enough can be,
        // and the candidates are sorted by length, so only that stretch of them is looked at.
        const std::size_t limit = std::max<std::size_t>(2, name.size() / 4) + 1;
        std::size_t bestDistance = limit;
        const Candidate* best = nullptr;
        const Letters nameLetters = lettersOf(name);
        const auto& cs = index_.candidates;
        const std::size_t shortest = name.size() >= limit ? name.size() - (limit - 1) : 0;
        auto it = std::lower_bound(cs.begin(), cs.end(), shortest,
                                   [](const Candidate& c, std::size_t n) { return c.name.size() < n; });
        for (; it != cs.end() && it->name.size() < name.size() + limit; ++it) {
            const bool earlier = best && it->rank < best->rank;
            const std::size_t d = distanceBelow(name, nameLetters, it->name, it->letters,
                                                bestDistance + (earlier ? 1 : 0), row_);
            if (d < bestDistance || (earlier && d == bestDistance)) {
                bestDistance = d;
                best = &*it;
            }
        }
        std::string message = "unknown name " + quoted(name) + " in trace descriptor " + quoted(text);
        if (best) message += "; did you mean " + quoted(best->name) + "?";
        return message + index_.validNames;
    }

    const Index::Data& index_;
    Filter filter_;
    std::vector<std::string> errors_;
    std::vector<std::string> warnings_;
    mutable std::vector<std::size_t> row_;  // distanceBelow's scratch row
};

std::string FilterResult::message() const {
    std::string out;
    for (const auto& e : errors) {
        if (!out.empty()) out += "; ";
        out += e;
    }
    return out;
}

std::vector<std::string> splitDescriptors(std::string_view text) {
    std::vector<std::string> out;
    while (true) {
        const auto at = text.find_first_of(kSeparators);
        const auto piece = trim(text.substr(0, at));
        if (!piece.empty()) out.emplace_back(piece);
        if (at == std::string_view::npos) break;
        text.remove_prefix(at + 1);
    }
    return out;
}

std::vector<std::string> categoryNames(std::string_view categoryId) {
    std::vector<std::string> names{std::string(categoryId)};
    if (categoryId.size() > kCategorySuffix.size() && categoryId.ends_with(kCategorySuffix))
        names.emplace_back(categoryId.substr(0, categoryId.size() - kCategorySuffix.size()));
    return names;
}

FilterResult parse(const std::vector<std::string>& descriptors, const Index& index) {
    Compiler compiler(index);
    for (const auto& element : descriptors)
        for (const auto& d : splitDescriptors(element)) compiler.descriptor(d);
    return compiler.finish();
}

FilterResult parse(const std::vector<std::string>& descriptors, const Universe& universe) {
    return parse(descriptors, Index(universe));
}

FilterResult parseText(std::string_view text, const Index& index) {
    return parse(std::vector<std::string>{std::string(text)}, index);
}

FilterResult parseText(std::string_view text, const Universe& universe) {
    return parseText(text, Index(universe));
}

}  // namespace jvmtilayer::trace_filter
