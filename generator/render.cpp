#include "render.hpp"

#include <stdexcept>

#include <kainjow/mustache.hpp>

#include "templates.hpp"

namespace jvmtigen {

namespace km = kainjow::mustache;

// kainjow's set() and push_back() copy their argument deeply, and a growing list copies its
// elements again, which made converting a nested view quadratic in its depth. Children are
// instead created empty in containers of the final size and filled in place by
// move-assignment; the const_casts are sound because the stored data is not const.
static km::data toData(const nlohmann::json& j) {
    switch (j.type()) {
        case nlohmann::json::value_t::object: {
            km::data d{km::data::type::object};
            for (const auto& [k, v] : j.items()) {
                d.set(k, km::data{false});
                *const_cast<km::data*>(d.get(k)) = toData(v);
            }
            return d;
        }
        case nlohmann::json::value_t::array: {
            km::data d{km::list(j.size(), km::data{false})};
            auto& items = const_cast<km::list&>(d.list_value());
            for (size_t i = 0; i < j.size(); ++i) items[i] = toData(j[i]);
            return d;
        }
        case nlohmann::json::value_t::string: return km::data{j.get<std::string>()};
        case nlohmann::json::value_t::boolean:
            return j.get<bool>() ? km::data{km::data::type::bool_true} : km::data{km::data::type::bool_false};
        case nlohmann::json::value_t::null: return km::data{km::data::type::bool_false};
        default: return km::data{j.dump()};  // numbers
    }
}

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

static std::string dropMarkedLines(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    forEachLine(text, [&](std::string_view line, bool newline) {
        if (line.find(kMark) != std::string_view::npos) return;  // only tags stood on it
        out += line;
        if (newline) out += '\n';
    });
    return out;
}

std::string renderTemplate(const std::string& name, const nlohmann::json& view, Escape escape) {
    const auto& all = embeddedTemplates();
    auto it = all.find(name);
    if (it == all.end()) throw std::runtime_error("no template '" + name + "' in templates/");
    km::mustache tmpl{markStandaloneTags(it->second)};
    if (!tmpl.is_valid()) throw std::runtime_error("template " + name + ": " + tmpl.error_message());
    if (escape == Escape::None) tmpl.set_custom_escape([](const std::string& s) { return s; });
    std::string out = tmpl.render(toData(view));
    if (!tmpl.is_valid()) throw std::runtime_error("template " + name + ": " + tmpl.error_message());
    return dropMarkedLines(out);
}

}  // namespace jvmtigen
