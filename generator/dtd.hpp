// The declarations of a DTD internal subset: which elements a jvmti.xml declares and which
// attributes each may carry. Part of reading XML: only the reader uses it.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace jvmtigen {

struct DtdDeclarations {
    // Ordered with std::less<>: looked up by the names pugixml holds, without a string made per lookup.
    std::set<std::string, std::less<>> elements;                                       // <!ELEMENT name ...>
    std::map<std::string, std::set<std::string, std::less<>>, std::less<>> attributes;  // <!ATTLIST element name ...>, merged

    bool declares(std::string_view element) const { return elements.find(element) != elements.end(); }
    bool declares(std::string_view element, std::string_view attribute) const;
};

// A problem in the subset: its 0-based character offset in the text and what is wrong.
struct DtdProblem {
    size_t offset;
    std::string message;
};

// Parses the text pugixml gives for a DOCTYPE node ("specification [ <!ELEMENT ...> ... ]").
// Declarations of elements and attribute lists are taken; entity and notation declarations,
// comments and processing instructions are skipped. A text without an internal subset
// declares nothing.
DtdDeclarations parseDtd(std::string_view doctype, std::vector<DtdProblem>& problems);

}  // namespace jvmtigen
