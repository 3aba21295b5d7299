# One block family of the core (core/<name>/) built the same way as every other:
#
#   add_core_family(NAME <name>
#                   SOURCES <file>...             # core/<name>/src/*.cpp, the pure C++ library
#                   [SIZE_OPTIMIZED <file>...]    # of SOURCES and wasm/bindings.cpp: -Os on WASM
#                   TESTS <file>...)              # tests/cpp/<name>/*_test.cpp
#
# SOURCES and SIZE_OPTIMIZED are relative to the calling folder (core/<name>/), TESTS to
# tests/cpp/<name>/. The family's folder holds include/<name>/ (its public headers),
# wasm/bindings.cpp (the only file that includes Emscripten) and js/ (its JS API: index.js and
# index.d.ts). Targets and files it makes:
#
#   <name>_core         static library, natively and under Emscripten; links core_common
#   <name>_core_tests   its GoogleTest suite: natively, each test discovered by CTest; under
#                       Emscripten a WASM program that CTest runs with Node (wasm_<name>_core_tests)
#   <name>_core_wasm    (Emscripten) the ES module build/wasm/<name>/<name>_core.mjs + .wasm,
#                       exporting create<Name>Core, with js/ copied beside it; the shared JS
#                       (core/common/js) goes once to build/wasm/common/, which js/ imports as
#                       ../common/*.js
#
# Tests get CORE_GOLDEN_DIR, the absolute path of tests/golden/<name>/, and include paths for
# tests/cpp (so "common/test_util.h" is found) and their own folder.

set(CORE_WASM_OUT ${PROJECT_SOURCE_DIR}/build/wasm)

# Shared C++ (core/common/include/common): header-only, so each family compiles what it uses
# with its own per-file optimisation choices.
add_library(core_common INTERFACE)
target_include_directories(core_common INTERFACE ${PROJECT_SOURCE_DIR}/core/common/include)

if(EMSCRIPTEN)
  # The shared JS, copied once for every family's API to import.
  file(GLOB CORE_COMMON_JS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/core/common/js/*)
  set(copied)
  foreach(file ${CORE_COMMON_JS})
    get_filename_component(file_name ${file} NAME)
    add_custom_command(
      OUTPUT ${CORE_WASM_OUT}/common/${file_name}
      COMMAND ${CMAKE_COMMAND} -E copy ${file} ${CORE_WASM_OUT}/common/${file_name}
      DEPENDS ${file})
    list(APPEND copied ${CORE_WASM_OUT}/common/${file_name})
  endforeach()
  add_custom_target(core_common_js ALL DEPENDS ${copied})

  # GoogleTest from Debian's sources, built once for every family's WASM suite.
  set(GTEST_SOURCE_DIR /usr/src/googletest CACHE PATH "GoogleTest sources (Debian's googletest)")
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
  add_subdirectory(${GTEST_SOURCE_DIR} ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
  # The test programs are CommonJS scripts; the repo's package.json says "module".
  file(WRITE ${CMAKE_BINARY_DIR}/package.json "{ \"type\": \"commonjs\" }\n")
else()
  find_package(GTest REQUIRED)
  include(GoogleTest)
endif()

function(add_core_family)
  cmake_parse_arguments(PARSE_ARGV 0 FAMILY "" "NAME" "SOURCES;SIZE_OPTIMIZED;TESTS")
  if(NOT FAMILY_NAME OR NOT FAMILY_SOURCES OR NOT FAMILY_TESTS)
    message(FATAL_ERROR "add_core_family needs NAME, SOURCES and TESTS")
  endif()
  set(name ${FAMILY_NAME})
  set(library ${name}_core)
  set(tests ${name}_core_tests)
  set(test_dir ${PROJECT_SOURCE_DIR}/tests/cpp/${name})

  add_library(${library} STATIC ${FAMILY_SOURCES})
  target_include_directories(${library} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(${library} PUBLIC core_common)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${library} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                           -Wno-sign-conversion)
  endif()

  list(TRANSFORM FAMILY_TESTS PREPEND ${test_dir}/)
  add_executable(${tests} ${FAMILY_TESTS})
  target_include_directories(${tests} PRIVATE ${PROJECT_SOURCE_DIR}/tests/cpp)
  target_compile_definitions(${tests} PRIVATE
    CORE_GOLDEN_DIR="${PROJECT_SOURCE_DIR}/tests/golden/${name}")

  if(NOT EMSCRIPTEN)
    target_link_libraries(${tests} PRIVATE ${library} GTest::gtest GTest::gtest_main)
    gtest_discover_tests(${tests})
    return()
  endif()

  # Checked sizes (core/common/include/common/sizes.h) bound every tensor to 2^26 elements, so
  # int64 sizes index wasm32 memory safely.
  target_compile_options(${library} PRIVATE -O3 -msimd128 -Wno-shorten-64-to-32)
  # Code that runs once per call (validation, dispatch, bindings) or serves rare settings is
  # compiled for size, the kernels for speed; the family says which files are which.
  if(FAMILY_SIZE_OPTIMIZED)
    set_source_files_properties(${FAMILY_SIZE_OPTIMIZED} PROPERTIES COMPILE_OPTIONS -Os)
  endif()

  # The ES module and its JS API, in build/wasm/<name>/.
  set(out ${CORE_WASM_OUT}/${name})
  string(SUBSTRING ${name} 0 1 first)
  string(SUBSTRING ${name} 1 -1 rest)
  string(TOUPPER ${first} first)
  add_executable(${name}_core_wasm wasm/bindings.cpp)
  target_link_libraries(${name}_core_wasm PRIVATE ${library})
  target_compile_options(${name}_core_wasm PRIVATE -O3 -msimd128)
  set_target_properties(${name}_core_wasm PROPERTIES
    OUTPUT_NAME ${library}
    SUFFIX .mjs
    RUNTIME_OUTPUT_DIRECTORY ${out})
  # DYNAMIC_EXECUTION=0: pages whose Content-Security-Policy forbids eval can run it.
  target_link_options(${name}_core_wasm PRIVATE
    --bind -O3 -msimd128
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=create${first}${rest}Core
    -sENVIRONMENT=web,worker
    -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 -sDYNAMIC_EXECUTION=0 -sMALLOC=emmalloc
    -sSUPPORT_LONGJMP=0 -sSUPPORT_ERRNO=0 -sTEXTDECODER=2
    "-sINCOMING_MODULE_JS_API=['wasmBinary','locateFile']")
  # The glue's local names are mangled after each link (Debian's Emscripten has no Closure
  # Compiler): a third smaller gzipped. Needs `npm ci` (it uses Vite's minifier).
  add_custom_command(TARGET ${name}_core_wasm POST_BUILD
    COMMAND node ${PROJECT_SOURCE_DIR}/cmake/minify-glue.mjs ${out}/${library}.mjs
    VERBATIM)
  file(GLOB api_files CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/js/*)
  set(copied)
  foreach(file ${api_files})
    get_filename_component(file_name ${file} NAME)
    add_custom_command(
      OUTPUT ${out}/${file_name}
      COMMAND ${CMAKE_COMMAND} -E copy ${file} ${out}/${file_name}
      DEPENDS ${file})
    list(APPEND copied ${out}/${file_name})
  endforeach()
  add_custom_target(${name}_core_js_api ALL DEPENDS ${copied})
  add_dependencies(${name}_core_js_api core_common_js)
  add_dependencies(${name}_core_wasm ${name}_core_js_api)

  # The suite as a WASM program under Node, so SIMD128 code is checked where it runs.
  target_link_libraries(${tests} PRIVATE ${library} gtest gtest_main)
  target_compile_options(${tests} PRIVATE -O2 -msimd128)
  # NODERAWFS lets the tests read golden files from disk.
  target_link_options(${tests} PRIVATE -O2 -msimd128 -sENVIRONMENT=node -sNODERAWFS=1
                      -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1)
  # Without fetch, this Emscripten reads the .wasm from disk instead of fetching a path.
  add_test(NAME wasm_${tests} COMMAND node --no-experimental-fetch $<TARGET_FILE:${tests}>)
endfunction()
