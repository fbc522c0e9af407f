// jvmti-check's rewriting without a JVM: which words are agents, where the program's own
// arguments start, argfiles, option variables, resolving against a made-up JDK, the layer's word.
#include <catch2/catch.hpp>

#include <fstream>
#include <random>

#include <nlohmann/json.hpp>

#include "follow.hpp"
#include "layer_command.hpp"
#include "options.hpp"
#include "rewrite.hpp"

using namespace jvmticheck;
using Words = std::vector<std::string>;
namespace fs = std::filesystem;

namespace {

struct Scratch {
    fs::path dir;
    Scratch() {
        std::random_device rd;
        dir = fs::temp_directory_path() / ("jvmti-check-unit-" + std::to_string(rd()));
        fs::create_directories(dir);
    }
    ~Scratch() {
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    fs::path write(const std::string& name, const std::string& text) const {
        fs::create_directories((dir / name).parent_path());
        std::ofstream(dir / name) << text;
        return dir / name;
    }
};

Stripped strip(const Words& command, const Environment& env = {}, const fs::path& cwd = "/") {
    Stripped s;
    const auto error = stripAgents(command, env, cwd, s);
    INFO((error ? *error : ""));
    REQUIRE_FALSE(error);
    return s;
}

Words agentWords(const Stripped& s) {
    Words w;
    for (const auto& a : s.agents) w.push_back(a.word + " @ " + a.where);
    return w;
}

std::vector<std::string> noQuery(const Jdk&, const std::optional<std::string>&) {
    FAIL("the default java.library.path was asked for");
    return {};
}

std::optional<std::string> queriedLd;
std::vector<std::string> fakeQuery(const Jdk&, const std::optional<std::string>& ld) {
    queriedLd = ld;
    return {"/nowhere", ld.value_or("/nowhere")};
}

}  // namespace

TEST_CASE("agents are taken out of the options, the program's own arguments are left alone") {
    const auto s = strip({"java", "-Xmx64m", "-agentlib:jdwp=transport=dt_socket", "-cp", "-agentpath:/not/an/agent.so",
                          "-javaagent:a.jar=x=1", "Main", "-agentpath:/arg.so", "@args"});
    CHECK(s.command == Words{"java", "-Xmx64m", "-cp", "-agentpath:/not/an/agent.so", "Main", "-agentpath:/arg.so", "@args"});
    REQUIRE(s.agents.size() == 2);
    CHECK(s.agents[0].kind == AgentKind::AgentLib);
    CHECK(s.agents[0].target == "jdwp");
    CHECK(s.agents[0].options == "transport=dt_socket");
    CHECK(s.agents[1].kind == AgentKind::JavaAgent);
    CHECK(s.agents[1].target == "a.jar");
    CHECK(s.agents[1].options == "a.jar=x=1");  // libinstrument's options are the whole JAR=OPTIONS
    CHECK(s.changes.empty());
}

TEST_CASE("options end at -jar JAR, -m MODULE and --module=MODULE end the options") {
    CHECK(strip({"java", "-agentpath:/a.so", "-jar", "app.jar", "-agentpath:/b.so"}).command ==
          Words{"java", "-jar", "app.jar", "-agentpath:/b.so"});
    CHECK(strip({"java", "-p", "mods", "-m", "m/x.Main", "-javaagent:j.jar"}).command ==
          Words{"java", "-p", "mods", "-m", "m/x.Main", "-javaagent:j.jar"});
    CHECK(strip({"java", "--module=m", "-agentlib:x"}).agents.empty());
    CHECK(strip({"java", "--add-modules", "-agentlib:x", "Main"}).agents.empty());  // a value, not an option
}

TEST_CASE("an option without its library is an error naming it") {
    Stripped s;
    const auto e = stripAgents({"java", "-agentlib:", "Main"}, {}, "/", s);
    REQUIRE(e);
    CHECK(*e == "-agentlib: (in the command line) names no library");
    const auto j = stripAgents({"java", "-javaagent:=opts", "Main"}, {}, "/", s);
    REQUIRE(j);
    CHECK(*j == "-javaagent:=opts (in the command line) names no jar");
}

TEST_CASE("an agent without '=' gets no options, with '=' and nothing after it, the empty string") {
    const auto s = strip({"java", "-agentpath:/a.so", "-agentpath:/b.so=", "Main"});
    REQUIRE(s.agents.size() == 2);
    CHECK_FALSE(s.agents[0].options.has_value());
    CHECK(s.agents[1].options == "");
}

TEST_CASE("argfiles: one naming an agent is expanded in place, one naming none stays") {
    Scratch t;
    t.write("agents.txt", "# the agent\n-agentpath:/x.so=a,b\n-cp 'my classes' @literal\n");
    t.write("plain.txt", "-Xmx64m\n");
    const auto s = strip({"java", "@agents.txt", "@plain.txt", "--disable-@files", "@agents.txt", "Main"}, {}, t.dir);
    CHECK(s.command == Words{"java", "-cp", "my classes", "@@literal", "@plain.txt", "--disable-@files", "@agents.txt", "Main"});
    CHECK(agentWords(s) == Words{"-agentpath:/x.so=a,b @ @agents.txt"});
    Stripped bad;
    const auto e = stripAgents({"java", "@missing.txt", "Main"}, {}, t.dir, bad);
    REQUIRE(e);
    CHECK(*e == "cannot read the argument file @missing.txt (" + (t.dir / "missing.txt").string() + ")");
}

TEST_CASE("option variables: agents in the JVM's order, variables rewritten or unset") {
    Environment env{{"JAVA_TOOL_OPTIONS", "-agentlib:first -Dx='a b'"},
                    {"JDK_JAVA_OPTIONS", "-agentpath:/second.so"},
                    {"_JAVA_OPTIONS", "-javaagent:last.jar -Xss1m"}};
    const auto s = strip({"java", "-agentpath:/third.so", "Main"}, env);
    CHECK(agentWords(s) == Words{"-agentlib:first @ JAVA_TOOL_OPTIONS", "-agentpath:/second.so @ JDK_JAVA_OPTIONS",
                                 "-agentpath:/third.so @ the command line", "-javaagent:last.jar @ _JAVA_OPTIONS"});
    CHECK(s.changes == Environment{{"JAVA_TOOL_OPTIONS", "\"-Dx=a b\""}, {"JDK_JAVA_OPTIONS", std::nullopt},
                                   {"_JAVA_OPTIONS", "-Xss1m"}});
    // A variable without agents is not touched.
    CHECK(strip({"java", "-agentpath:/a.so", "Main"}, {{"JAVA_TOOL_OPTIONS", "-Dx='a'"}}).changes.empty());
    Stripped bad;
    const auto e = stripAgents({"java", "Main"}, {{"_JAVA_OPTIONS", "-Dx=\"open"}}, "/", bad);
    REQUIRE(e);
    CHECK(*e == "_JAVA_OPTIONS: unmatched \" at character 5 (a quote opened there is never closed)");
}

TEST_CASE("resolving: -agentlib in the JDK's lib, then the library path, paths and jars must exist") {
    Scratch t;
    Jdk jdk{t.dir / "jdk/bin/java", t.dir / "jdk"};
    t.write("jdk/lib/libjdwp.so", "");
    t.write("jdk/lib/libinstrument.so", "");
    t.write("jdk/lib/libinstrument.so", "");
    t.write("mine/libmine.so", "");
    t.write("app/agent.jar", "");
    t.write("app/libhere.so", "");
    const auto s = strip({"java", "-agentlib:jdwp=server=y", "-agentlib:mine", "-agentpath:libhere.so=o",
                          "-javaagent:agent.jar=opts", "Main"});
    std::vector<LayerAgent> agents;
    REQUIRE_FALSE(resolveAgents(s.agents, jdk, (t.dir / "mine").string(), std::nullopt, noQuery, t.dir / "app", agents));
    REQUIRE(agents.size() == 4);
    CHECK(agents[0].library == (t.dir / "jdk/lib/libjdwp.so").string());
    CHECK(agents[0].options == "server=y");
    CHECK(agents[1].library == (t.dir / "mine/libmine.so").string());
    CHECK_FALSE(agents[1].options.has_value());
    CHECK(agents[2].library == (t.dir / "app/libhere.so").string());
    CHECK(agents[3].library == (t.dir / "jdk/lib/libinstrument.so").string());
    CHECK(agents[3].options == "agent.jar=opts");

    // Without -Djava.library.path the JVM's default is asked for, once, with LD_LIBRARY_PATH.
    agents.clear();
    queriedLd.reset();
    REQUIRE_FALSE(resolveAgents(strip({"java", "-agentlib:mine", "Main"}).agents, jdk, std::nullopt,
                                (t.dir / "mine").string(), fakeQuery, t.dir, agents));
    CHECK(queriedLd == (t.dir / "mine").string());
    CHECK(agents.at(0).library == (t.dir / "mine/libmine.so").string());

    auto error = [&](const Words& command) {
        std::vector<LayerAgent> out;
        const auto e = resolveAgents(strip(command).agents, jdk, (t.dir / "mine").string(), std::nullopt, noQuery,
                                     t.dir / "app", out);
        return e.value_or("");
    };
    CHECK(error({"java", "-agentlib:nosuch=x", "Main"}) ==
          "agent not found: -agentlib:nosuch=x (in the command line): no libnosuch.so in " + (t.dir / "jdk/lib").string() +
              ":" + (t.dir / "mine").string() + " (the JDK's lib, then -Djava.library.path)");
    CHECK(error({"java", "-agentpath:gone.so", "Main"}) ==
          "agent not found: -agentpath:gone.so (in the command line): no such file " + (t.dir / "app/gone.so").string());
    CHECK(error({"java", "-javaagent:gone.jar=x", "Main"}) ==
          "agent not found: -javaagent:gone.jar=x (in the command line): no such jar " + (t.dir / "app/gone.jar").string());
}

TEST_CASE("the layer's word: one agent inline, several from a config file, the report per JVM by default") {
    const auto one = strip({"java", "-agentpath:/a.so=x,y", "-cp", "c", "Main"});
    LayerPlan plan;
    REQUIRE_FALSE(planLayer("/l/libjvmtilayer.so", {"check=strict"}, false, {{"/a.so", "x,y"}}, one, "/run/d/%p-%m",
                            "/run/jvmti-check.7", plan));
    CHECK(plan.command == Words{"java",
                                "-agentpath:/l/libjvmtilayer.so=check=strict,report-format=text:json,report=/run/d/%p-%m,"
                                "agent=/a.so=x,y",
                                "-cp", "c", "Main"});
    CHECK(plan.report == "/run/d/%p-%m");
    CHECK(plan.textReport == "/run/d/%p-%m.txt");
    CHECK(plan.jsonReport == "/run/d/%p-%m.json");
    CHECK_FALSE(plan.agentsFile.has_value());

    const auto two = strip({"java", "-agentlib:jdwp", "-javaagent:j.jar", "Main"});
    REQUIRE_FALSE(planLayer("/l/libjvmtilayer.so", {"report=/r.txt"}, false,
                            {{"/jdk/lib/libjdwp.so", std::nullopt}, {"/jdk/lib/libinstrument.so", "j.jar"}}, two,
                            "/run/d/%p-%m", "/work/agents.json", plan));
    CHECK(plan.command == Words{"java",
                                "-agentpath:/l/libjvmtilayer.so=report=/r.txt,report-format=text:json,"
                                "config=/work/agents.json",
                                "--add-modules=java.instrument", "Main"});
    // report= names the text; the data lies beside it.
    CHECK(plan.textReport == "/r.txt");
    CHECK(plan.jsonReport == "/r.json");
    // The agents file is the one jvmti-check names (in its own private directory), whatever report= says.
    REQUIRE(plan.agentsFile == "/work/agents.json");
    CHECK(nlohmann::json::parse(plan.agentsJson) ==
          nlohmann::json::parse(R"({"agents":[{"path":"/jdk/lib/libjdwp.so","options":null},
                                             {"path":"/jdk/lib/libinstrument.so","options":"j.jar"}]})"));
    CHECK(planLayer("/l=/x.so", {}, false, {{"/a.so", std::nullopt}}, one, "/r", "/r", plan) ==
          "the layer's path /l=/x.so contains '=', which -agentpath cannot take");
    // Text on standard error: that JVM writes no data.
    REQUIRE_FALSE(planLayer("/l.so", {"report=stderr"}, false, {{"/a.so", std::nullopt}}, one, "/d/%p", "/r", plan));
    CHECK(plan.optionString == "report=stderr,report-format=text,agent=/a.so");
    CHECK(plan.jsonReport.empty());
}

TEST_CASE("the report formats of a checked JVM: text and json, with those asked for, each once") {
    CHECK(reportFormats({}, false) == "text:json");
    CHECK(reportFormats({}, true) == "text:html:json");
    CHECK(reportFormats({"report-format=sarif:json"}, true) == "text:sarif:json:html");
    CHECK(jvmSettings({"check=strict", "report-format=html", "config=c.json"}, false, "/d/%p-%m") ==
          Words{"check=strict", "report-format=text:html:json", "report=/d/%p-%m"});
    CHECK(jvmSettings({"report=/x/r.txt"}, false, "/d/%p-%m") == Words{"report=/x/r.txt", "report-format=text:json"});
}

TEST_CASE("the HTML report: each JVM writes its page beside its text report") {
    const auto one = strip({"java", "-agentpath:/a.so", "Main"});
    LayerPlan plan;
    REQUIRE_FALSE(planLayer("/l/libjvmtilayer.so", {"report-format=html"}, false, {{"/a.so", std::nullopt}}, one,
                            "/run/d/%p-%m", "/run/jvmti-check.7", plan));
    CHECK(plan.command == Words{"java",
                                "-agentpath:/l/libjvmtilayer.so=report-format=text:html:json,report=/run/d/%p-%m,"
                                "agent=/a.so",
                                "Main"});
    CHECK(plan.html);
    CHECK(plan.textReport == "/run/d/%p-%m.txt");
    REQUIRE_FALSE(planLayer("/l/libjvmtilayer.so", {"report=/r.txt"}, true, {{"/a.so", std::nullopt}}, one, "/d/%p",
                            "/run/x", plan));
    CHECK(plan.html);
    CHECK(plan.textReport == "/r.txt");
}

TEST_CASE("a config file of settings: passed on with one agent, merged with the agents of several") {
    Scratch s;
    const std::string config = s.write("layer.json", R"({"check": "strict", "report-limit": 2})").string();
    const auto one = strip({"java", "-agentpath:/a.so", "Main"});
    LayerPlan plan;
    REQUIRE_FALSE(planLayer("/l.so", {"config=" + config, "report=/r"}, false, {{"/a.so", std::nullopt}}, one, "/d/%p",
                            "/run/x", plan));
    CHECK(plan.optionString == "config=" + config + ",report=/r,report-format=text:json,agent=/a.so");
    const auto two = strip({"java", "-agentpath:/a.so", "-agentpath:/b.so", "Main"});
    REQUIRE_FALSE(planLayer("/l.so", {"config=" + config, "report=/r"}, false, {{"/a.so", std::nullopt}, {"/b.so", "o"}},
                            two, "/d/%p", "/run/x/agents.json", plan));
    CHECK(plan.optionString == "report=/r,report-format=text:json,config=/run/x/agents.json");
    CHECK(nlohmann::json::parse(plan.agentsJson) ==
          nlohmann::json::parse(R"({"check": "strict", "report-limit": 2,
                                    "agents": [{"path": "/a.so", "options": null}, {"path": "/b.so", "options": "o"}]})"));
    // The file's own report= is honoured as if given on the command line.
    const std::string named = s.write("named.json", R"({"report": "/from/config.txt"})").string();
    REQUIRE_FALSE(planLayer("/l.so", {"config=" + named}, false, {{"/a.so", std::nullopt}}, one, "/d/%p", "/run/x", plan));
    CHECK(plan.textReport == "/from/config.txt");
    CHECK(plan.jsonReport == "/from/config.json");
    // The file must be one the layer takes, and must leave the agents to the command.
    const std::string bad = s.write("bad.json", R"({"check": "sometimes"})").string();
    CHECK(planLayer("/l.so", {"config=" + bad}, false, {{"/a.so", std::nullopt}}, one, "/d/%p", "/run/x", plan)
              .value_or("")
              .rfind("config=" + bad + ": " + bad + ": /check: invalid value", 0) == 0);
    const std::string agents = s.write("agents.json", R"({"agent": "/c.so"})").string();
    CHECK(planLayer("/l.so", {"config=" + agents}, false, {{"/a.so", std::nullopt}}, one, "/d/%p", "/run/x", plan) ==
          "config=" + agents + " names agents: jvmti-check gives the layer the agents of the java command; leave "
          "\"agent\" and \"agents\" out of the file");
}

TEST_CASE("following JVMs: the layer's word for JAVA_TOOL_OPTIONS, quoted where the JVM needs it") {
    std::string word;
    REQUIRE_FALSE(adoptWord("/l/libjvmtilayer.so", {"check=strict", "report=/d/%p-%m"}, word));
    CHECK(word == "-agentpath:/l/libjvmtilayer.so=adopt=true,check=strict,report=/d/%p-%m");
    REQUIRE_FALSE(adoptWord("/my layer/l.so", {"report=/d/%p"}, word));
    CHECK(word == "\"-agentpath:/my layer/l.so=adopt=true,report=/d/%p\"");
    REQUIRE_FALSE(adoptWord("/my \"layer\"/l.so", {}, word));
    CHECK(word == "'-agentpath:/my \"layer\"/l.so=adopt=true'");
    CHECK(adoptWord("/a'b \"c\"/l.so", {}, word).value_or("").find("both kinds of quotes") != std::string::npos);
    CHECK(adoptWord("/l=x.so", {}, word).value_or("").find("contains '='") != std::string::npos);
    CHECK(toolOptionsWith("-agentpath:/l.so=adopt=true", std::nullopt) == "-agentpath:/l.so=adopt=true");
    CHECK(toolOptionsWith("-agentpath:/l.so=adopt=true", "-Xmx1g -agentlib:jdwp") ==
          "-agentpath:/l.so=adopt=true -Xmx1g -agentlib:jdwp");
}

TEST_CASE("a command that already loads the layer is refused, not wrapped behind it") {
    Scratch s;
    const std::string layer = s.write("build/libjvmtilayer.so", "").string();
    const std::string renamed = s.write("copy/mylayer.so", "").string();
    fs::remove(renamed);
    fs::create_hard_link(layer, renamed);
    const auto stripped = strip({"java", "-agentpath:/a.so", "-agentpath:" + layer + "=check=strict,agent=/a.so", "Main"});
    const std::vector<LayerAgent> agents = {{"/a.so", std::nullopt}, {layer, "check=strict,agent=/a.so"}};
    CHECK(refuseLayerAsAgent(stripped.agents, agents, "/elsewhere/libjvmtilayer.so") ==
          "the command already loads the layer: -agentpath:" + layer + "=check=strict,agent=/a.so (in the command line); "
          "jvmti-check puts the agents behind the layer itself, so give it the command without that option, and the "
          "layer's settings as KEY=VALUE before '--'");
    // The same file under another name.
    const auto other = strip({"java", "-agentpath:" + renamed, "Main"});
    CHECK(refuseLayerAsAgent(other.agents, {{renamed, std::nullopt}}, layer).has_value());
    CHECK_FALSE(refuseLayerAsAgent(stripped.agents, {{"/a.so", std::nullopt}}, layer).has_value());
}

TEST_CASE("the shell line: removed variables with env -u, changed ones as NAME=VALUE, words quoted") {
    CHECK(shellLine({"java", "-Dx=a b", "Main"}, {}) == "java '-Dx=a b' Main");
    CHECK(shellLine({"java", "Main"}, {{"JAVA_TOOL_OPTIONS", std::nullopt}, {"_JAVA_OPTIONS", "\"-Dx=a b\""}}) ==
          "env -u JAVA_TOOL_OPTIONS _JAVA_OPTIONS='\"-Dx=a b\"' java Main");
}

TEST_CASE("jvmti-check's own command line") {
    CheckOptions o;
    REQUIRE_FALSE(parseCheckOptions({"--dry-run", "check=strict", "--layer", "/l.so", "trace=all", "--", "java", "--dry-run"}, o));
    CHECK(o.dryRun);
    CHECK(o.layer == "/l.so");
    CHECK(o.settings == Words{"check=strict", "trace=all"});
    CHECK(o.command == Words{"java", "--dry-run"});
    CHECK(settingValue(o.settings, "trace") == "all");
    CHECK_FALSE(settingValue(o.settings, "report").has_value());

    auto error = [](const Words& args) {
        CheckOptions c;
        return parseCheckOptions(args, c).value_or("");
    };
    CHECK(error({"java", "Main"}) == "'java' is not a layer setting KEY=VALUE (did you forget '--' before the command?)");
    CHECK(error({"check=strict"}) == "no command: give it after '--' (jvmti-check [OPTIONS] -- COMMAND ARGS...)");
    CHECK(error({"--"}) == "no command after '--'");
    CHECK(error({"--frobnicate", "--", "java"}) == "unknown option '--frobnicate'");
    CHECK(error({"--layer"}) == "--layer needs a file (the layer library)");
    CHECK(error({"agent=/a.so", "--", "java"}).rfind("'agent=/a.so': agent= is not taken", 0) == 0);
    CHECK(error({"adopt=true", "--", "java"}).rfind("'adopt=true': adopt= is not taken", 0) == 0);
    CHECK(error({"error-exitcode=3", "--", "java"}).find("use --error-exitcode=N") != std::string::npos);
    CHECK(error({"--html"}) == "--html needs a file (the HTML report)");
    CHECK(error({"--html", "r.html", "report-format=html", "--", "java"}) ==
          "--html r.html and report-format=html both ask for the HTML report: give one of them");
    CHECK(error({"report-format=pdf", "--", "java"}).find("'report-format=pdf': ") == 0);
    CHECK(error({"report-format=pdf", "--", "java"}).find("valid choices: text, html, sarif, junit, json") != std::string::npos);
    CHECK(error({"check=sometimes", "--", "java"}).find("'check=sometimes': ") == 0);
    // The CI options.
    for (const char* bad : {"--error-exitcode=0", "--error-exitcode=256", "--error-exitcode=abc", "--error-exitcode=-1"})
        CHECK(error({bad, "--", "java"}).find("expected a number from 1 to 255") != std::string::npos);
    CHECK(error({"--fail-on=fatal", "--", "java"}) ==
          "--fail-on fatal: expected error or warning (the least severity that fails the run)");
    CHECK(error({"--sarif"}) == "--sarif needs a file (the SARIF log)");
    CheckOptions ci;
    REQUIRE_FALSE(parseCheckOptions({"--error-exitcode", "3", "--fail-on=warning", "--sarif=s.sarif", "--junit", "j.xml",
                                     "--report-dir", "d", "--source-root=/src", "--", "ant", "test"},
                                    ci));
    CHECK(ci.errorExitcode == 3);
    CHECK(ci.failOn == "warning");
    CHECK(ci.sarif == "s.sarif");
    CHECK(ci.junit == "j.xml");
    CHECK(ci.reportDir == "d");
    CHECK(ci.sourceRoot == "/src");
    CHECK(ci.command == Words{"ant", "test"});
    CheckOptions html;
    REQUIRE_FALSE(parseCheckOptions({"check=strict", "--html=r.html", "config=c.json", "--", "java"}, html));
    CHECK(html.html == "r.html");
    CHECK(html.settings == Words{"check=strict", "config=c.json"});
    CHECK(error({"colour=red", "--", "java"}).rfind("'colour=red': the layer has no setting 'colour' (settings: check, ", 0) == 0);
    CheckOptions h;
    REQUIRE_FALSE(parseCheckOptions({"--help"}, h));
    CHECK(h.help);
}
