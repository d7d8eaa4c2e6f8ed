# Instrumentation of fuse's own code (docs/testing.md). libMLIR.so and
# libLLVM.so stay as Debian built them, uninstrumented.
#
# FUSE_ENABLE_SANITIZERS: AddressSanitizer and UndefinedBehaviorSanitizer
# on every target of this project; undefined behaviour aborts, so that it
# fails the test that reached it.
# FUSE_ENABLE_FUZZERS: the same, plus libFuzzer's coverage instrumentation
# everywhere and the fuzz targets (tools/fuse-*-fuzzer).

if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang" OR
   NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "FUSE_ENABLE_SANITIZERS and FUSE_ENABLE_FUZZERS need "
                      "clang (the sanitizer runtimes of libclang-rt-22-dev)")
endif()

# What an executable linking instrumented code needs: the installed Fuse::
# libraries carry it to consumers, and fuse-run passes it when it links
# ahead-of-time executables with the instrumented runtime archives.
set(FUSE_SANITIZER_LINK_FLAGS -fsanitize=address,undefined)

# Line tables give the reports file:line stacks.
add_compile_options(-fsanitize=address,undefined
                    -fno-sanitize-recover=undefined
                    -fno-omit-frame-pointer -gline-tables-only)
add_link_options(${FUSE_SANITIZER_LINK_FLAGS})
if(FUSE_ENABLE_FUZZERS)
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()

# A shared library (libFuseCAPI.so) takes the sanitizer runtimes from the
# executable that loads it, or from LD_PRELOAD under Python, so their
# symbols are undefined when it is linked; LLVM's options forbid that.
string(REPLACE "-Wl,-z,defs" "" CMAKE_SHARED_LINKER_FLAGS
       "${CMAKE_SHARED_LINKER_FLAGS}")
