// RUN: fuse-opt %s -split-input-file -verify-diagnostics

// The rules of hlo.infeed and hlo.outfeed (docs/HLO.md, "Infeed and
// outfeed").

func.func @host_without_channel() -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.infeed' op 'host' needs a 'channel_id': the infeed and outfeed queues are the host's already}}
  %a = hlo.infeed {host} : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @negative_channel(%x: tensor<4xf32>) {
  // expected-error @+1 {{'hlo.outfeed' op attribute 'channel_id' failed to satisfy constraint}}
  hlo.outfeed %x {channel_id = -2 : i64} : tensor<4xf32>
  return
}

// -----

// A fusion is a kernel, which computes; the program transfers.
func.func @transfer_in_fusion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'hlo.outfeed' op cannot be inside hlo.fusion: a fusion body holds hlo ops other than hlo.fusion, hlo.while, hlo.case and the transfers}}
    hlo.outfeed %a : tensor<4xf32>
    hlo.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
