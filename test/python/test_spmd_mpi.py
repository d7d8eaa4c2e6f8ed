"""SPMD programs from Python under mpirun: each process is one device.

The programs are JAX's own, as XLA partitions a sharded function for each
device (test/fuse-run/Inputs/spmd/generate.py): a shard_map with psum, and
a data-parallel training step. Each rank imports the program with
fuse_hlo.import_hlo, runs it on its shard of the inputs, and compares its
results with JAX's single-process ones.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

INPUTS = Path(__file__).resolve().parents[1] / "fuse-run" / "Inputs" / "spmd"

RANK_SCRIPT = """
import sys
import numpy as np
import fuse_hlo

base, out = sys.argv[1], sys.argv[2]
device, devices = fuse_hlo.spmd_device()
program = fuse_hlo.import_hlo(open(f"{base}/program.hlo").read())
inputs = [np.load(f"{base}/arg{i}.{device}.npy")
          for i in range(len(program.inputs))]
lines = []
for i, result in enumerate(program(*inputs)):
    want = np.load(f"{base}/expected/device{device}.result{i}.npy")
    ok = np.allclose(result, want, rtol=1e-5, atol=1e-6)
    lines.append(f"device {device} of {devices} result {i}: "
                 f"{'ok' if ok else 'MISMATCH'}")
# A file per rank: mpirun may interleave the ranks' printed lines.
with open(f"{out}/device{device}.txt", "w") as report:
    report.write("\\n".join(lines) + "\\n")
"""

# OpenMPI in containers: as root, more ranks than cores, no cross-process
# copies.
MPI_ENVIRONMENT = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1",
                       OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
                       OMPI_MCA_rmaps_base_oversubscribe="1",
                       OMPI_MCA_btl_vader_single_copy_mechanism="none")


def run_ranks(ranks, program, tmp_path):
    script = tmp_path / "rank.py"
    script.write_text(RANK_SCRIPT)
    environment = dict(MPI_ENVIRONMENT)
    environment["PYTHONPATH"] = os.pathsep.join(
        [p for p in sys.path if p] + [environment.get("PYTHONPATH", "")])
    proc = subprocess.run(
        ["mpirun", "-np", str(ranks), sys.executable, str(script),
         str(INPUTS / program), str(tmp_path)],
        capture_output=True, text=True, timeout=600, env=environment)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return sorted(line for report in tmp_path.glob("device*.txt")
                  for line in report.read_text().splitlines())


@pytest.mark.skipif(shutil.which("mpirun") is None, reason="no mpirun")
@pytest.mark.parametrize("program,ranks,results",
                         [("psum.2", 2, 1), ("train_step.3", 3, 5)])
def test_sharded_jax_programs_run_over_mpi(program, ranks, results,
                                           tmp_path):
    lines = run_ranks(ranks, program, tmp_path)
    assert lines == [f"device {d} of {ranks} result {i}: ok"
                     for d in range(ranks) for i in range(results)]


def test_one_process_is_device_zero_of_one():
    import fuse_hlo

    assert fuse_hlo.spmd_device() == (0, 1)
