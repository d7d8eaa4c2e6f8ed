# fuse_add_library(name SOURCES... DEPENDS tablegen-targets... LINK_LIBS libs...)
#
# A fuse library: static, linked against the shared libMLIR.so, exported as
# Fuse::<name> in the installed CMake package.
function(fuse_add_library name)
  cmake_parse_arguments(ARG "" "" "DEPENDS;LINK_LIBS" ${ARGN})
  add_library(${name} STATIC ${ARG_UNPARSED_ARGUMENTS})
  add_library(Fuse::${name} ALIAS ${name})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_include_directories(${name} PUBLIC
    $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    $<BUILD_INTERFACE:${PROJECT_BINARY_DIR}/include>
    $<INSTALL_INTERFACE:include>)
  target_link_libraries(${name} PUBLIC ${ARG_LINK_LIBS} MLIR LLVM)
  # Empty unless instrumented (cmake/FuseSanitizers.cmake).
  target_link_options(${name} INTERFACE ${FUSE_SANITIZER_LINK_FLAGS})
  # Consumers derive from MLIR classes; they must agree with LLVM on RTTI.
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${name} INTERFACE
      $<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
  endif()
  install(TARGETS ${name} EXPORT FuseTargets ARCHIVE DESTINATION lib)
endfunction()
