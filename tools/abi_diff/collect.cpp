#include "collect.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecordLayout.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/MacroInfo.h>
#include <clang/Lex/PPCallbacks.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/raw_ostream.h>

namespace abidiff {
namespace {

using namespace clang;

// Records the object-like macros the main file defines (and forgets those it undefines).
class MacroRecorder : public PPCallbacks {
public:
    MacroRecorder(const SourceManager& sm, const Preprocessor& pp, std::map<std::string, Fact>& out)
        : sm_(sm), pp_(pp), out_(out) {}

    void MacroDefined(const Token& name, const MacroDirective* md) override {
        const MacroInfo* mi = md->getMacroInfo();
        if (!mi->isObjectLike() || !sm_.isInMainFile(mi->getDefinitionLoc())) return;
        std::string value;
        for (const Token& t : mi->tokens()) {
            if (!value.empty()) value += ' ';
            value += pp_.getSpelling(t);
        }
        if (value.empty()) value = "(empty)";
        const std::string id = pp_.getSpelling(name);
        out_[id] = Fact{id, value, value};
    }

    void MacroUndefined(const Token& name, const MacroDefinition&, const MacroDirective* undef) override {
        if (undef && sm_.isInMainFile(undef->getLocation())) out_.erase(pp_.getSpelling(name));
    }

private:
    const SourceManager& sm_;
    const Preprocessor& pp_;
    std::map<std::string, Fact>& out_;
};

// Walks the declarations of the main file and turns each into facts.
class Collector {
public:
    Collector(ASTContext& ctx, Language language, Facts& facts)
        : ctx_(ctx), sm_(ctx.getSourceManager()), language_(language), facts_(facts),
          shown_(ctx.getPrintingPolicy()) {
        // An anonymous type is printed without the file and line of its declaration, so a
        // header moved or reformatted prints the same.
        shown_.AnonymousTagLocations = false;
    }

    void walk(const DeclContext* dc) {
        for (const Decl* d : dc->decls()) {
            if (const auto* linkage = dyn_cast<LinkageSpecDecl>(d)) {
                walk(linkage);
                continue;
            }
            if (!inMainFile(d)) continue;
            if (const auto* e = dyn_cast<EnumDecl>(d)) enumeration(e);
            else if (const auto* r = dyn_cast<RecordDecl>(d)) record(r);
            else if (const auto* t = dyn_cast<TypedefNameDecl>(d)) typedefName(t);
            else if (const auto* f = dyn_cast<FunctionDecl>(d)) function(f);
        }
    }

private:
    bool inMainFile(const Decl* d) const { return sm_.isInMainFile(sm_.getExpansionLoc(d->getLocation())); }

    std::string shown(QualType t) const { return t.getAsString(shown_); }
    std::string canonical(QualType t) const { return t.getCanonicalType().getAsString(shown_); }

    void add(std::string_view kind, const std::string& key, const std::string& label, std::string compared,
             std::string shownValue) {
        facts_[std::string(kind)][key] = Fact{label, std::move(compared), std::move(shownValue)};
    }

    // A tag's name: its own, the typedef that names an anonymous one, or its first member.
    template <typename TagOrRecord>
    static std::string tagName(const TagOrRecord* tag, const std::string& firstMember) {
        if (!tag->getName().empty()) return tag->getQualifiedNameAsString();
        if (const TypedefNameDecl* t = tag->getTypedefNameForAnonDecl()) return t->getName().str();
        return "anonymous " + tag->getKindName().str() + " {" + firstMember + ", ...}";
    }

    void enumeration(const EnumDecl* e) {
        if (!e->isThisDeclarationADefinition()) return;
        const auto first = e->enumerator_begin();
        const std::string name = tagName(e, first == e->enumerator_end() ? "" : (*first)->getName().str());
        for (const EnumConstantDecl* c : e->enumerators()) {
            const llvm::APSInt& v = c->getInitVal();
            std::string value = v.isSigned() ? std::to_string(v.getExtValue()) : std::to_string(v.getZExtValue());
            if (v.getActiveBits() > 16 && !v.isNegative()) {  // versions and masks read better in hex
                char hex[32];
                std::snprintf(hex, sizeof hex, " (0x%llx)", static_cast<unsigned long long>(v.getZExtValue()));
                value += hex;
            }
            const std::string fact = "= " + value + " in " + name;
            add("enumerator", c->getName().str(), c->getName().str(), fact, fact);
        }
    }

    void record(const RecordDecl* r) {
        if (!r->isThisDeclarationADefinition() || r->isInvalidDecl()) return;
        const auto first = r->field_begin();
        const std::string name = tagName(r, first == r->field_end() ? "" : first->getName().str());
        const ASTRecordLayout& layout = ctx_.getASTRecordLayout(r);
        const std::string shape = r->getKindName().str() + ", size " + std::to_string(layout.getSize().getQuantity()) +
                                  ", align " + std::to_string(layout.getAlignment().getQuantity());
        add("record", name, name, shape, shape);

        const bool table = name == "jvmtiInterface_1_";
        for (const FieldDecl* f : r->fields()) {
            if (f->isUnnamedBitfield()) continue;  // padding: it shows in the offsets and sizes around it
            const uint64_t bits = layout.getFieldOffset(f->getFieldIndex());
            const std::string field = f->isAnonymousStructOrUnion() ? "(anonymous)" : f->getName().str();
            if (table) {
                slot(f->getFieldIndex() + 1, field, f->getType(), bits / 8);
                continue;
            }
            const std::string where = f->isBitField() ? "bit " + std::to_string(bits) + ", width " +
                                                            std::to_string(f->getBitWidthValue(ctx_))
                                                      : "offset " + std::to_string(bits / 8);
            add("field", name + "." + field, name + "." + field, where + ", " + canonical(f->getType()),
                where + ", " + shown(f->getType()));
        }
        // Types declared inside the record (C++ nested types; C hoists them, Clang keeps them here).
        for (const Decl* d : r->decls()) {
            if (const auto* e = dyn_cast<EnumDecl>(d)) enumeration(e);
            else if (const auto* nested = dyn_cast<RecordDecl>(d); nested && !nested->isAnonymousStructOrUnion())
                record(nested);
        }
        if (const auto* cxx = dyn_cast<CXXRecordDecl>(r)) methods(cxx, name);
    }

    void slot(unsigned index, const std::string& field, QualType type, uint64_t offset) {
        char key[16];
        std::snprintf(key, sizeof key, "%05u", index);
        add("slot", key, std::to_string(index),
            field + " " + canonical(type) + " at offset " + std::to_string(offset), field + " " + shown(type));
    }

    void methods(const CXXRecordDecl* r, const std::string& name) {
        std::map<std::string, std::vector<std::pair<std::string, std::string>>> byName;
        for (const CXXMethodDecl* m : r->methods()) {
            if (m->isImplicit()) continue;
            std::string prefix;
            if (m->getAccess() == AS_private) prefix += "private ";
            if (m->getAccess() == AS_protected) prefix += "protected ";
            if (m->isStatic()) prefix += "static ";
            if (m->isVirtual()) prefix += "virtual ";
            byName[m->getNameAsString()].emplace_back(prefix + canonical(m->getType()), prefix + shown(m->getType()));
        }
        for (auto& [method, overloads] : byName) {
            std::sort(overloads.begin(), overloads.end());
            std::string compared, shownValue;
            for (const auto& [c, s] : overloads) {
                compared += (compared.empty() ? "" : "; ") + c;
                shownValue += (shownValue.empty() ? "" : "; ") + s;
            }
            const std::string label = name + "::" + method;
            add("method", label, label, compared, shownValue);
        }
    }

    void typedefName(const TypedefNameDecl* t) {
        const QualType underlying = t->getUnderlyingType();
        add("typedef", t->getName().str(), t->getName().str(), canonical(underlying), shown(underlying));
    }

    void function(const FunctionDecl* f) {
        if (isa<CXXMethodDecl>(f)) return;
        std::string prefix;
        if (language_ == Language::Cxx) prefix += f->isExternC() ? "extern \"C\" " : "extern \"C++\" ";
        if (f->getStorageClass() == SC_Static) prefix += "static ";
        if (f->isInlineSpecified()) prefix += "inline ";
        if (const auto* v = f->getAttr<VisibilityAttr>())
            prefix += "visibility(" + std::string(VisibilityAttr::ConvertVisibilityTypeToStr(v->getVisibility())) + ") ";
        add("function", f->getNameAsString(), f->getNameAsString(), prefix + canonical(f->getType()),
            prefix + shown(f->getType()));
    }

    ASTContext& ctx_;
    const SourceManager& sm_;
    Language language_;
    Facts& facts_;
    PrintingPolicy shown_;
};

class FactsConsumer : public ASTConsumer {
public:
    FactsConsumer(Language language, Facts& facts) : language_(language), facts_(facts) {}
    void HandleTranslationUnit(ASTContext& ctx) override {
        Collector(ctx, language_, facts_).walk(ctx.getTranslationUnitDecl());
    }

private:
    Language language_;
    Facts& facts_;
};

class FactsAction : public ASTFrontendAction {
public:
    FactsAction(Language language, Facts& facts) : language_(language), facts_(facts) {}

protected:
    std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
        Preprocessor& pp = ci.getPreprocessor();
        pp.addPPCallbacks(std::make_unique<MacroRecorder>(ci.getSourceManager(), pp, facts_["macro"]));
        return std::make_unique<FactsConsumer>(language_, facts_);
    }

private:
    Language language_;
    Facts& facts_;
};

}  // namespace

Parsed collect(const std::string& header, Language language, const std::vector<std::string>& includeDirs) {
    namespace fs = std::filesystem;
    Parsed parsed;
    std::vector<std::string> command = {
        "clang", "-fsyntax-only", "-resource-dir=" JVMTI_TOOLS_RESOURCE_DIR, "-w", "-x",
        language == Language::C ? "c" : "c++", language == Language::C ? "-std=c11" : "-std=c++17"};
    const fs::path dir = fs::path(header).parent_path();
    std::error_code ec;
    if (fs::is_directory(dir / "linux", ec)) command.push_back("-I" + (dir / "linux").string());
    for (const std::string& d : includeDirs) command.push_back("-I" + d);
    command.push_back(header);

    std::string messages;
    llvm::raw_string_ostream out(messages);
    TextDiagnosticPrinter printer(out, new DiagnosticOptions());
    llvm::IntrusiveRefCntPtr<FileManager> files(new FileManager(FileSystemOptions()));
    tooling::ToolInvocation invocation(command, std::make_unique<FactsAction>(language, parsed.facts), files.get());
    invocation.setDiagnosticConsumer(&printer);
    const bool ran = invocation.run();
    out.flush();
    parsed.ok = ran && printer.getNumErrors() == 0;
    parsed.diagnostics = messages;
    if (!parsed.ok && parsed.diagnostics.empty()) parsed.diagnostics = "clang could not parse " + header + "\n";
    return parsed;
}

}  // namespace abidiff
