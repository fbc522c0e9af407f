// The bash completion script the build writes (build/man/jvmtigen.bash): sourced in bash, each
// command's function completes its options, option values and, for jvmti-check, the layer's
// settings, as bash would call it (COMP_LINE, COMP_POINT, COMP_WORDS, COMP_CWORD).
#include <catch2/catch.hpp>

#include "support.hpp"

using namespace testsupport;

namespace {

std::string quoted(const std::string& word) {
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

// The replies for the command line `line` (the cursor at its end), split into words as bash
// splits them with its default COMP_WORDBREAKS, one reply per line.
std::string complete(const std::string& function, const std::string& line, const std::string& cwd = ".") {
    const std::string script = (fs::path(JVMTIGEN_MAN_DIR) / "jvmtigen.bash").string();
    const std::string body =
        "source " + quoted(script) + " || exit 3\n"
        "cd " + quoted(cwd) + "\n"
        "COMP_WORDBREAKS=$' \\t\\n\"\\'><=;|&(:'\n"
        "COMP_LINE=" + quoted(line) + "\nCOMP_POINT=${#COMP_LINE}\n"
        // The words as readline makes them: '=' and ':' are words of their own.
        "words=$(printf '%s' \"$COMP_LINE\" | sed -e 's/\\([=:]\\)/ \\1 /g')\n"
        "read -r -a COMP_WORDS <<< \"$words\"\n"
        "[[ $COMP_LINE == *' ' ]] && COMP_WORDS+=('')\n"
        "COMP_CWORD=$((${#COMP_WORDS[@]} - 1))\n" +
        function + "\nif ((${#COMPREPLY[@]})); then printf '%s\\n' \"${COMPREPLY[@]}\"; fi\n";
    const auto r = runCommand("bash -c " + quoted(body));
    INFO("line: " << line << "\nstderr: " << r.err);
    REQUIRE(r.status == 0);
    return r.out;
}

}  // namespace

TEST_CASE("completion: each command's options, from its --help") {
    CHECK(complete("_jvmtigen_jvmtigen", "jvmtigen --jv") == "--jvmti-version\n");
    CHECK(complete("_jvmtigen_jvmtigen", "jvmtigen --only he") == "header\n");
    CHECK(complete("_jvmtigen_jvmtigen", "jvmtigen --diff-a") == "--diff-api-version\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --ht") == "--html\n");
    // --NAME=VALUE options complete as one word, with the value's choices; --shard's value is optional.
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --fail") == "--fail-on=\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --fail-on=w") == "warning\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --error-exitcode=").empty());
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --one-f") == "--one-fault-per-run\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check --shard --inj") == "--inject-sweep\n");
    CHECK(complete("_jvmtigen_jvmti_abi_diff", "jvmti-abi-diff --j") == "--json\n");
    CHECK(complete("_jvmtigen_jvmti_impl_check", "jvmti-impl-check --wr") == "--write-stubs\n");
    CHECK(complete("_jvmtigen_jvmti_conform", "jvmti-conform --ex") == "--expect\n");
    CHECK(complete("_jvmtigen_jvmti_lint", "jvmti-lint --wr") == "--write-baseline\n");
    CHECK(complete("_jvmtigen_jvmti_lint", "jvmti-lint --error") == "--error-exitcode\n");
}

TEST_CASE("completion: jvmti-check's layer settings, KEY= then the choices") {
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check che") == "check=\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check report-f") == "report-format=\n");
    // After '=' bash replaces only what follows it.
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check check=st") == "strict\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check report-format=") == "text\nhtml\nsarif\njunit\njson\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check api-v") == "api-version=\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check advice=") == "true\nfalse\n");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check trace-times=f") == "false\n");
    // agent= is not offered: the agents come from the java command.
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check agen").empty());
    // A path setting completes file names.
    TempDir dir;
    writeFile(dir / "layer.json", "{}");
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check config=la", dir.path().string()) == "layer.json\n");
    // After '--' the java command is bash's to complete.
    CHECK(complete("_jvmtigen_jvmti_check", "jvmti-check check=strict -- ja").empty());
}
