//===- HLOBase.td - hlo dialect, types and enums -----------*- tablegen -*-===//
//
// The dialect definition, the tensor type constraints every op uses, and the
// enumerations of its attributes.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_HLOBASE_TD
#define FUSE_DIALECT_HLO_IR_HLOBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def HLO_Dialect : Dialect {
  let name = "hlo";
  let cppNamespace = "::fuse::hlo";
  let summary = "XLA HLO-like operations on statically shaped tensors";
  let description = [{
    The `hlo` dialect models the operation set of XLA's High Level Optimizer
    (HLO) on statically shaped ranked tensors: elementwise arithmetic, shape
    and data movement, reductions, generalized dot products, sorting, loops
    and branches (`hlo.while`, `hlo.case`), and `hlo.fusion`, the region op that
    groups ops into one kernel. The semantics of every op,
    with its numbered constraints, are in `docs/HLO.md`.
  }];
  let hasConstantMaterializer = 1;
}

//===----------------------------------------------------------------------===//
// Element types and tensor types
//===----------------------------------------------------------------------===//

def HLO_Pred : TypeAlias<I1, "pred (i1)">;
def HLO_Int : AnyTypeOf<[I<2>, I<4>, I8, I16, I32, I64, UI<2>, UI<4>, UI8, UI16,
                          UI32, UI64], "signless or unsigned integer">;
// The 8-bit floats are XLA's: storage formats that compute in f32.
def HLO_Float8 : AnyTypeOf<[F8E4M3FN, F8E5M2, F8E4M3, F8E3M4, F8E4M3FNUZ,
                            F8E5M2FNUZ, F8E4M3B11FNUZ], "8-bit float">;
def HLO_Float : AnyTypeOf<[F16, BF16, F32, F64, HLO_Float8],
    "floating-point">;
def HLO_Element : AnyTypeOf<[HLO_Pred, HLO_Int, HLO_Float]>;
// Complex numbers (XLA's c64 and c128). Only the ops that take HLO_AnyTensor,
// HLO_ArithTensor or HLO_FpOrComplexTensor accept them; hlo-expand-complex
// turns them into pairs of real tensors before code generation.
def HLO_Complex : AnyTypeOf<[Complex<F32>, Complex<F64>], "complex">;

def HLO_Tensor : StaticShapeTensorOf<[HLO_Element]>;
def HLO_FpTensor : StaticShapeTensorOf<[HLO_Float]>;
def HLO_IntTensor : StaticShapeTensorOf<[HLO_Int]>;
def HLO_PredTensor : StaticShapeTensorOf<[HLO_Pred]>;
def HLO_NumericTensor : StaticShapeTensorOf<[HLO_Int, HLO_Float]>;
def HLO_PredOrIntTensor : StaticShapeTensorOf<[HLO_Pred, HLO_Int]>;
def HLO_AnyTensor : StaticShapeTensorOf<[HLO_Element, HLO_Complex]>;
def HLO_ArithTensor : StaticShapeTensorOf<[HLO_Int, HLO_Float, HLO_Complex]>;
def HLO_FpOrComplexTensor : StaticShapeTensorOf<[HLO_Float, HLO_Complex]>;
def HLO_ComplexTensor : StaticShapeTensorOf<[HLO_Complex]>;

// A rank-0 integer tensor, as used for dynamic slice offsets.
def HLO_ScalarIntTensor : 0DTensorOf<[HLO_Int]>;

// The branch index of hlo.case, always tensor<i32>, so it is not printed.
def HLO_BranchIndex : 0DTensorOf<[I32]>,
    BuildableType<"::mlir::RankedTensorType::get({}, $_builder.getI32Type())">;

//===----------------------------------------------------------------------===//
// Enumerations
//===----------------------------------------------------------------------===//

def HLO_ComparisonDirection : I32EnumAttr<"ComparisonDirection",
    "direction of an elementwise comparison", [
      I32EnumAttrCase<"EQ", 0>, I32EnumAttrCase<"NE", 1>,
      I32EnumAttrCase<"LT", 2>, I32EnumAttrCase<"LE", 3>,
      I32EnumAttrCase<"GT", 4>, I32EnumAttrCase<"GE", 5>]> {
  let cppNamespace = "::fuse::hlo";
}

// The order hlo.compare uses. Without one, floats compare as FLOAT, i1 and
// unsigned integers as UNSIGNED and signless integers as SIGNED.
def HLO_ComparisonType : I32EnumAttr<"ComparisonType",
    "order of an elementwise comparison", [
      // IEEE-754: -0.0 == +0.0, every comparison with NaN is false but NE.
      I32EnumAttrCase<"FLOAT", 0>,
      // -NaN < -Inf < ... < -0.0 < +0.0 < ... < +Inf < +NaN.
      I32EnumAttrCase<"TOTALORDER", 1>,
      I32EnumAttrCase<"SIGNED", 2>, I32EnumAttrCase<"UNSIGNED", 3>]> {
  let cppNamespace = "::fuse::hlo";
}

def HLO_FusionKind : I32EnumAttr<"FusionKind", "kind of a fusion", [
      // Elementwise ops (and cheap shape ops) sharing one loop nest.
      I32EnumAttrCase<"Loop", 0, "loop">,
      // Producers fused into a reduction, which is the root.
      I32EnumAttrCase<"Input", 1, "input">,
      // An epilogue fused into the output of a dot_general.
      I32EnumAttrCase<"Output", 2, "output">]> {
  let cppNamespace = "::fuse::hlo";
}

// The combiner of a reduce body that is a single binary op.
def HLO_ReductionKind : I32EnumAttr<"ReductionKind",
    "combiner of a reduction", [
      I32EnumAttrCase<"Add", 0, "add">, I32EnumAttrCase<"Mul", 1, "multiply">,
      I32EnumAttrCase<"Max", 2, "maximum">, I32EnumAttrCase<"Min", 3, "minimum">,
      I32EnumAttrCase<"And", 4, "and">, I32EnumAttrCase<"Or", 5, "or">]> {
  let cppNamespace = "::fuse::hlo";
}

// The generator of hlo.rng_bit_generator, as XLA names it. DEFAULT is
// PHILOX, as on XLA's CPU and GPU backends.
def HLO_RngAlgorithm : I32EnumAttr<"RngAlgorithm",
    "generator of random bits", [
      I32EnumAttrCase<"DEFAULT", 0, "default">,
      I32EnumAttrCase<"THREE_FRY", 1, "three_fry">,
      I32EnumAttrCase<"PHILOX", 2, "philox">]> {
  let cppNamespace = "::fuse::hlo";
}

// The transform of hlo.fft, as XLA names it.
def HLO_FftType : I32EnumAttr<"FftType", "kind of Fourier transform", [
      I32EnumAttrCase<"FFT", 0>, I32EnumAttrCase<"IFFT", 1>,
      I32EnumAttrCase<"RFFT", 2>, I32EnumAttrCase<"IRFFT", 3>]> {
  let cppNamespace = "::fuse::hlo";
}

//===----------------------------------------------------------------------===//
// Base op class
//===----------------------------------------------------------------------===//

class HLO_Op<string mnemonic, list<Trait> traits = []> :
    Op<HLO_Dialect, mnemonic, traits>;

#endif // FUSE_DIALECT_HLO_IR_HLOBASE_TD
