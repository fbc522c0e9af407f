#include "render.hpp"

#include <stdexcept>

#include <kainjow/mustache.hpp>

#include "templates.hpp"

namespace jvmtigen {

namespace km = kainjow::mustache;

// kainjow's set() and push_back() copy their argument deeply, which made converting a
// nested view quadratic in its depth. Each child is instead inserted empty and then filled
// in place by move-assignment; the const_cast is sound because the stored data is not const.
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
            km::data d{km::data::type::list};
            for (const auto& v : j) {
                d.push_back(km::data{false});
                const_cast<km::data&>(d.list_value().back()) = toData(v);
            }
            return d;
        }
        case nlohmann::json::value_t::string: return km::data{j.get<std::string>()};
        case nlohmann::json::value_t::boolean:
            return j.get<bool>() ? km::data{km::data::type::bool_true} : km::data{km::data::type::bool_false};
        case nlohmann::json::value_t::null: return km::data{km::data::type::bool_false};
        default: return km::data{j.dump()};  // numbers
    }
}

std::string renderTemplate(const std::string& name, const nlohmann::json& view, Escape escape) {
    const auto& all = embeddedTemplates();
    auto it = all.find(name);
    if (it == all.end()) throw std::runtime_error("no template '" + name + "' in templates/");
    km::mustache tmpl{std::string(it->second)};
    if (!tmpl.is_valid()) throw std::runtime_error("template " + name + ": " + tmpl.error_message());
    if (escape == Escape::None) tmpl.set_custom_escape([](const std::string& s) { return s; });
    std::string out = tmpl.render(toData(view));
    if (!tmpl.is_valid()) throw std::runtime_error("template " + name + ": " + tmpl.error_message());
    return out;
}

}  // namespace jvmtigen
