# jvmti-conform on real JVMs: the suite finishes (no crash), and the deviations are exactly the
# ones held in expected/<jvm>.txt, so a change in the VM or in the model shows. Also its files
# (JSON, HTML) and its answers to bad input.
get_property(conform_java17 GLOBAL PROPERTY jvmtitest_AGENTS_JAVA)
get_property(conform_java25 GLOBAL PROPERTY jvmtitest_AGENTS_JAVA25)
set(conform_expected ${CMAKE_CURRENT_SOURCE_DIR}/conform/expected)
set(conform_work ${CMAKE_CURRENT_BINARY_DIR}/conform)
file(MAKE_DIRECTORY ${conform_work})
if(conform_java17)
  add_test(NAME conform.jdk17.deviations
    COMMAND jvmti-conform --java ${conform_java17} --expect ${conform_expected}/openjdk-17.txt
            --json ${conform_work}/jdk17.json --html ${conform_work}/jdk17.html)
  set_tests_properties(conform.jdk17.deviations PROPERTIES LABELS agents TIMEOUT 120)
  # The JSON and the page say the same as the text: totals, and one row per call.
  add_test(NAME conform.jdk17.files
    COMMAND sh -c "grep -q '\"deviations\": 20' '${conform_work}/jdk17.json' && grep -q '<tr class=\"fail\"><td>live</td><td>SetEventNotificationMode</td>' '${conform_work}/jdk17.html' && grep -q 'jvmti.html#rule-GetFrameCount.count_ptr.null' '${conform_work}/jdk17.html'")
  set_tests_properties(conform.jdk17.files PROPERTIES LABELS agents DEPENDS conform.jdk17.deviations)
  # Bad input: status 2 and a message naming what is wrong.
  add_test(NAME conform.bad_option
    COMMAND sh -c "'$<TARGET_FILE:jvmti-conform>' --no-such-option > '${conform_work}/bad_option.log' 2>&1; test $? -eq 2 && grep -q \"jvmti-conform: unknown option '--no-such-option'\" '${conform_work}/bad_option.log'")
  add_test(NAME conform.no_java
    COMMAND sh -c "'$<TARGET_FILE:jvmti-conform>' --java /nonexistent/bin/java > '${conform_work}/no_java.log' 2>&1; test $? -eq 2 && grep -q 'jvmti-conform: no java at /nonexistent/bin/java' '${conform_work}/no_java.log'")
  set_tests_properties(conform.bad_option conform.no_java PROPERTIES LABELS agents)
endif()
if(conform_java25)
  add_test(NAME conform.jdk25.deviations
    COMMAND jvmti-conform --java ${conform_java25} --expect ${conform_expected}/temurin-25.txt)
  set_tests_properties(conform.jdk25.deviations PROPERTIES LABELS agents TIMEOUT 120)
endif()
