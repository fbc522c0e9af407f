// The bash completion script (see completion.hpp).
#include "completion.hpp"

#include <sstream>

namespace jvmtihelp {

namespace {

// The words of `term` ("--spec FILE", "--shard [K/N]", "--fail-on=error|warning"): the option,
// whether the next word is its value (not when the value is optional, in brackets), and for one
// written with '=' the flag up to it ("--fail-on=") with the value's lower-case choices.
struct Option {
    std::string flag;
    bool value = false;
    bool joined = false;               // --NAME=VALUE: completed as one word
    std::vector<std::string> choices;  // "error", "warning" of "error|warning|OUTCOME,..."
};

std::vector<Option> optionsOf(const ToolHelp& help) {
    std::vector<Option> out;
    for (const auto& entry : help.options) {
        std::istringstream words(entry.term);
        std::string flag, value;
        words >> flag >> value;
        if (flag.size() < 2 || flag[0] != '-') continue;
        Option o;
        o.flag = flag;
        o.value = !value.empty() && value[0] != '[';
        if (const auto eq = flag.find('='); eq != std::string::npos) {
            o.flag = flag.substr(0, eq + 1);
            o.value = false;
            o.joined = true;
            std::istringstream choices(flag.substr(eq + 1));
            for (std::string c; std::getline(choices, c, '|');)
                if (!c.empty() && c.find_first_not_of("abcdefghijklmnopqrstuvwxyz-") == std::string::npos) o.choices.push_back(c);
        }
        out.push_back(std::move(o));
    }
    return out;
}

std::string joined(const std::vector<std::string>& words, const char* separator = " ") {
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : separator) + w;
    return out;
}

// A bash function name for a command: jvmti-check -> _jvmtigen_jvmti_check.
std::string functionName(const std::string& tool) {
    std::string out = "_jvmtigen_";
    for (char c : tool) out += c == '-' ? '_' : c;
    return out;
}

// The shared part: the word being completed (with any '=' in it), and the replies trimmed to
// what bash replaces (the text after the last character of COMP_WORDBREAKS in the word).
constexpr const char* kCommon = R"(# The word under the cursor, '=' and ':' included whatever COMP_WORDBREAKS holds.
_jvmtigen_current_word() {
    local line=${COMP_LINE:0:COMP_POINT}
    printf '%s' "${line##*[[:space:]]}"
}

# Sets COMPREPLY to the words of $2 that start with $1, each without the part of $1 that bash
# keeps (up to its last word-break character); no space after a reply ending in '='.
_jvmtigen_reply() {
    local cur=$1 kept=
    mapfile -t COMPREPLY < <(compgen -W "$2" -- "$cur")
    local trimmed=${cur##*[$COMP_WORDBREAKS]}
    kept=${cur%"$trimmed"}
    if [[ -n $kept ]]; then
        local i
        for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$kept"}; done
    fi
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then compopt -o nospace 2>/dev/null; fi
    return 0
}

# File names for the part of $1 after its prefix $2 (report= etc.), as "$2NAME" replies.
_jvmtigen_files() {
    local cur=$1 prefix=$2 name words=
    while IFS= read -r name; do
        [[ -d $name ]] && name+=/
        words+=" $prefix$name"
    done < <(compgen -f -- "${cur#"$prefix"}")
    _jvmtigen_reply "$cur" "$words"
    compopt -o nospace 2>/dev/null
}
)";

}  // namespace

std::string bashCompletion(const std::vector<CompletedTool>& tools, const jvmtilayer::Schema& schema) {
    std::string out =
        "# bash completion for jvmtigen, jvmti-check, jvmti-abi-diff, jvmti-impl-check, jvmti-conform and\n"
        "# jvmti-lint.\n"
        "# Written by jvmtigen-man from the descriptions each tool's --help prints (help/*.cpp) and the\n"
        "# layer's settings schema (runtime/settings/settings_schema.json). Do not edit.\n\n";
    out += kCommon;
    for (const auto& tool : tools) {
        const auto options = optionsOf(tool.help);
        std::vector<std::string> flags, valued;
        for (const auto& o : options) {
            flags.push_back(o.flag);
            if (o.value) valued.push_back(o.flag);
        }
        std::vector<std::string> values;
        for (const auto& section : tool.help.sections)
            if (section.title == tool.valuesSection)
                for (const auto& e : section.entries) values.push_back(e.term);

        out += "\n" + functionName(tool.help.name) + "() {\n";
        out += "    local cur prev=${COMP_WORDS[COMP_CWORD-1]} i\n    cur=$(_jvmtigen_current_word)\n";
        if (tool.layerSettings) {
            out += "    # After '--': the java command, completed as bash would.\n"
                   "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
                   "        if [[ ${COMP_WORDS[i]} == -- ]]; then compopt -o default 2>/dev/null; COMPREPLY=(); return 0; fi\n"
                   "    done\n";
        }
        if (!tool.valueOption.empty())
            out += "    if [[ $prev == " + tool.valueOption + " ]]; then _jvmtigen_reply \"$cur\" \"" + joined(values) +
                   "\"; return 0; fi\n";
        if (!valued.empty()) {
            out += "    case $prev in\n        " + joined(valued, "|") + ")\n";
            out += "            compopt -o default 2>/dev/null; COMPREPLY=(); return 0 ;;\n    esac\n";
        }
        std::string sameWord;  // --NAME=VALUE options: their choices, or nothing to offer
        for (const auto& o : options) {
            if (!o.joined) continue;
            std::string words;
            for (const auto& c : o.choices) words += (words.empty() ? "" : " ") + o.flag + c;
            sameWord += "        " + o.flag + "*) " +
                        (words.empty() ? std::string("COMPREPLY=()") : "_jvmtigen_reply \"$cur\" \"" + words + "\"") +
                        "; return 0 ;;\n";
        }
        if (!sameWord.empty()) out += "    case $cur in\n" + sameWord + "    esac\n";
        if (tool.layerSettings) {
            out += "    case $cur in\n";
            std::vector<std::string> keys;
            for (const auto& spec : schema.settings()) {
                if (spec.type == jvmtilayer::SettingType::Agent) continue;
                keys.push_back(spec.name + "=");
                std::vector<std::string> choices;
                // An enum's choices; a list's (the first item: bash completes one word).
                if (spec.type == jvmtilayer::SettingType::Enum || spec.type == jvmtilayer::SettingType::List)
                    choices = spec.choices;
                if (spec.type == jvmtilayer::SettingType::Bool) choices = {"true", "false"};
                if (!choices.empty()) {
                    std::string words;
                    for (const auto& c : choices) words += (words.empty() ? "" : " ") + spec.name + "=" + c;
                    out += "        " + spec.name + "=*) _jvmtigen_reply \"$cur\" \"" + words + "\"; return 0 ;;\n";
                } else if (spec.type == jvmtilayer::SettingType::Path) {
                    out += "        " + spec.name + "=*) _jvmtigen_files \"$cur\" " + spec.name + "=; return 0 ;;\n";
                } else {
                    out += "        " + spec.name + "=*) COMPREPLY=(); return 0 ;;\n";
                }
            }
            out += "    esac\n";
            out += "    _jvmtigen_reply \"$cur\" \"" + joined(flags) + " " + joined(keys) + " --\"\n";
        } else {
            out += "    if [[ $cur == -* ]]; then _jvmtigen_reply \"$cur\" \"" + joined(flags) +
                   "\"; else compopt -o default 2>/dev/null; COMPREPLY=(); fi\n";
        }
        out += "}\ncomplete -F " + functionName(tool.help.name) + " " + tool.help.name + "\n";
    }
    return out;
}

}  // namespace jvmtihelp
