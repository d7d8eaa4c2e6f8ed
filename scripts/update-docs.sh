#!/usr/bin/env bash
# Regenerates the ODS-generated documentation committed under docs/.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${FUSE_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh" --target mlir-doc
for doc in Dialects/HLOOps.md Passes/HLOPasses.md Passes/HLOToLinalgPasses.md Passes/HLOToShardPasses.md Passes/CodegenCommonPasses.md Passes/CodegenCPUPasses.md Passes/CodegenGPUPasses.md Passes/CodegenMPIPasses.md; do
  mkdir -p "$root/docs/$(dirname "$doc")"
  cp "$build/docs/$doc" "$root/docs/$doc"
done
