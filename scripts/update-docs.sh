#!/usr/bin/env bash
# Regenerates the files generated from ODS that are committed: the
# documentation under docs/ and the hlo enums of python/fuse_hlo/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" --target mlir-doc
"$root/scripts/setup.sh" --target FuseHLOPythonEnums
cp "$build/python/fuse_hlo/_hlo_enums.py" "$root/python/fuse_hlo/_hlo_enums.py"
for doc in Dialects/HLOOps.md Passes/HLOPasses.md Passes/HLOExpansionsPasses.md Passes/HLOToLinalgPasses.md Passes/HLOToRuntimePasses.md Passes/HLOToShardPasses.md Passes/CodegenCommonPasses.md Passes/CodegenCPUPasses.md Passes/CodegenGPUPasses.md Passes/CodegenMPIPasses.md; do
  mkdir -p "$root/docs/$(dirname "$doc")"
  cp "$build/docs/$doc" "$root/docs/$doc"
done
