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
# tests/cpp (so "common/test_util.h" is found) and their own folder. add_core_tests() builds a
# suite alone; core/common/CMakeLists.txt uses it for the shared code's tests, and
# add_core_js_copy() to copy the shared JS (target core_common_js).

set(CORE_WASM_OUT ${PROJECT_SOURCE_DIR}/build/wasm)

if(EMSCRIPTEN)
  # GoogleTest from Debian's sources, built once for every family's WASM suite.
  set(GTEST_SOURCE_DIR /usr/src/googletest CACHE PATH "GoogleTest sources (Debian's googletest)")
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
  add_subdirectory(${GTEST_SOURCE_DIR} ${CMAKE_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)
  # The test programs are CommonJS scripts; the repo's package.json says "module".
  file(WRITE ${CMAKE_BINARY_DIR}/package.json "{ \"type\": \"commonjs\" }\n")
elseif(NOT CORE_FUZZ)
  find_package(GTest REQUIRED)
  include(GoogleTest)
endif()

# The target <target>, built by default, that copies every file of <source_dir> into
# <destination> whenever it changes: a family's JS API beside its module, the shared JS.
function(add_core_js_copy target source_dir destination)
  file(GLOB files CONFIGURE_DEPENDS ${source_dir}/*)
  set(copied)
  foreach(file ${files})
    get_filename_component(file_name ${file} NAME)
    add_custom_command(
      OUTPUT ${destination}/${file_name}
      COMMAND ${CMAKE_COMMAND} -E copy ${file} ${destination}/${file_name}
      DEPENDS ${file})
    list(APPEND copied ${destination}/${file_name})
  endforeach()
  add_custom_target(${target} ALL DEPENDS ${copied})
endfunction()

# The GoogleTest suite <target>: tests/cpp/<folder>/<file>..., linked with <library>. Natively
# each test is registered with CTest; under Emscripten the suite is a WASM program that CTest
# runs with Node as wasm_<target>, so SIMD128 code is checked where it runs. Not in the fuzzing
# build (CORE_FUZZ).
function(add_core_tests target folder library)
  if(CORE_FUZZ)
    return()  # the fuzzing build has the fuzz targets instead (cmake/CoreFuzz.cmake)
  endif()
  set(files ${ARGN})
  list(TRANSFORM files PREPEND ${PROJECT_SOURCE_DIR}/tests/cpp/${folder}/)
  add_executable(${target} ${files})
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/tests/cpp)
  target_compile_definitions(${target} PRIVATE
    CORE_GOLDEN_DIR="${PROJECT_SOURCE_DIR}/tests/golden/${folder}")
  # The suites' own code is compiled at -O0: what they test is the library, built with its own
  # flags, and their code (GoogleTest's macros, golden files read, loops of comparisons) only
  # drives it. -O0 compiles a suite in about three quarters of the CPU of -O1 with g++ and half
  # of it with em++: a clean build takes 66 s against 78 natively and 104 s against 127 for
  # WASM on 2 CPUs, while all the suites together run for 3 s natively and 10 s as WASM,
  # against 3 s and 4 s. Neither target has an FMA instruction to contract a product into
  # (x86-64's baseline and wasm32 have none), so an inline function of the library that a suite
  # instantiates rounds as it does at -O3.
  target_compile_options(${target} PRIVATE -O0)
  # A suite compiles as one file, so GoogleTest's header, the largest part of most test files,
  # is parsed once per suite: the suites' clean build takes about half the CPU it takes file by
  # file (g++: 56 s against 110; em++: 52 s against 94 even with a precompiled header), and needs
  # no precompiled header.
  # It also means the test files of a suite share one namespace: two helpers of one name are an
  # error, or, with other parameters, silently overloads of each other. So a helper two files
  # need lives in a header (common/test_util.h, or the family's library), and a file's own
  # helpers have names no other file of its suite uses.
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 0)
  if(NOT EMSCRIPTEN)
    target_link_libraries(${target} PRIVATE ${library} GTest::gtest GTest::gtest_main)
    gtest_discover_tests(${target})
    return()
  endif()
  target_link_libraries(${target} PRIVATE ${library} gtest gtest_main)
  target_compile_options(${target} PRIVATE -msimd128)
  # NODERAWFS lets the tests read golden files from disk. Linked at -O1: Binaryen's -O2 passes
  # over a suite, GoogleTest included, cost several times the CPU of the -O1 link, and the suite
  # runs no faster for them.
  target_link_options(${target} PRIVATE -O1 -msimd128 -sENVIRONMENT=node -sNODERAWFS=1
                      -sALLOW_MEMORY_GROWTH=1 -sEXIT_RUNTIME=1)
  # Without fetch, this Emscripten reads the .wasm from disk instead of fetching a path.
  add_test(NAME wasm_${target} COMMAND node --no-experimental-fetch $<TARGET_FILE:${target}>)
endfunction()

function(add_core_family)
  cmake_parse_arguments(PARSE_ARGV 0 FAMILY "" "NAME" "SOURCES;SIZE_OPTIMIZED;TESTS")
  if(NOT FAMILY_NAME OR NOT FAMILY_SOURCES OR NOT FAMILY_TESTS)
    message(FATAL_ERROR "add_core_family needs NAME, SOURCES and TESTS")
  endif()
  set(name ${FAMILY_NAME})
  set(library ${name}_core)
  set(tests ${name}_core_tests)

  add_library(${library} STATIC ${FAMILY_SOURCES})
  target_include_directories(${library} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include)
  target_link_libraries(${library} PUBLIC core_common)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${library} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
                           -Wno-sign-conversion)
  endif()

  add_core_tests(${tests} ${name} ${library} ${FAMILY_TESTS})
  if(NOT EMSCRIPTEN)
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
  add_core_js_copy(${name}_core_js_api ${CMAKE_CURRENT_SOURCE_DIR}/js ${out})
  add_dependencies(${name}_core_js_api core_common_js)
  add_dependencies(${name}_core_wasm ${name}_core_js_api)
endfunction()
