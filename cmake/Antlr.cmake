# Generates the C++ parser from compiler/grammar/Arr.g4 at build time.
# Debian's antlr4_generate macro does not work here, so the tool is called directly.
set(ARR_GRAMMAR ${CMAKE_SOURCE_DIR}/compiler/grammar/Arr.g4)
set(ARR_ANTLR_OUT ${CMAKE_BINARY_DIR}/generated/grammar)
set(ARR_ANTLR_SOURCES
  ${ARR_ANTLR_OUT}/ArrLexer.cpp ${ARR_ANTLR_OUT}/ArrParser.cpp
  ${ARR_ANTLR_OUT}/ArrVisitor.cpp ${ARR_ANTLR_OUT}/ArrBaseVisitor.cpp)
set(ARR_ANTLR_HEADERS
  ${ARR_ANTLR_OUT}/ArrLexer.h ${ARR_ANTLR_OUT}/ArrParser.h
  ${ARR_ANTLR_OUT}/ArrVisitor.h ${ARR_ANTLR_OUT}/ArrBaseVisitor.h)
add_custom_command(
  OUTPUT ${ARR_ANTLR_SOURCES} ${ARR_ANTLR_HEADERS}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${ARR_ANTLR_OUT}
  COMMAND ${ANTLR4_TOOL} -Dlanguage=Cpp -visitor -no-listener -package arr::grammar
          -o ${ARR_ANTLR_OUT} -Xexact-output-dir ${ARR_GRAMMAR}
  DEPENDS ${ARR_GRAMMAR}
  COMMENT "Generating the Arr parser with ANTLR"
  VERBATIM)

add_library(arr_grammar STATIC ${ARR_ANTLR_SOURCES})
target_include_directories(arr_grammar SYSTEM PUBLIC ${ARR_ANTLR_OUT} /usr/include/antlr4-runtime)
target_compile_options(arr_grammar PRIVATE -fno-char8_t -w)
target_link_libraries(arr_grammar PUBLIC antlr4_shared)
