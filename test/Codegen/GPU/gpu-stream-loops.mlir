// RUN: fuse-opt %s --fuse-gpu-stream-loops=explain -split-input-file -verify-diagnostics | FileCheck %s
// What the rewrite computes is checked on a GPU: bench/gpu's checks run
// every test program through the NVVM pipeline, which runs this pass; the
// host's waits are counted with the stub driver in gpu-stream-loops-run.mlir.

// A loop nest launching a kernel per iteration, as gpu-async-region leaves
// it: each iteration makes a stream and waits for it. The nest goes on the
// stream of the launch before it, which the launch after it continues; the
// host waits once, at the end.
// CHECK-LABEL: func.func @nest
// CHECK:         %[[START:.*]] = gpu.wait async
// CHECK-NEXT:    %[[BEFORE:.*]] = gpu.launch_func async [%[[START]]] @kernels::@k
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        gpu.launch_func async [%[[BEFORE]]] @kernels::@k
// CHECK-NEXT:        %[[FRESH:.*]], %{{.*}} = gpu.alloc async [%[[BEFORE]]] () : memref<16xf32>
// CHECK-NEXT:        gpu.launch_func async [%[[BEFORE]]] @kernels::@k {{.*}} args(%[[FRESH]] : memref<16xf32>)
// CHECK-NEXT:        gpu.dealloc async [%[[BEFORE]]] %[[FRESH]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[AFTER:.*]] = gpu.launch_func async [%[[BEFORE]]] @kernels::@k
// CHECK-NEXT:    gpu.wait [%[[AFTER]]]
// CHECK-NOT:     gpu.wait
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @nest(%n: index, %buffer: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    gpu.wait [%1]
    scf.for %i = %c0 to %n step %c1 {
      scf.for %j = %c0 to %i step %c1 {
        %2 = gpu.wait async
        %3 = gpu.launch_func async [%2] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
        %fresh, %4 = gpu.alloc async [%3] () : memref<16xf32>
        %5 = gpu.launch_func async [%4] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%fresh : memref<16xf32>)
        %6 = gpu.dealloc async [%5] %fresh : memref<16xf32>
        gpu.wait [%6]
      }
    }
    %7 = gpu.wait async
    %8 = gpu.launch_func async [%7] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    gpu.wait [%8]
    return
  }
}

// -----

// The loop's predicate is read on the host each iteration: the host must
// wait for the device, so the while loop keeps its waits. The for loop
// inside it goes on a stream of its own (no GPU work comes before it),
// which the copy after it continues.
// CHECK-LABEL: func.func @host_read
// CHECK:         scf.while
// CHECK:           memref.load
// CHECK:           %[[STREAM:.*]] = gpu.wait async
// CHECK-NEXT:      scf.for
// CHECK-NEXT:        gpu.launch_func async [%[[STREAM]]] @kernels::@k
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[COPY:.*]] = gpu.memcpy async [%[[STREAM]]]
// CHECK-NEXT:      gpu.wait [%[[COPY]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @host_read(%n: index, %buffer: memref<16xf32>, %flag: memref<i1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-remark @below {{the host waits for this region's GPU work at every block end (loops inside are tried alone): an op with effects on the host}}
    scf.while : () -> () {
      %go = memref.load %flag[] : memref<i1>
      scf.condition(%go)
    } do {
      scf.for %i = %c0 to %n step %c1 {
        %0 = gpu.wait async
        %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
        gpu.wait [%1]
      }
      %2 = gpu.wait async
      %3 = gpu.memcpy async [%2] %flag, %flag : memref<i1>, memref<i1>
      gpu.wait [%3]
      scf.yield
    }
    return
  }
}

// -----

// A token from before the loop: the loop's work depends on work it does not
// own, which one stream of its own could not order.
// CHECK-LABEL: func.func @outside_token
// CHECK:         scf.for
// CHECK-NEXT:      %[[T:.*]] = gpu.launch_func async [%{{.*}}] @kernels::@k
// CHECK-NEXT:      gpu.wait [%[[T]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @outside_token(%n: index, %buffer: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    // expected-remark @below {{the host waits for this region's GPU work at every block end (loops inside are tried alone): a GPU op depends on work from before it}}
    scf.for %i = %c0 to %n step %c1 {
      %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
      gpu.wait [%1]
    }
    gpu.wait [%0]
    return
  }
}

// -----

// A synchronous launch inside the loop.
// CHECK-LABEL: func.func @synchronous
// CHECK:         scf.for
// CHECK-NEXT:      gpu.launch_func @kernels::@k
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @synchronous(%n: index, %buffer: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-remark @below {{the host waits for this region's GPU work at every block end (loops inside are tried alone): a synchronous GPU op}}
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    }
    return
  }
}

// -----

// Two loops one after the other share one stream: the second takes it from
// the first, whose wait goes. Nothing of the GPU follows the second, so the
// host waits for the stream after it.
// CHECK-LABEL: func.func @two_loops
// CHECK:         %[[STREAM:.*]] = gpu.wait async
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      gpu.launch_func async [%[[STREAM]]] @kernels::@k
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      gpu.launch_func async [%[[STREAM]]] @kernels::@k
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.wait [%[[STREAM]]]
// CHECK-NEXT:    return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @two_loops(%n: index, %buffer: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %0 = gpu.wait async
      %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
      gpu.wait [%1]
    }
    scf.for %i = %c0 to %n step %c1 {
      %2 = gpu.wait async
      %3 = gpu.launch_func async [%2] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
      gpu.wait [%3]
    }
    return
  }
}

// -----

// A token carried by the loop: its waits stay.
// CHECK-LABEL: func.func @carried_token
// CHECK:         scf.for {{.*}} iter_args
// CHECK-NEXT:      gpu.launch_func async
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func @carried_token(%n: index, %buffer: memref<16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    // expected-remark @below {{at every block end (loops inside are tried alone): an async token passes its boundary}}
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%t = %0) -> (!gpu.async.token) {
      %1 = gpu.launch_func async [%t] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
      scf.yield %1 : !gpu.async.token
    }
    gpu.wait [%last]
    return
  }
}

// -----

// A cuBLASLt product between launches, as gpu-async-region leaves it: the
// host waits for the stream before the call and starts a new one after it.
// The product runs on the legacy default stream, which orders it with the
// runtime's (blocking) streams, so the wait goes and the stream goes on;
// one wait is left, at the end. In the loop, the product does not keep the
// host waiting per iteration either.
// CHECK-LABEL: func.func @products
// CHECK:         %[[START:.*]] = gpu.wait async
// CHECK-NEXT:    %[[FIRST:.*]] = gpu.launch_func async [%[[START]]] @kernels::@k
// CHECK-NEXT:    call @fuseCudaMatmul
// CHECK-NEXT:    %[[SECOND:.*]] = gpu.launch_func async [%[[FIRST]]] @kernels::@k
// CHECK-NEXT:    scf.for
// CHECK-NEXT:      func.call @fuseCudaMatmul
// CHECK-NEXT:      gpu.launch_func async [%[[SECOND]]] @kernels::@k
// CHECK-NEXT:    }
// CHECK-NEXT:    gpu.wait [%[[SECOND]]]
// CHECK-NOT:     gpu.wait
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func private @fuseCudaMatmul(i64)
  func.func @products(%n: index, %buffer: memref<16xf32>, %operand: i64) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    gpu.wait [%1]
    call @fuseCudaMatmul(%operand) : (i64) -> ()
    %2 = gpu.wait async
    %3 = gpu.launch_func async [%2] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    gpu.wait [%3]
    scf.for %i = %c0 to %n step %c1 {
      func.call @fuseCudaMatmul(%operand) : (i64) -> ()
      %4 = gpu.wait async
      %5 = gpu.launch_func async [%4] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
      gpu.wait [%5]
    }
    return
  }
}

// -----

// Another call reads or writes memory on the host: the host waits for the
// device before it, as before.
// CHECK-LABEL: func.func @other_call
// CHECK:         gpu.wait [%{{.*}}]
// CHECK-NEXT:    call @print
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%buffer: memref<16xf32>) kernel {
      gpu.return
    }
  }
  func.func private @print(memref<16xf32>)
  func.func @other_call(%buffer: memref<16xf32>) {
    %c1 = arith.constant 1 : index
    %0 = gpu.wait async
    %1 = gpu.launch_func async [%0] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%buffer : memref<16xf32>)
    gpu.wait [%1]
    call @print(%buffer) : (memref<16xf32>) -> ()
    return
  }
}
