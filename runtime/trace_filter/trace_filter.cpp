// The trace filter: descriptors in, per-function and per-event flags out. See trace_filter.hpp
// for the syntax; the comments here explain only how it is evaluated.
#include "trace_filter.hpp"

#include <algorithm>
#include <array>

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
// matters: the answer is exact when below `limit`, and `limit` otherwise. `aLetters` are
// lettersOf(a). Names whose lengths or letters differ too much are never compared, and a row
// whose every cell has reached `limit` ends the work, so a long mistyped name costs little.
std::size_t distanceBelow(std::string_view a, const Letters& aLetters, std::string_view b, std::size_t limit) {
    if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) >= limit) return limit;
    const Letters bLetters = lettersOf(b);
    std::size_t differ = 0;
    for (std::size_t k = 0; k < aLetters.size(); ++k)
        differ += aLetters[k] > bLetters[k] ? aLetters[k] - bLetters[k] : bLetters[k] - aLetters[k];
    if ((differ + 1) / 2 >= limit) return limit;
    std::vector<std::size_t> row(b.size() + 1);
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

    bool empty() const { return functions.empty() && events.empty() && !eventController; }
};

}  // namespace

// Builds a Filter from descriptors; a friend of Filter.
class Compiler {
public:
    explicit Compiler(const Universe& universe) : universe_(universe) {
        filter_.functions_.resize(universe.functions.size());
        filter_.events_.resize(universe.events.size());
        for (const auto& f : universe.functions) {
            if (std::find(categories_.begin(), categories_.end(), f.category) == categories_.end() &&
                !f.category.empty())
                categories_.push_back(f.category);
        }
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

        std::optional<Selection> selection = select(name);
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
    // Keywords first, then function and event names (both, as HotSpot searches both), then
    // category ids, then category aliases; nullopt when nothing of that name exists.
    std::optional<Selection> select(std::string_view name) const {
        Selection s;
        const auto allFunctions = [&](bool onlyByDefault) {
            for (std::size_t i = 0; i < universe_.functions.size(); ++i)
                if (!onlyByDefault || universe_.functions[i].traceByDefault) s.functions.push_back(i);
        };
        const auto allEvents = [&] {
            for (std::size_t i = 0; i < universe_.events.size(); ++i) s.events.push_back(i);
        };
        if (name.empty()) {  // HotSpot: "+flags" alone means the significant functions and all events
            allFunctions(true);
            allEvents();
            return s;
        }
        if (name == "all") {
            allFunctions(false);
            allEvents();
            return s;
        }
        if (name == "func") {
            allFunctions(true);
            return s;
        }
        if (name == "allfunc") {
            allFunctions(false);
            return s;
        }
        if (name == "event" || name == "allevent") {
            allEvents();
            return s;
        }
        if (name == "ec") {
            s.eventController = true;
            return s;
        }
        for (std::size_t i = 0; i < universe_.functions.size(); ++i)
            if (universe_.functions[i].name == name) s.functions.push_back(i);
        for (std::size_t i = 0; i < universe_.events.size(); ++i)
            if (universe_.events[i].name == name) s.events.push_back(i);
        if (!s.empty()) return s;

        std::string_view category;
        for (const auto& id : categories_)
            if (id == name) category = id;
        if (category.empty()) {
            // Or its name without the suffix (categoryNames' second name), compared in place.
            for (const auto& id : categories_)
                if (!name.empty() && id.size() == name.size() + kCategorySuffix.size() && id.starts_with(name) &&
                    id.ends_with(kCategorySuffix))
                    category = id;
        }
        if (category.empty()) return std::nullopt;
        for (std::size_t i = 0; i < universe_.functions.size(); ++i)
            if (universe_.functions[i].category == category) s.functions.push_back(i);
        return s;
    }

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
        // "Did you mean": the nearest known name, ignoring case, when it is near enough.
        std::string best;  // a copy: some candidates are temporaries
        std::size_t bestDistance = std::max<std::size_t>(2, name.size() / 4) + 1;
        const Letters nameLetters = lettersOf(name);
        const auto consider = [&](std::string_view candidate) {
            const std::size_t d = distanceBelow(name, nameLetters, candidate, bestDistance);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        };
        for (auto k : kKeywords) consider(k);
        for (const auto& f : universe_.functions) consider(f.name);
        for (const auto& e : universe_.events) consider(e.name);
        for (const auto& n : categoryCandidates()) consider(n);

        std::string message = "unknown name " + quoted(name) + " in trace descriptor " + quoted(text);
        if (!best.empty()) message += "; did you mean " + quoted(best) + "?";
        return message + validNames();
    }

    // Every name a category answers to; made once per compilation, for any unknown name.
    const std::vector<std::string>& categoryCandidates() const {
        if (categoryCandidates_.empty())
            for (const auto& id : categories_)
                for (auto& n : categoryNames(id)) categoryCandidates_.push_back(std::move(n));
        return categoryCandidates_;
    }

    // The list of valid names closing each unknown name's error; the same for all of them, so
    // written once per compilation.
    const std::string& validNames() const {
        if (!validNames_.empty()) return validNames_;
        std::string& text = validNames_;
        text = "; valid names are";
        for (auto k : kKeywords) text += " " + std::string(k) + ",";
        text += " a function name";
        if (!universe_.functions.empty()) text += " (such as " + universe_.functions.front().name + ")";
        text += ", an event name";
        if (!universe_.events.empty()) text += " (such as " + universe_.events.front().name + ")";
        for (std::size_t i = 0; i < categories_.size(); ++i) {
            const auto names = categoryNames(categories_[i]);
            text += i == 0 ? " or a category: " : ", ";
            text += names.size() > 1 ? categories_[i] + " (" + names[1] + ")" : categories_[i];
        }
        return text;
    }

    const Universe& universe_;
    std::vector<std::string> categories_;  // in order of first appearance
    Filter filter_;
    std::vector<std::string> errors_;
    std::vector<std::string> warnings_;
    mutable std::vector<std::string> categoryCandidates_;
    mutable std::string validNames_;
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

FilterResult parse(const std::vector<std::string>& descriptors, const Universe& universe) {
    Compiler compiler(universe);
    for (const auto& element : descriptors)
        for (const auto& d : splitDescriptors(element)) compiler.descriptor(d);
    return compiler.finish();
}

FilterResult parseText(std::string_view text, const Universe& universe) {
    return parse(std::vector<std::string>{std::string(text)}, universe);
}

}  // namespace jvmtilayer::trace_filter
