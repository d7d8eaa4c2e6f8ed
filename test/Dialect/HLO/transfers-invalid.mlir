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
