#include "render.hpp"

#include "prose_html.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <map>
#include <utility>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <kainjow/mustache.hpp>

#include "templates.hpp"

namespace jvmtigen {

namespace km = kainjow::mustache;

// Mustache drops a line that holds only a section tag ({{#x}}, {{^x}}, {{/x}}, {{! ...}}).
// kainjow does so for sections it renders but leaves the line break behind for sections it
// skips (false values, empty lists), which scattered blank lines through the outputs. So such
// lines are marked before rendering, and every marked line is removed from the result.
constexpr char kMark = '\x01';

static bool isStandaloneTag(std::string_view line) {
    const size_t a = line.find_first_not_of(" \t");
    const size_t b = line.find_last_not_of(" \t\r");
    if (a == std::string_view::npos) return false;
    const std::string_view tag = line.substr(a, b - a + 1);
    return tag.size() > 5 && tag.substr(0, 2) == "{{" && tag.substr(tag.size() - 2) == "}}" &&
           (tag[2] == '#' || tag[2] == '^' || tag[2] == '/' || tag[2] == '!') && tag.find("}}") == tag.size() - 2;
}

// Calls fn(line, hasNewline) for each line of text.
template <class Fn>
static void forEachLine(std::string_view text, Fn fn) {
    size_t pos = 0;
    while (pos < text.size()) {
        size_t end = text.find('\n', pos);
        const bool newline = end != std::string_view::npos;
        if (!newline) end = text.size();
        fn(text.substr(pos, end - pos), newline);
        pos = end + 1;
    }
}

static std::string markStandaloneTags(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 256);
    forEachLine(text, [&](std::string_view line, bool newline) {
        out += line;
        if (isStandaloneTag(line)) out += kMark;
        if (newline) out += '\n';
    });
    return out;
}

// Removes the marked lines in place. Marks are few and lines many: each mark is found with one
// scan of the text, and the kept stretch before its line moves forward in one piece.
static void dropMarkedLines(std::string& text) {
    char* const p = text.data();
    const size_t size = text.size();
    size_t kept = 0, from = 0;  // `from` is always at the start of a line
    while (from < size) {
        const auto* mark = static_cast<const char*>(std::memchr(p + from, kMark, size - from));
        if (!mark) break;
        size_t start = static_cast<size_t>(mark - p);
        while (start > from && p[start - 1] != '\n') --start;
        const auto* nl = static_cast<const char*>(std::memchr(mark, '\n', size - static_cast<size_t>(mark - p)));
        const size_t end = nl ? static_cast<size_t>(nl - p) + 1 : size;
        if (kept != from) std::memmove(p + kept, p + from, start - from);
        kept += start - from;
        from = end;
    }
    if (kept != from) std::memmove(p + kept, p + from, size - from);
    text.resize(kept + (size - from));
}

// The escaping of {{name}} in HTML: kainjow's own mapping (html_escape), but copying the text
// between special characters a run at a time instead of a character at a time.
static std::string escapeForHtml(const std::string& s) { return escapeHtml(s, "&apos;"); }

namespace {

// The parsed templates not in use, by name and escaping.
class Pool {
public:
    static Pool& instance() {
        static Pool pool;
        return pool;
    }

    std::unique_ptr<km::mustache> take(const std::string& name, Escape escape) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = free_.find({name, escape});
        if (it == free_.end() || it->second.empty()) return nullptr;
        auto t = std::move(it->second.back());
        it->second.pop_back();
        return t;
    }

    void give(const std::string& name, Escape escape, std::unique_ptr<km::mustache> t) {
        std::lock_guard<std::mutex> lock(mutex_);
        free_[{name, escape}].push_back(std::move(t));
    }

    bool holds(const std::string& name, Escape escape) {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = free_.find({name, escape});
        return it != free_.end() && !it->second.empty();
    }

private:
    std::mutex mutex_;
    std::map<std::pair<std::string, Escape>, std::vector<std::unique_ptr<km::mustache>>> free_;
};

std::atomic<size_t> parsed{0};

std::unique_ptr<km::mustache> parse(const std::string& name, Escape escape) {
    ++parsed;
    const auto& all = embeddedTemplates();
    auto it = all.find(name);
    if (it == all.end()) throw std::runtime_error("no template '" + name + "' in templates/");
    auto t = std::make_unique<km::mustache>(markStandaloneTags(it->second));
    if (!t->is_valid()) throw std::runtime_error("template " + name + ": " + t->error_message());
    if (escape == Escape::None) t->set_custom_escape([](const std::string& s) { return s; });
    else t->set_custom_escape(escapeForHtml);
    return t;
}

}  // namespace

void prepareTemplates(const std::vector<TemplateName>& names) {
    for (const auto& [name, escape] : names) {
        if (Pool::instance().holds(name, escape)) continue;
        try {
            Pool::instance().give(name, escape, parse(name, escape));
        } catch (const std::exception&) {
        }
    }
}

size_t templatesParsed() { return parsed.load(); }

static size_t renderReserve = 0;

void setRenderReserve(size_t bytes) { renderReserve = bytes; }

Template::Template(const std::string& name, Escape escape) : name_(name), escape_(escape) {
    tmpl_ = Pool::instance().take(name, escape);
    if (!tmpl_) tmpl_ = parse(name, escape);
}

Template::~Template() {
    if (tmpl_ && !failed_) Pool::instance().give(name_, escape_, std::move(tmpl_));
}

namespace {
// The objects a render looks names up in, innermost last. kainjow's own context inserts each
// object pushed at the front of a vector; this one pushes and pops at the back. Lookups are
// kainjow's: the innermost object that has the name wins, and "a.b" is looked up part by part.
class Context final : public km::basic_context<std::string> {
public:
    void push(const Data* d) override { items_.push_back(d); }
    void pop() override { items_.pop_back(); }

    const Data* get(const std::string& name) const override {
        if (name.size() == 1 && name[0] == '.') return items_.back();
        if (std::find(name.begin(), name.end(), '.') == name.end()) return get_partial(name);  // inline: names are short
        const auto parts = km::split(name, '.');
        for (auto it = items_.rbegin(); it != items_.rend(); ++it) {
            const Data* d = *it;
            for (const auto& p : parts)
                if (!(d = d->get(p))) break;
            if (d) return d;
        }
        return nullptr;
    }

    const Data* get_partial(const std::string& name) const override {
        for (auto it = items_.rbegin(); it != items_.rend(); ++it)
            if (const Data* d = (*it)->get(name)) return d;
        return nullptr;
    }

private:
    std::vector<const Data*> items_;
};

// What kainjow's render(context, stream) writes to: one string, rather than an ostringstream.
struct Sink {
    std::string& out;
    Sink& operator<<(const std::string& s) {
        out += s;
        return *this;
    }
};
}  // namespace

std::string Template::render(const Data& view, std::initializer_list<const Data*> outer) {
    Context ctx;
    for (const Data* o : outer) ctx.push(o);  // each pushed object is searched before the earlier ones
    ctx.push(&view);
    std::string out;
    out.reserve(renderReserve);
    Sink sink{out};
    failed_ = true;  // until the render is known to have gone well
    tmpl_->render(ctx, sink);
    if (!tmpl_->is_valid()) throw std::runtime_error("template " + name_ + ": " + tmpl_->error_message());
    failed_ = false;
    dropMarkedLines(out);
    return out;
}

std::string renderTemplate(const std::string& name, const Data& view, Escape escape) {
    return Template(name, escape).render(view);
}

}  // namespace jvmtigen
