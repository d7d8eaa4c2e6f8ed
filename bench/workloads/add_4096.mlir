// bench workload add_4096: x + y over 4096x4096 f32, one elementwise op: the
// sanity check of the bound (two inputs read, one output written, like the
// triad kernel of bench/bandwidth.cpp). Compulsory bytes: 64 MiB x 3.
func.func @main(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>)
    -> tensor<4096x4096xf32> {
  %sum = hlo.add %x, %y : tensor<4096x4096xf32>
  return %sum : tensor<4096x4096xf32>
}
