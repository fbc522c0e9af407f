#include "dtd.hpp"

#include <cctype>

namespace jvmtigen {

bool DtdDeclarations::declares(std::string_view element, std::string_view attribute) const {
    auto it = attributes.find(element);
    return it != attributes.end() && it->second.find(attribute) != it->second.end();
}

namespace {

// A cursor over the subset; every read skips nothing unless told to.
class DtdParser {
public:
    DtdParser(std::string_view text, std::vector<DtdProblem>& problems) : t_(text), problems_(problems) {}

    DtdDeclarations run() {
        const size_t open = t_.find('[');
        if (open == std::string_view::npos) return out_;  // an external DTD only: nothing declared here
        p_ = open + 1;
        while (true) {
            skipSpace();
            if (p_ >= t_.size()) {
                problem(p_, "the DTD's internal subset has no closing ']'");
                break;
            }
            if (t_[p_] == ']') break;
            if (starts("<!--")) skipPast("-->", "a comment in the DTD is not closed");
            else if (starts("<?")) skipPast("?>", "a processing instruction in the DTD is not closed");
            else if (starts("<!ELEMENT")) element();
            else if (starts("<!ATTLIST")) attlist();
            else if (starts("<!ENTITY") || starts("<!NOTATION")) skipDeclaration();
            else if (t_[p_] == '%') skipPast(";", "a parameter entity reference is not closed");
            else {
                problem(p_, "unexpected text in the DTD's internal subset");
                skipDeclaration();
            }
        }
        return std::move(out_);
    }

private:
    std::string_view t_;
    std::vector<DtdProblem>& problems_;
    DtdDeclarations out_;
    size_t p_ = 0;

    void problem(size_t at, std::string msg) { problems_.push_back({at, std::move(msg)}); }
    bool starts(std::string_view s) const { return t_.substr(p_, s.size()) == s; }
    void skipSpace() {
        while (p_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[p_]))) ++p_;
    }
    void skipPast(std::string_view end, const char* unclosed) {
        const size_t at = t_.find(end, p_);
        if (at == std::string_view::npos) {
            problem(p_, unclosed);
            p_ = t_.size();
        } else {
            p_ = at + end.size();
        }
    }
    // To the '>' that ends the declaration, over quoted strings.
    void skipDeclaration() {
        const size_t start = p_;
        for (char quote = 0; p_ < t_.size(); ++p_) {
            const char c = t_[p_];
            if (quote) {
                if (c == quote) quote = 0;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                ++p_;
                return;
            }
        }
        problem(start, "a declaration in the DTD is not closed by '>'");
    }
    std::string name() {
        const size_t start = p_;
        while (p_ < t_.size()) {
            const char c = t_[p_];
            if (std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.' || c == ':') ++p_;
            else break;
        }
        return std::string(t_.substr(start, p_ - start));
    }

    void element() {
        const size_t start = p_;
        p_ += std::string_view("<!ELEMENT").size();
        skipSpace();
        const std::string n = name();
        if (n.empty()) problem(start, "<!ELEMENT> names no element");
        else out_.elements.insert(n);
        skipDeclaration();
    }

    void attlist() {
        const size_t start = p_;
        p_ += std::string_view("<!ATTLIST").size();
        skipSpace();
        const std::string el = name();
        if (el.empty()) {
            problem(start, "<!ATTLIST> names no element");
            skipDeclaration();
            return;
        }
        auto& attrs = out_.attributes[el];
        while (true) {
            skipSpace();
            if (p_ >= t_.size()) {
                problem(start, "<!ATTLIST " + el + "> is not closed by '>'");
                return;
            }
            if (t_[p_] == '>') {
                ++p_;
                return;
            }
            const size_t at = p_;
            const std::string attr = name();
            if (attr.empty()) {
                problem(at, "<!ATTLIST " + el + ">: expected an attribute name");
                skipDeclaration();
                return;
            }
            attrs.insert(attr);
            // The type: a keyword, NOTATION (...), or an enumeration (...).
            skipSpace();
            if (starts("NOTATION")) {
                p_ += 8;
                skipSpace();
            }
            if (p_ < t_.size() && t_[p_] == '(') {
                const size_t close = t_.find(')', p_);
                if (close == std::string_view::npos) {
                    problem(p_, "<!ATTLIST " + el + " " + attr + ">: the list of values is not closed");
                    p_ = t_.size();
                    return;
                }
                p_ = close + 1;
            } else if (name().empty()) {
                problem(at, "<!ATTLIST " + el + " " + attr + ">: expected the attribute's type");
                skipDeclaration();
                return;
            }
            // The default: #REQUIRED, #IMPLIED, [#FIXED] "value".
            skipSpace();
            if (starts("#REQUIRED") || starts("#IMPLIED")) {
                ++p_;
                name();
                continue;
            }
            if (starts("#FIXED")) {
                p_ += 6;
                skipSpace();
            }
            if (p_ < t_.size() && (t_[p_] == '"' || t_[p_] == '\'')) {
                const size_t close = t_.find(t_[p_], p_ + 1);
                if (close == std::string_view::npos) {
                    problem(p_, "<!ATTLIST " + el + " " + attr + ">: the default value is not closed");
                    p_ = t_.size();
                    return;
                }
                p_ = close + 1;
            } else {
                problem(at, "<!ATTLIST " + el + " " + attr + ">: expected #REQUIRED, #IMPLIED or a default value");
                skipDeclaration();
                return;
            }
        }
    }
};

}  // namespace

DtdDeclarations parseDtd(std::string_view doctype, std::vector<DtdProblem>& problems) {
    return DtdParser(doctype, problems).run();
}

}  // namespace jvmtigen
