// How jvmti-check reads and writes the words of argfiles, option variables and shell lines.
#include <catch2/catch.hpp>

#include "java_words.hpp"
#include "jdk.hpp"

using namespace jvmticheck;
using Words = std::vector<std::string>;

TEST_CASE("argfile: white space, quotes, escapes, comments and continued lines as the launcher reads them") {
    CHECK(splitArgFile("  -cp\tlib/a.jar\n\r\fMain  ") == Words{"-cp", "lib/a.jar", "Main"});
    CHECK(splitArgFile("-Dx='a b' \"-Dy=c d\"") == Words{"-Dx=a b", "-Dy=c d"});
    CHECK(splitArgFile("'it''s' \"say \\\"hi\\\"\"") == Words{"its", "say \"hi\""});
    CHECK(splitArgFile("\"a\\tb\\nc\\\\d\"") == Words{"a\tb\nc\\d"});
    CHECK(splitArgFile("plain\\word") == Words{"plain\\word"});  // no escapes outside quotes
    CHECK(splitArgFile("# a comment\n-verbose # another\n\"#not\"") == Words{"-verbose", "#not"});
    CHECK(splitArgFile("\"-Dlong=first \\\n     second\"") == Words{"-Dlong=first second"});
    CHECK(splitArgFile("\"open\nnext") == Words{"open", "next"});  // a line end closes a quote
    CHECK(splitArgFile("'' x") == Words{"", "x"});
    CHECK(splitArgFile("").empty());
}

TEST_CASE("option variables: split at white space with quotes, written back the same way") {
    Words words;
    REQUIRE_FALSE(splitOptionsVariable("  -Xmx1g  -Dx='a b' -D\"y\"=z\t-agentlib:jdwp=x ", words));
    CHECK(words == Words{"-Xmx1g", "-Dx=a b", "-Dy=z", "-agentlib:jdwp=x"});
    Words broken;
    const auto error = splitOptionsVariable("-Dx='a b", broken);
    REQUIRE(error);
    CHECK(*error == "unmatched ' at character 5 (a quote opened there is never closed)");

    std::string text;
    REQUIRE_FALSE(joinOptionsVariable({"-Xmx1g", "-Dx=a b", "-Dq=say \"hi\"", "-Dq='x'", ""}, text));
    CHECK(text == "-Xmx1g \"-Dx=a b\" '-Dq=say \"hi\"' \"-Dq='x'\" \"\"");
    Words back;
    REQUIRE_FALSE(splitOptionsVariable(text, back));
    CHECK(back == Words{"-Xmx1g", "-Dx=a b", "-Dq=say \"hi\"", "-Dq='x'", ""});
    const auto both = joinOptionsVariable({"-Dx=it's \"x\""}, text);
    REQUIRE(both);
    CHECK(*both == "the option '-Dx=it's \"x\"' holds both kinds of quote, so it cannot be written back into a variable");
}

TEST_CASE("shell quoting: safe words as they are, the rest in single quotes") {
    CHECK(shellQuote("-agentpath:/a/lib.so=check=strict,agent=/b.so") == "-agentpath:/a/lib.so=check=strict,agent=/b.so");
    CHECK(shellQuote("a b") == "'a b'");
    CHECK(shellQuote("it's") == "'it'\\''s'");
    CHECK(shellQuote("") == "''");
    CHECK(shellQuote("$HOME") == "'$HOME'");
    CHECK(shellQuote("*.jar") == "'*.jar'");
}

TEST_CASE("java.library.path from -XshowSettings:properties") {
    const std::string output = "Property settings:\n    java.home = /jdk\n    java.library.path = /opt/x\n"
                               "        /usr/java/packages/lib\n        /usr/lib\n    java.runtime.name = OpenJDK\n";
    CHECK(libraryPathFromSettings(output) == Words{"/opt/x", "/usr/java/packages/lib", "/usr/lib"});
    CHECK(libraryPathFromSettings("nothing here\n").empty());
    CHECK(splitPathList("a::b:") == Words{"a", "b"});
}
