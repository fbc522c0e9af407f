// Renders a template of templates/ with a view, through kainjow mustache.
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "template_data.hpp"

namespace jvmtigen {

enum class Escape { None, Html };  // C/C++ outputs take text verbatim; HTML escapes it

// A template of templates/ by name, with the escaping it is rendered with.
struct TemplateName {
    const char* name;
    Escape escape;
};

// Parses each of `names` that the process-wide pool holds no parsed copy of, and leaves it there
// for the next Template of that name. Run on a thread of its own while the spec is read, it takes
// the parsing off the emitters' way. A template that fails to parse is skipped: the Template
// that wants it reports the error.
void prepareTemplates(const std::vector<TemplateName>& names);

// The capacity every render starts its output with (default none). The jvmtigen command sets
// 1 MB: pages never written cost nothing, and the big outputs no longer grow by copying into
// fresh memory. Set before rendering starts.
void setRenderReserve(size_t bytes);

// How many times this process has parsed a template (tests check that preparing sufficed).
size_t templatesParsed();

// Throws std::runtime_error naming the template when it is missing or does not parse.
std::string renderTemplate(const std::string& name, const Data& view, Escape escape);

// A parsed template, to render many views; one thread at a time. Parsing happens once per
// template and per thread using it at the same time: a Template takes a parsed copy from a
// process-wide pool, or parses one when none is free, and gives it back when it goes.
class Template {
public:
    Template(const std::string& name, Escape escape);  // throws as renderTemplate does
    ~Template();
    Template(const Template&) = delete;
    Template& operator=(const Template&) = delete;

    // Renders `view`. `outer` are the objects around it, outermost first, where names the view
    // lacks are looked up: as the sections of a larger template enclosing this one would see them.
    std::string render(const Data& view, std::initializer_list<const Data*> outer = {});

private:
    std::string name_;
    Escape escape_;
    std::unique_ptr<kainjow::mustache::mustache> tmpl_;
    bool failed_ = false;  // kainjow keeps a failed render's error: such a copy is not given back
};

}  // namespace jvmtigen
