// The persistent compilation cache (docs/cache.md): a compile is stored in
// FUSE_CACHE_DIR and loaded by the next run of the same program, pipeline
// and options; what it loads computes what the interpreter does.
// RUN: rm -rf %t && mkdir -p %t
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check | FileCheck %s --check-prefix=STORED
// RUN: ls %t/cache | count 1
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check | FileCheck %s --check-prefix=HIT
// STORED: @main result 0: ok
// STORED: @main: compile {{.*}} (cache miss, stored)
// HIT: @main result 0: ok
// HIT: @main: compile {{.*}} (cache hit)

// Other pipeline options are another compile, with an entry of its own.
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --pipeline-options="parallel=false" | FileCheck %s --check-prefix=STORED-ONLY
// RUN: ls %t/cache | count 2
// STORED-ONLY: (cache miss, stored)

// A damaged entry is reported, removed and compiled again, never loaded;
// so is a truncated one.
// RUN: %python %S/Inputs/damage-cache-entries.py %t/cache flip
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check 2>&1 | FileCheck %s --check-prefix=DAMAGED
// DAMAGED: fuse-run: warning: compilation cache: cache entry {{.*}}.fuse: the entry is damaged: its checksum does not match; compiling again
// DAMAGED: @main result 0: ok
// DAMAGED: (cache miss, stored)
// RUN: %python %S/Inputs/damage-cache-entries.py %t/cache truncate
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 2>&1 | FileCheck %s --check-prefix=TRUNCATED
// TRUNCATED: warning: compilation cache: cache entry {{.*}}: the entry is damaged: it holds {{[0-9]+}} bytes of {{[0-9]+}}; compiling again
// TRUNCATED: (cache miss, stored)
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check 2>&1 | FileCheck %s --check-prefix=HIT

// Two processes that store the same entry at once leave one whole entry.
// RUN: sh -c 'for i in 1 2 3; do env FUSE_CACHE_DIR=%t/racing FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 > %t/racing.$i.txt & done; wait'
// RUN: cat %t/racing.1.txt %t/racing.2.txt %t/racing.3.txt | FileCheck %s --check-prefix=RACING
// RUN: ls %t/racing | count 1
// RUN: env FUSE_CACHE_DIR=%t/racing FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check | FileCheck %s --check-prefix=HIT
// RACING-COUNT-3: @main: compile {{.*}} (cache {{miss, stored|hit}})

// A cache smaller than the entry keeps nothing; compiles faster than the
// minimum (1 s by default) are not kept.
// RUN: env FUSE_CACHE_DIR=%t/small FUSE_CACHE_MAX_BYTES=1K FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=STORED-ONLY
// RUN: ls %t/small | count 0
// RUN: env FUSE_CACHE_DIR=%t/slow-only FUSE_CACHE_MIN_COMPILE_SECONDS=1000 fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=NOT-STORED
// RUN: not ls %t/slow-only
// NOT-STORED: (cache miss), run

// A cache that cannot be written costs the store, not the compile.
// RUN: touch %t/a-file
// RUN: env FUSE_CACHE_DIR=%t/a-file/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --check 2>&1 | FileCheck %s --check-prefix=UNWRITABLE
// UNWRITABLE: fuse-run: warning: compilation cache: cannot create the cache directory {{.*}}a-file/cache: Not a directory
// UNWRITABLE: @main result 0: ok
// UNWRITABLE: (cache miss), run

// No cache: FUSE_CACHE_DIR set but empty, --no-cache, or the passes' IR
// printed (the passes must run).
// RUN: env FUSE_CACHE_DIR= fuse-run %s --random-inputs=1 --bench=1 | FileCheck %s --check-prefix=OFF
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --no-cache | FileCheck %s --check-prefix=OFF
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=0 fuse-run %s --random-inputs=1 --bench=1 --mlir-print-ir-after-all 2>/dev/null | FileCheck %s --check-prefix=OFF
// OFF: (cache off)

// Malformed settings are errors.
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MAX_BYTES=lots not fuse-run %s --random-inputs=1 2>&1 | FileCheck %s --check-prefix=BAD-SIZE
// BAD-SIZE: fuse-run: error: FUSE_CACHE_MAX_BYTES is not a byte size: 'lots'
// RUN: env FUSE_CACHE_DIR=%t/cache FUSE_CACHE_MIN_COMPILE_SECONDS=-1 not fuse-run %s --random-inputs=1 2>&1 | FileCheck %s --check-prefix=BAD-SECONDS
// BAD-SECONDS: fuse-run: error: FUSE_CACHE_MIN_COMPILE_SECONDS is not a number of seconds: '-1'

func.func @main(%x: tensor<64x32xf32>, %w: tensor<32x16xf32>) -> tensor<64x16xf32> {
  %p = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %t = hlo.tanh %p : tensor<64x16xf32>
  return %t : tensor<64x16xf32>
}
