# libFuzzer targets for a block family, built only in the fuzzing build (CORE_FUZZ=ON, with
# clang and AddressSanitizer + UndefinedBehaviorSanitizer; tests/fuzz/run.sh makes it in
# build/fuzz). A family adds its two targets with one call in its CMakeLists.txt:
#
#   add_core_fuzz_targets(NAME <name>)
#
# which builds, from tests/fuzz/<name>/:
#
#   <name>_api_fuzzer       api_fuzzer.cpp: bytes decoded into shapes and options, through every
#                           public C++ entry point of the family
#   <name>_kernels_fuzzer   kernels_fuzzer.cpp: every fast kernel against the reference, bit
#                           for bit
#
# into build/fuzz/fuzzers/, each linked with the family's library (built with the same
# sanitizers) and tests/fuzz/common/ on its include path. Seed corpora live in
# tests/fuzz/corpus/<target>/. In every other build the call does nothing.

option(CORE_FUZZ "Build the libFuzzer targets (clang only) instead of the test suites" OFF)

if(CORE_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "CORE_FUZZ needs clang (e.g. -DCMAKE_CXX_COMPILER=clang++-14)")
  endif()
  # Everything, the libraries included, is instrumented; only the targets link libFuzzer's main.
  set(CORE_FUZZ_FLAGS -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined
                      -fno-sanitize-recover=all)
  add_compile_options(${CORE_FUZZ_FLAGS} -fsanitize=fuzzer-no-link)
  add_link_options(-fsanitize=address,undefined)
endif()

function(add_core_fuzz_targets)
  if(NOT CORE_FUZZ)
    return()
  endif()
  cmake_parse_arguments(PARSE_ARGV 0 FUZZ "" "NAME" "")
  if(NOT FUZZ_NAME)
    message(FATAL_ERROR "add_core_fuzz_targets needs NAME")
  endif()
  foreach(kind api kernels)
    set(target ${FUZZ_NAME}_${kind}_fuzzer)
    add_executable(${target} ${PROJECT_SOURCE_DIR}/tests/fuzz/${FUZZ_NAME}/${kind}_fuzzer.cpp)
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests/fuzz)
    target_link_libraries(${target} PRIVATE ${FUZZ_NAME}_core)
    target_link_options(${target} PRIVATE -fsanitize=fuzzer)
    set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/fuzzers)
  endforeach()
endfunction()
