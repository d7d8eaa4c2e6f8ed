# lit configuration of the fuse regression tests.
import ctypes
import os
import shutil
import sys

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "FUSE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test", ".hlo"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "project"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fuse_obj_root, "test")

# FileCheck variables are scoped to a CHECK-LABEL block.
config.environment["FILECHECK_OPTS"] = "-enable-var-scope"
# No persistent compilation cache, but in the tests of it, which name their
# own directories: a compile the tests check must not be a hit.
config.environment["FUSE_CACHE_DIR"] = ""

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

config.substitutions.append(("%fuse_obj_root", config.fuse_obj_root))
config.substitutions.append(("%fuse_src_root", config.fuse_src_root))
config.substitutions.append(("%mlir_dir", config.mlir_dir))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%generator", config.cmake_generator))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%cxx", config.cxx_compiler))
config.substitutions.append(("%cc", config.c_compiler))
# What links fuse's archives into an executable when they are instrumented
# (FUSE_ENABLE_SANITIZERS); empty otherwise.
config.substitutions.append(("%sanitizer_link_flags",
                             config.sanitizer_link_flags))
config.substitutions.append(("%python", sys.executable))

llvm_config.add_tool_substitutions(
    [ToolSubst("fuse-opt", unresolved="fatal"),
     ToolSubst("fuse-run", unresolved="fatal"),
     ToolSubst("fuse-capi-test", unresolved="fatal"),
     ToolSubst("fuse-cuda-driver-test", unresolved="fatal"),
     ToolSubst("fuse-translate", unresolved="fatal")],
    [config.fuse_tools_dir, config.llvm_tools_dir])

# The libFuzzer targets, built with FUSE_ENABLE_FUZZERS.
if config.fuse_enable_fuzzers:
    config.available_features.add("fuzzers")
    llvm_config.add_tool_substitutions(
        [ToolSubst("fuse-opt-fuzzer", unresolved="fatal"),
         ToolSubst("fuse-import-fuzzer", unresolved="fatal")],
        [config.fuse_tools_dir])

# fuse as a plugin of the upstream mlir-opt that Debian's LLVM installs,
# which links the same libMLIR.so.
if config.fuse_has_plugin:
    config.available_features.add("plugin")
    config.substitutions.append(
        ("%fuse_plugin",
         os.path.join(config.fuse_obj_root, "lib", "FusePlugin.so")))
    config.substitutions.append(
        ("%upstream_mlir_opt", os.path.join(config.llvm_tools_dir, "mlir-opt")))

# Distributed programs run under mpirun when fuse was built with MPI. As
# root (containers), OpenMPI needs to be told twice; on a 2-core machine it
# must be allowed more ranks than cores.
if config.fuse_has_mpi and shutil.which("mpirun"):
    config.available_features.add("mpi")
    for name, value in [("OMPI_ALLOW_RUN_AS_ROOT", "1"),
                        ("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1"),
                        ("OMPI_MCA_rmaps_base_oversubscribe", "1"),
                        # Containers often forbid the cross-process copies
                        # of OpenMPI's shared memory transport.
                        ("OMPI_MCA_btl_vader_single_copy_mechanism", "none")]:
        config.environment[name] = value
    config.substitutions.append(("%mpirun", shutil.which("mpirun")))

# The stub driver and cuBLASLt of test/Runtime/Stubs: the GPU runtime's host
# side (copies, cuBLASLt products computed on the host) without a GPU.
config.substitutions.append(
    ("%gpu_stubs",
     "env FUSE_LIBCUDA={0}/lib/libfuse-stub-cuda_driver.so "
     "FUSE_LIBCUBLASLT={0}/lib/libfuse-stub-cublaslt.so".format(
         config.fuse_obj_root)))

# Machines with the NVIDIA driver installed; tests of the "no GPU" path skip
# them.
try:
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass

# The CUDA toolkit's ptxas assembles the PTX of the GPU pipeline's tests
# (format=bin); found where gpu-module-to-binary looks for it.
cuda_toolkit = next(
    (path for path in [os.environ.get(name) for name in
                       ("CUDA_ROOT", "CUDA_HOME", "CUDA_PATH")] +
     ["/usr/local/cuda"]
     if path and os.path.exists(os.path.join(path, "bin", "ptxas"))), None)
if cuda_toolkit:
    config.available_features.add("ptxas")
    config.substitutions.append(("%cuda_toolkit", cuda_toolkit))
