//===- HLOOps.td - hlo operations --------------------------*- tablegen -*-===//
//
// Every op of the hlo dialect. The semantics and the numbered constraints
// (C1, C2, ...) that the verifiers enforce are specified in docs/HLO.md.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_HLOOPS_TD
#define FUSE_DIALECT_HLO_IR_HLOOPS_TD

include "fuse/Dialect/HLO/IR/HLOBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"

//===----------------------------------------------------------------------===//
// Constants and indices
//===----------------------------------------------------------------------===//

def HLO_ConstantOp : HLO_Op<"constant",
    [ConstantLike, Pure, InferTypeOpAdaptor]> {
  let summary = "a tensor literal";
  let description = [{
    Produces the tensor held by the `value` attribute; the result type is the
    attribute's type. See [docs/HLO.md](../HLO.md#constant).

    ```mlir
    %c = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
    ```
  }];
  let arguments = (ins ElementsAttr:$value);
  let results = (outs HLO_AnyTensor:$output);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
}

def HLO_IotaOp : HLO_Op<"iota", [Pure]> {
  let summary = "indices along one dimension";
  let description = [{
    Fills the result with the index of each element along dimension `dim`
    (0, 1, 2, ... converted to the element type). See
    [docs/HLO.md](../HLO.md#iota).

    ```mlir
    %i = hlo.iota dim = 1 : tensor<2x3xi32>  // [[0, 1, 2], [0, 1, 2]]
    ```
  }];
  let arguments = (ins I64Attr:$iota_dimension);
  let results = (outs StaticShapeTensorOf<[HLO_Int, HLO_Float]>:$output);
  let assemblyFormat = "`dim` `=` $iota_dimension attr-dict `:` type($output)";
  let hasVerifier = 1;
}

def HLO_RngBitGeneratorOp : HLO_Op<"rng_bit_generator", [Pure]> {
  let summary = "random bits from a counter-based generator and a state";
  let description = [{
    Fills `output` with random bits computed from `initial_state`, a `u64`
    key followed by a counter, with Threefry-2x32 (20 rounds) or
    Philox-4x32 (10 rounds), and returns the state with the counter
    advanced past the blocks it used. The bits, their placement in the
    output and the new state are those of XLA's CPU backend, so JAX's
    `lax.rng_bit_generator` and the `rbg` keys of `jax.random` give the
    same numbers. See [docs/HLO.md](../HLO.md#rng_bit_generator).

    ```mlir
    %state2, %bits = hlo.rng_bit_generator %state, algorithm = three_fry
        : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4x8xui32>)
    ```
  }];
  let arguments = (ins HLO_IntTensor:$initial_state,
                       HLO_RngAlgorithm:$rng_algorithm);
  let results = (outs HLO_IntTensor:$output_state, HLO_IntTensor:$output);
  let assemblyFormat = [{
    $initial_state `,` `algorithm` `=` $rng_algorithm attr-dict `:`
    functional-type(operands, results)
  }];
  let extraClassDeclaration = [{
    /// The algorithm that runs: PHILOX for DEFAULT.
    RngAlgorithm getEffectiveAlgorithm();
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Elementwise ops
//===----------------------------------------------------------------------===//

class HLO_UnaryElementwiseOp<string mnemonic, string semantics,
                             TypeConstraint type, list<Trait> traits = [],
                             string exampleType = "tensor<4xf32>">
    : HLO_Op<mnemonic, traits # [Pure, Elementwise,
                                 SameOperandsAndResultType,
                                 InferTypeOpInterface]> {
  let summary = semantics # ", elementwise";
  let description = "Computes " # semantics # " of each element. See "
    # "[docs/HLO.md](../HLO.md#" # mnemonic # ").\n\n"
    # "```mlir\n%r = hlo." # mnemonic # " %x : " # exampleType # "\n```\n";
  let arguments = (ins type:$operand);
  let results = (outs type:$result);
  let assemblyFormat = "$operand attr-dict `:` type($result)";
}

def HLO_AbsOp : HLO_Op<"abs", [Pure, Elementwise, SameOperandsAndResultShape,
                                InferTypeOpAdaptor]> {
  let summary = "the absolute value, elementwise";
  let description = [{
    Computes the absolute value of each element; of a complex number, its
    modulus, in the parts' float type. See [docs/HLO.md](../HLO.md#abs).

    ```mlir
    %r = hlo.abs %x : tensor<4xf32>
    %m = hlo.abs %z : tensor<4xcomplex<f32>>  // -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_ArithTensor:$operand);
  let results = (outs HLO_NumericTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
  let hasFolder = 1;
}
def HLO_NegOp : HLO_UnaryElementwiseOp<"negate", "the negation",
    HLO_ArithTensor> { let hasFolder = 1; }
def HLO_SignOp : HLO_UnaryElementwiseOp<"sign",
    "the sign (-1, 0 or 1; NaN stays NaN; z / |z| for complex z)",
    HLO_ArithTensor> {
  let hasFolder = 1;
}
def HLO_FloorOp : HLO_UnaryElementwiseOp<"floor", "the floor",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_CeilOp : HLO_UnaryElementwiseOp<"ceil", "the ceiling",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_RoundNearestEvenOp : HLO_UnaryElementwiseOp<"round_nearest_even",
    "rounding to the nearest integer, ties to even", HLO_FpTensor> {
  let hasFolder = 1;
}
def HLO_ExpOp : HLO_UnaryElementwiseOp<"exponential", "e raised to the power",
    HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_Expm1Op : HLO_UnaryElementwiseOp<"exponential_minus_one",
    "exp(x) - 1", HLO_FpTensor> { let hasFolder = 1; }
def HLO_LogOp : HLO_UnaryElementwiseOp<"log", "the natural logarithm",
    HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_Log1pOp : HLO_UnaryElementwiseOp<"log_plus_one", "log(1 + x)",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_LogisticOp : HLO_UnaryElementwiseOp<"logistic",
    "the logistic sigmoid 1 / (1 + exp(-x))", HLO_FpTensor> {
  let hasFolder = 1;
}
def HLO_TanhOp : HLO_UnaryElementwiseOp<"tanh", "the hyperbolic tangent",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_SqrtOp : HLO_UnaryElementwiseOp<"sqrt", "the square root",
    HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_RsqrtOp : HLO_UnaryElementwiseOp<"rsqrt",
    "the reciprocal square root", HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_SineOp : HLO_UnaryElementwiseOp<"sine", "the sine",
    HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_CosineOp : HLO_UnaryElementwiseOp<"cosine", "the cosine",
    HLO_FpOrComplexTensor> { let hasFolder = 1; }
def HLO_CbrtOp : HLO_UnaryElementwiseOp<"cbrt", "the cube root",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_TanOp : HLO_UnaryElementwiseOp<"tan", "the tangent", HLO_FpTensor> {
  let hasFolder = 1;
}
def HLO_ErfOp : HLO_UnaryElementwiseOp<"erf", "the error function",
    HLO_FpTensor> { let hasFolder = 1; }
def HLO_PopcntOp : HLO_UnaryElementwiseOp<"popcnt",
    "the number of set bits", HLO_IntTensor, [], "tensor<4xi32>"> {
  let hasFolder = 1;
}
def HLO_CountLeadingZerosOp : HLO_UnaryElementwiseOp<"count_leading_zeros",
    "the number of zero bits above the highest set bit (the bit width for 0)",
    HLO_IntTensor, [], "tensor<4xi32>"> {
  let hasFolder = 1;
}
def HLO_NotOp : HLO_UnaryElementwiseOp<"not",
    "the logical (i1) or bitwise (integers) negation", HLO_PredOrIntTensor,
    [], "tensor<4xi1>"> {
  let hasFolder = 1;
}

def HLO_IsFiniteOp : HLO_Op<"is_finite",
    [Pure, Elementwise, SameOperandsAndResultShape, InferTypeOpAdaptor]> {
  let summary = "whether each element is finite";
  let description = [{
    True (i1) where the element is neither infinite nor NaN. See
    [docs/HLO.md](../HLO.md#is_finite).

    ```mlir
    %r = hlo.is_finite %x : tensor<4xf32>  // -> tensor<4xi1>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
  let hasFolder = 1;
}

class HLO_BinaryElementwiseOp<string mnemonic, string semantics,
                              TypeConstraint type, list<Trait> traits = [],
                              string exampleType = "tensor<4xf32>">
    : HLO_Op<mnemonic, traits # [Pure, Elementwise,
                                 SameOperandsAndResultType,
                                 InferTypeOpInterface]> {
  let summary = semantics # ", elementwise";
  let description = "Computes " # semantics # " of each pair of elements. "
    # "See [docs/HLO.md](../HLO.md#" # mnemonic # ").\n\n"
    # "```mlir\n%r = hlo." # mnemonic # " %a, %b : " # exampleType # "\n```\n";
  let arguments = (ins type:$lhs, type:$rhs);
  let results = (outs type:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
  let hasFolder = 1;
}

def HLO_AddOp : HLO_BinaryElementwiseOp<"add", "the sum", HLO_ArithTensor,
    [Commutative]>;
def HLO_SubtractOp : HLO_BinaryElementwiseOp<"subtract", "the difference",
    HLO_ArithTensor>;
def HLO_MulOp : HLO_BinaryElementwiseOp<"multiply", "the product",
    HLO_ArithTensor, [Commutative]>;
def HLO_DivOp : HLO_BinaryElementwiseOp<"divide",
    "the quotient (integers round toward zero)", HLO_ArithTensor>;
def HLO_RemOp : HLO_BinaryElementwiseOp<"remainder",
    "the remainder, with the sign of the dividend", HLO_NumericTensor>;
def HLO_PowOp : HLO_BinaryElementwiseOp<"power", "lhs raised to rhs",
    HLO_NumericTensor>;
def HLO_MaxOp : HLO_BinaryElementwiseOp<"maximum",
    "the maximum (NaN if either is NaN)", HLO_NumericTensor, [Commutative]>;
def HLO_MinOp : HLO_BinaryElementwiseOp<"minimum",
    "the minimum (NaN if either is NaN)", HLO_NumericTensor, [Commutative]>;
def HLO_AndOp : HLO_BinaryElementwiseOp<"and",
    "the logical (i1) or bitwise (integers) and", HLO_PredOrIntTensor,
    [Commutative], "tensor<4xi1>">;
def HLO_OrOp : HLO_BinaryElementwiseOp<"or",
    "the logical (i1) or bitwise (integers) or", HLO_PredOrIntTensor,
    [Commutative], "tensor<4xi1>">;
def HLO_XorOp : HLO_BinaryElementwiseOp<"xor",
    "the logical (i1) or bitwise (integers) exclusive or",
    HLO_PredOrIntTensor, [Commutative], "tensor<4xi1>">;
def HLO_ShiftLeftOp : HLO_BinaryElementwiseOp<"shift_left",
    "lhs shifted left by rhs bits (0 when rhs, read as unsigned, is the bit "
    "width or more)", HLO_IntTensor, [], "tensor<4xi32>">;
def HLO_ShiftRightLogicalOp : HLO_BinaryElementwiseOp<"shift_right_logical",
    "lhs shifted right by rhs bits, filled with zeros (0 when rhs, read as "
    "unsigned, is the bit width or more)", HLO_IntTensor, [], "tensor<4xi32>">;
def HLO_ShiftRightArithmeticOp : HLO_BinaryElementwiseOp<
    "shift_right_arithmetic",
    "lhs shifted right by rhs bits, filled with its sign bit (all sign bits "
    "when rhs, read as unsigned, is the bit width or more)", HLO_IntTensor, [],
    "tensor<4xi32>">;
def HLO_Atan2Op : HLO_BinaryElementwiseOp<"atan2",
    "the angle atan(lhs / rhs) in the quadrant of (rhs, lhs)", HLO_FpTensor>;

def HLO_CompareOp : HLO_Op<"compare", [Pure, Elementwise,
    SameOperandsAndResultShape, AllTypesMatch<["lhs", "rhs"]>,
    InferTypeOpAdaptor]> {
  let summary = "elementwise comparison";
  let description = [{
    Compares each pair of elements in the given direction and returns i1.
    Floating-point comparisons are ordered: every comparison with NaN is false
    except NE. An optional `compare_type` picks another order: `TOTALORDER`
    orders floats as their bit patterns (-0.0 below +0.0, NaNs at the ends),
    as sort comparators need; `UNSIGNED` reads integers as unsigned. See
    [docs/HLO.md](../HLO.md#compare).

    ```mlir
    %r = hlo.compare LT, %a, %b : tensor<4xf32>  // -> tensor<4xi1>
    %t = hlo.compare LT, %a, %b, TOTALORDER : tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_ComparisonDirection:$comparison_direction,
                       HLO_AnyTensor:$lhs, HLO_AnyTensor:$rhs,
                       OptionalAttr<HLO_ComparisonType>:$compare_type);
  let results = (outs HLO_PredTensor:$result);
  let assemblyFormat = [{
    $comparison_direction `,` $lhs `,` $rhs (`,` $compare_type^)? attr-dict
    `:` type($lhs)
  }];
  let extraClassDeclaration = [{
    /// The order in use: `compare_type`, or the element type's own.
    ComparisonType getEffectiveCompareType();
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def HLO_SelectOp : HLO_Op<"select", [Pure,
    AllTypesMatch<["on_true", "on_false", "result"]>]> {
  let summary = "elementwise choice between two tensors";
  let description = [{
    Picks `on_true` where `pred` is true and `on_false` elsewhere. `pred` is
    either of the result's shape or a rank-0 tensor that applies to every
    element. See [docs/HLO.md](../HLO.md#select).

    ```mlir
    %r = hlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_PredTensor:$pred, HLO_AnyTensor:$on_true,
                       HLO_AnyTensor:$on_false);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $pred `,` $on_true `,` $on_false attr-dict `:` type($pred) `,` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_ClampOp : HLO_Op<"clamp", [Pure,
    AllTypesMatch<["operand", "result"]>]> {
  let summary = "elementwise clamp between bounds";
  let description = [{
    Computes `min(max(operand, min), max)`. Each bound is either of the
    operand's shape or a rank-0 tensor. See [docs/HLO.md](../HLO.md#clamp).

    ```mlir
    %r = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<4xf32>, tensor<f32>
    ```
  }];
  let arguments = (ins HLO_NumericTensor:$min, HLO_NumericTensor:$operand,
                       HLO_NumericTensor:$max);
  let results = (outs HLO_NumericTensor:$result);
  let assemblyFormat = [{
    $min `,` $operand `,` $max attr-dict `:` type($min) `,` type($operand) `,`
    type($max)
  }];
  let hasVerifier = 1;
}

def HLO_ConvertOp : HLO_Op<"convert",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise element type conversion";
  let description = [{
    Converts each element to the result element type: float to integer
    rounds toward zero and saturates, to i1 means "not zero". See
    [docs/HLO.md](../HLO.md#convert).

    ```mlir
    %r = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type($operand, $result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Complex numbers
//===----------------------------------------------------------------------===//

def HLO_ComplexOp : HLO_Op<"complex", [Pure, Elementwise,
    SameOperandsAndResultShape, AllTypesMatch<["real", "imag"]>,
    InferTypeOpAdaptor]> {
  let summary = "complex numbers from their real and imaginary parts";
  let description = [{
    Pairs each element of `real` with the element of `imag` at the same
    index: f32 parts give `complex<f32>` (XLA's c64), f64 parts
    `complex<f64>` (c128). See [docs/HLO.md](../HLO.md#complex).

    ```mlir
    %z = hlo.complex %re, %im : tensor<4xf32>  // -> tensor<4xcomplex<f32>>
    ```
  }];
  let arguments = (ins StaticShapeTensorOf<[F32, F64]>:$real,
                       StaticShapeTensorOf<[F32, F64]>:$imag);
  let results = (outs HLO_ComplexTensor:$result);
  let assemblyFormat = "$real `,` $imag attr-dict `:` type($real)";
}

class HLO_ComplexPartOp<string mnemonic, string part>
    : HLO_Op<mnemonic, [Pure, Elementwise, SameOperandsAndResultShape,
                        InferTypeOpAdaptor]> {
  let summary = "the " # part # " part of complex numbers";
  let description = "The " # part # " part of each element, in the "
    # "complex type's float type. See [docs/HLO.md](../HLO.md#" # mnemonic
    # ").\n\n```mlir\n%r = hlo." # mnemonic
    # " %z : tensor<4xcomplex<f32>>  // -> tensor<4xf32>\n```\n";
  let arguments = (ins HLO_ComplexTensor:$operand);
  let results = (outs StaticShapeTensorOf<[F32, F64]>:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
}

def HLO_RealOp : HLO_ComplexPartOp<"real", "real">;
def HLO_ImagOp : HLO_ComplexPartOp<"imag", "imaginary">;

def HLO_FftOp : HLO_Op<"fft", [Pure, InferTypeOpAdaptor]> {
  let summary = "discrete Fourier transform over the trailing dimensions";
  let description = [{
    Transforms over the last `length.size()` (1 to 3) dimensions, as XLA's
    Fft does:
    - `FFT`: complex to complex, X[k] = sum_n x[n] exp(-2 pi i k n / N);
    - `IFFT`: complex to complex, the inverse, with the 1 / N factor;
    - `RFFT`: real to complex; the last dimension keeps its N / 2 + 1
      non-negative frequencies;
    - `IRFFT`: the inverse of RFFT: complex with N / 2 + 1 frequencies in
      the last dimension to real with N. The imaginary parts of the zero
      and (for even N) the N / 2 frequency are not read.

    `length` is the transformed dimensions' sizes, of the real side for
    RFFT and IRFFT. See [docs/HLO.md](../HLO.md#fft).

    ```mlir
    %f = hlo.fft %x, type = RFFT, length = [8]
        : (tensor<2x8xf32>) -> tensor<2x5xcomplex<f32>>
    ```
  }];
  let arguments = (ins HLO_FpOrComplexTensor:$operand, HLO_FftType:$fft_type,
                       DenseI64ArrayAttr:$fft_length);
  let results = (outs HLO_FpOrComplexTensor:$result);
  let assemblyFormat = [{
    $operand `,` `type` `=` $fft_type `,` `length` `=` $fft_length attr-dict
    `:` functional-type($operand, $result)
  }];
}

def HLO_ReducePrecisionOp : HLO_Op<"reduce_precision",
    [Pure, Elementwise, SameOperandsAndResultType]> {
  let summary = "round floats to fewer exponent and mantissa bits";
  let description = [{
    Rounds each element to the nearest value (ties to even) of a float
    format with `exponent_bits` exponent bits and `mantissa_bits` mantissa
    bits, keeping the element type: values past that format's range become
    infinities, values below its smallest normal become zeros, NaNs stay
    NaNs. `exponent_bits = 5, mantissa_bits = 10` emulates f16 in f32. See
    [docs/HLO.md](../HLO.md#reduce_precision).

    ```mlir
    %r = hlo.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10
        : tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand, I32Attr:$exponent_bits,
                       I32Attr:$mantissa_bits);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $operand `,` `exponent_bits` `=` $exponent_bits `,` `mantissa_bits` `=`
    $mantissa_bits attr-dict `:` type($operand)
  }];
  let hasVerifier = 1;
}

def HLO_BitcastConvertOp : HLO_Op<"bitcast_convert",
    [Pure, Elementwise, SameOperandsAndResultShape]> {
  let summary = "elementwise reinterpretation of bits as another type";
  let description = [{
    Reads the bits of each element as an element of the result type, which
    has the same bit width (not i1): `f32` to `ui32` gives the float's
    IEEE-754 encoding. `jax.random` makes floats from random bits this way.
    See [docs/HLO.md](../HLO.md#bitcast_convert).

    ```mlir
    %r = hlo.bitcast_convert %bits : (tensor<4xui32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_NumericTensor:$operand);
  let results = (outs HLO_NumericTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

def HLO_BroadcastInDimOp : HLO_Op<"broadcast_in_dim", [Pure]> {
  let summary = "broadcast into a larger shape";
  let description = [{
    Operand dimension `i` becomes result dimension `dims[i]`; the other
    result dimensions, and operand dimensions of size 1, are broadcast. See
    [docs/HLO.md](../HLO.md#broadcast_in_dim).

    ```mlir
    %r = hlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<3x4xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$broadcast_dimensions);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $broadcast_dimensions attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HLO_ReshapeOp : HLO_Op<"reshape", [Pure]> {
  let summary = "reinterpret the shape in row-major order";
  let description = [{
    Same elements in the same row-major order, new shape. See
    [docs/HLO.md](../HLO.md#reshape).

    ```mlir
    %r = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand attr-dict `:` functional-type($operand, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_TransposeOp : HLO_Op<"transpose", [Pure, InferTypeOpAdaptor]> {
  let summary = "permute dimensions";
  let description = [{
    Result dimension `i` is operand dimension `permutation[i]`. See
    [docs/HLO.md](../HLO.md#transpose).

    ```mlir
    %r = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand, DenseI64ArrayAttr:$permutation);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $permutation attr-dict `:`
    functional-type($operand, $result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HLO_SliceOp : HLO_Op<"slice", [Pure, InferTypeOpAdaptor]> {
  let summary = "static strided slice";
  let description = [{
    Takes elements `start + k * stride` below `limit` in every dimension. See
    [docs/HLO.md](../HLO.md#slice).

    ```mlir
    %r = hlo.slice %x, starts = [0, 1], limits = [2, 4], strides = [1, 2]
        : (tensor<2x4xf32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand,
                       DenseI64ArrayAttr:$start_indices,
                       DenseI64ArrayAttr:$limit_indices,
                       DenseI64ArrayAttr:$strides);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `starts` `=` $start_indices `,` `limits` `=` $limit_indices
    `,` `strides` `=` $strides attr-dict `:` functional-type($operand, $result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def HLO_DynamicSliceOp : HLO_Op<"dynamic_slice",
    [Pure, InferTypeOpAdaptor]> {
  let summary = "slice at run-time offsets";
  let description = [{
    Takes a `slice_sizes` block starting at the given offsets, one rank-0
    integer tensor per dimension. Offsets are clamped so that the block lies
    inside the operand. See [docs/HLO.md](../HLO.md#dynamic_slice).

    ```mlir
    %r = hlo.dynamic_slice %x[%i, %j] sizes = [2, 2]
        : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand,
                       Variadic<HLO_ScalarIntTensor>:$start_indices,
                       DenseI64ArrayAttr:$slice_sizes);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `sizes` `=` $slice_sizes attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasCanonicalizer = 1;
}

def HLO_DynamicUpdateSliceOp : HLO_Op<"dynamic_update_slice",
    [Pure, AllTypesMatch<["operand", "result"]>]> {
  let summary = "overwrite a block at run-time offsets";
  let description = [{
    Returns the operand with the block starting at the given offsets replaced
    by `update`. Offsets are clamped so that the block lies inside the
    operand. See [docs/HLO.md](../HLO.md#dynamic_update_slice).

    ```mlir
    %r = hlo.dynamic_update_slice %x[%i, %j], %u
        : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<4x4xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand, HLO_AnyTensor:$update,
                       Variadic<HLO_ScalarIntTensor>:$start_indices);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` $update attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLO_ConcatenateOp : HLO_Op<"concatenate", [Pure, InferTypeOpAdaptor]> {
  let summary = "join tensors along one dimension";
  let description = [{
    Places the inputs one after another along `dimension`. See
    [docs/HLO.md](../HLO.md#concatenate).

    ```mlir
    %r = hlo.concatenate dim = 0, %a, %b
        : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs, I64Attr:$dimension);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    `dim` `=` $dimension `,` $inputs attr-dict `:`
    functional-type($inputs, $result)
  }];
  let hasFolder = 1;
}

def HLO_PadOp : HLO_Op<"pad", [Pure, InferTypeOpAdaptor]> {
  let summary = "pad with a value at the edges and between elements";
  let description = [{
    Adds `low` and `high` elements at the edges of each dimension (negative
    values remove elements) and `interior` elements between neighbours, all
    set to `padding_value`. See [docs/HLO.md](../HLO.md#pad).

    ```mlir
    %r = hlo.pad %x, %zero, low = [1], high = [2], interior = [1]
        : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand, HLO_AnyTensor:$padding_value,
                       DenseI64ArrayAttr:$edge_padding_low,
                       DenseI64ArrayAttr:$edge_padding_high,
                       DenseI64ArrayAttr:$interior_padding);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=`
    $edge_padding_high `,` `interior` `=` $interior_padding attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasFolder = 1;
}

def HLO_ReverseOp : HLO_Op<"reverse", [Pure,
    AllTypesMatch<["operand", "result"]>]> {
  let summary = "reverse the order of elements along dimensions";
  let description = [{
    See [docs/HLO.md](../HLO.md#reverse).

    ```mlir
    %r = hlo.reverse %x, dims = [0] : tensor<2x3xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand, DenseI64ArrayAttr:$dimensions);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `,` `dims` `=` $dimensions attr-dict `:` type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

//===----------------------------------------------------------------------===//
// Reductions and contractions
//===----------------------------------------------------------------------===//

def HLO_ReduceOp : HLO_Op<"reduce", [RecursiveMemoryEffects,
    AttrSizedOperandSegments, InferTypeOpAdaptor]> {
  let summary = "reduce tensors over dimensions with a scalar computation";
  let description = [{
    Combines the elements of each input over `dimensions`, starting from the
    matching init value, with the body: a computation on rank-0 tensors that
    takes the N accumulators and then the N elements and returns the N new
    accumulators (XLA's `to_apply`). The body must be associative and
    commutative; the order of combination is unspecified. See
    [docs/HLO.md](../HLO.md#reduce).

    A body that is a single binary op (add, multiply, maximum, minimum, and,
    or) of one input prints in short form:

    ```mlir
    %sum = hlo.reduce add(%x init %zero) dims = [1]
        : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    %am:2 = hlo.reduce(%x init %ninf), (%idx init %c0) dims = [0]
        : (tensor<8xf32>, tensor<8xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>)
    {
    ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
      ...
      hlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyTensor>:$inputs,
                       Variadic<HLO_AnyTensor>:$init_values,
                       DenseI64ArrayAttr:$dimensions);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
  let builders = [
    // A single-input reduction whose body is the given combiner.
    OpBuilder<(ins "::mlir::Value":$input, "::mlir::Value":$init,
                   "::llvm::ArrayRef<int64_t>":$dimensions,
                   "ReductionKind":$kind)>
  ];
  let extraClassDeclaration = [{
    /// The combiner when the body is one binary op of a single input,
    /// applied to the accumulator and the element in either order.
    std::optional<ReductionKind> getReductionKind();
  }];
}

def HLO_ReduceWindowOp : HLO_Op<"reduce_window", [RecursiveMemoryEffects,
    AttrSizedOperandSegments, InferTypeOpAdaptor]> {
  let summary = "reduce every window of tensors with a scalar computation";
  let description = [{
    Slides a window of `window_dimensions` over each input, moved by
    `window_strides`, over the input dilated by `base_dilations` and padded
    by `padding_low`/`padding_high`, the window itself dilated by
    `window_dilations`. Each result element combines the init value with
    the window's input elements (padding and dilation holes are skipped)
    with the body, which takes the accumulators first, as hlo.reduce's.
    Pooling layers and JAX's cumulative sums are reduce windows. See
    [docs/HLO.md](../HLO.md#reduce_window).

    ```mlir
    %pooled = hlo.reduce_window(%x) init(%ninf), window = [1, 2, 2, 1],
        strides = [1, 2, 2, 1], padding = [0, 0, 0, 0] x [0, 0, 0, 0],
        base_dilation = [1, 1, 1, 1], window_dilation = [1, 1, 1, 1]
        : (tensor<8x28x28x16xf32>, tensor<f32>) -> tensor<8x14x14x16xf32> {
    ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
      %m = hlo.maximum %acc, %e : tensor<f32>
      hlo.return %m : tensor<f32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs,
                       Variadic<HLO_Tensor>:$init_values,
                       DenseI64ArrayAttr:$window_dimensions,
                       DenseI64ArrayAttr:$window_strides,
                       DenseI64ArrayAttr:$padding_low,
                       DenseI64ArrayAttr:$padding_high,
                       DenseI64ArrayAttr:$base_dilations,
                       DenseI64ArrayAttr:$window_dilations);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    `(` $inputs `)` `init` `(` $init_values `)` `,`
    `window` `=` $window_dimensions `,` `strides` `=` $window_strides `,`
    `padding` `=` $padding_low `x` $padding_high `,`
    `base_dilation` `=` $base_dilations `,`
    `window_dilation` `=` $window_dilations attr-dict `:`
    functional-type(operands, results) $body
  }];
  let hasRegionVerifier = 1;
}

def HLO_SelectAndScatterOp : HLO_Op<"select_and_scatter",
    [RecursiveMemoryEffects, InferTypeOpAdaptor]> {
  let summary = "scatter a value to the selected element of every window";
  let description = [{
    For every window of `operand` (as in hlo.reduce_window, without
    dilation), `select` picks one element: walking the window in row-major
    order, the current choice stays while `select(choice, candidate)` is
    true. The matching element of `source` (one per window) is combined
    into the result, which starts as `init_value` everywhere, at the chosen
    position with `scatter`. The gradient of max pooling. See
    [docs/HLO.md](../HLO.md#select_and_scatter).

    ```mlir
    %dx = hlo.select_and_scatter %x, %dy, %zero, window = [1, 2, 2, 1],
        strides = [1, 2, 2, 1], padding = [0, 0, 0, 0] x [0, 0, 0, 0]
        : (tensor<8x28x28x16xf32>, tensor<8x14x14x16xf32>, tensor<f32>) -> tensor<8x28x28x16xf32>
    select {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %ge = hlo.compare GE, %a, %b : tensor<f32>
      hlo.return %ge : tensor<i1>
    } scatter {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %s = hlo.add %a, %b : tensor<f32>
      hlo.return %s : tensor<f32>
    }
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_Tensor:$source,
                       HLO_Tensor:$init_value,
                       DenseI64ArrayAttr:$window_dimensions,
                       DenseI64ArrayAttr:$window_strides,
                       DenseI64ArrayAttr:$padding_low,
                       DenseI64ArrayAttr:$padding_high);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$select, SizedRegion<1>:$scatter);
  let assemblyFormat = [{
    $operand `,` $source `,` $init_value `,`
    `window` `=` $window_dimensions `,` `strides` `=` $window_strides `,`
    `padding` `=` $padding_low `x` $padding_high attr-dict `:`
    functional-type(operands, $result) `select` $select `scatter` $scatter
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

def HLO_SortOp : HLO_Op<"sort", [RecursiveMemoryEffects,
    InferTypeOpAdaptor]> {
  let summary = "sort tensors along one dimension with a comparator";
  let description = [{
    Sorts every line of the inputs along `dimension` together: each line is
    permuted so that the comparator, which takes the elements of two
    positions (`lhs` and `rhs` of the first input, then of the second, ...)
    and returns true when `lhs` goes first, holds between no later element
    and an earlier one. The comparator must be a strict weak order. With
    `stable`, elements that neither goes before keep their order. See
    [docs/HLO.md](../HLO.md#sort).

    ```mlir
    %sorted, %order = hlo.sort(%x, %iota) dimension = 0, stable
        : tensor<8xf32>, tensor<8xi32> {
    ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
      %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
      hlo.return %lt : tensor<i1>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$inputs, I64Attr:$dimension,
                       UnitAttr:$is_stable);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$comparator);
  let assemblyFormat = [{
    `(` $inputs `)` `dimension` `=` $dimension (`,` `stable` $is_stable^)?
    attr-dict `:` type($inputs) $comparator
  }];
  let hasRegionVerifier = 1;
}

def HLO_TopKOp : HLO_Op<"topk", [Pure, InferTypeOpAdaptor]> {
  let summary = "the k largest (or smallest) elements of every last-axis line";
  let description = [{
    Along the last dimension, `values` holds the `k` largest elements of
    each line in descending order (with `largest = false`, the smallest in
    ascending order), and `indices` their positions in the line. Floats are
    ordered as by `TOTALORDER`; of equal elements the one at the lower
    position comes first. `lax.top_k`. See [docs/HLO.md](../HLO.md#topk).

    ```mlir
    %values, %indices = hlo.topk %x, k = 3 : tensor<4x8xf32>
    // -> tensor<4x3xf32>, tensor<4x3xi32>
    ```
  }];
  let arguments = (ins HLO_NumericTensor:$operand, I64Attr:$k,
                       DefaultValuedAttr<BoolAttr, "true">:$largest);
  let results = (outs HLO_NumericTensor:$values, HLO_IntTensor:$indices);
  let assemblyFormat = "$operand `,` `k` `=` $k attr-dict `:` type($operand)";
  let extraClassDeclaration = [{
    /// This op as hlo ops: a stable sort of `operand` (the operand or its
    /// converted value) with an iota along the last dimension, by
    /// `compare GT` (LT for the smallest) in `order`, then slices of the
    /// first k. Returns the values and the indices.
    ::llvm::SmallVector<::mlir::Value> buildSortedForm(
        ::mlir::OpBuilder &builder, ::mlir::Value operand,
        ComparisonType order);
  }];
}

def HLO_ReturnOp : HLO_Op<"return", [Pure, Terminator, ReturnLike,
    ParentOneOf<["ReduceOp", "ReduceWindowOp", "SelectAndScatterOp", "WhileOp",
                 "CaseOp", "ScatterOp", "SortOp", "AllReduceOp",
                 "ReduceScatterOp"]>]> {
  let summary = "terminator of a reduce, while, case, scatter or sort body";
  let description = [{
    Returns the new accumulators from the body of `hlo.reduce`,
    `hlo.reduce_window` or `hlo.scatter`, the choice and the combination of
    `hlo.select_and_scatter`, the order of two elements from the comparator
    of `hlo.sort`, the
    predicate or the next loop-carried values from the regions of
    `hlo.while`, the results from a branch of `hlo.case`, and the
    combination of two elements from `hlo.all_reduce` and
    `hlo.reduce_scatter`. See
    [docs/HLO.md](../HLO.md#reduce).
  }];
  let arguments = (ins Variadic<HLO_AnyTensor>:$results);
  let assemblyFormat = "attr-dict ($results^ `:` type($results))?";
}

def HLO_CholeskyOp : HLO_Op<"cholesky", [Pure, SameOperandsAndResultType]> {
  let summary = "Cholesky factors of symmetric positive definite matrices";
  let description = [{
    For each matrix `A` in the last two dimensions (the leading ones are
    batch dimensions), the lower triangular `L` with `A = L L^T` (with
    `lower`), else the upper triangular `U` with `A = U^T U`. Only the
    triangle of `A` on the factor's side is read, and the other triangle of
    the result is zero. Where a pivot is not positive (`A` is not positive
    definite), its column and every later one hold NaN in the factor's
    triangle. `lax.linalg.cholesky`; `jnp.linalg.cholesky` imports as it
    through LAPACK's `potrf`. See [docs/HLO.md](../HLO.md#cholesky).

    ```mlir
    %l = hlo.cholesky %a {lower} : tensor<8x64x64xf32>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand, UnitAttr:$lower);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = "$operand attr-dict `:` type($operand)";
  let hasVerifier = 1;
}

def HLO_LuOp : HLO_Op<"lu", [Pure, AllTypesMatch<["operand", "lu"]>]> {
  let summary = "LU factorizations with partial pivoting";
  let description = [{
    For each square matrix `A` in the last two dimensions (the leading ones
    are batch dimensions), Gaussian elimination with partial pivoting: at
    step j the row at or below j with the largest magnitude in column j
    (the first of equal ones) is swapped with row j, then the entries
    below the pivot are divided by it and the trailing matrix updated.
    `lu` holds `U` on and above the diagonal and the multipliers of `L`
    (whose diagonal is ones) below it; `pivots[j]` is the row swapped with
    row j at step j, counted from 0, so that applying the swaps in order
    to `A`'s rows gives `L U`. A zero pivot divides nothing and leaves its
    column as it is. `lax.linalg.lu`; `jnp.linalg.solve`, `inv` and
    `slogdet` call LAPACK's `getrf` on the CPU, which the importer turns
    into this op. See [docs/HLO.md](../HLO.md#lu).

    ```mlir
    %lu, %pivots = hlo.lu %a : (tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64xi32>)
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand);
  let results = (outs HLO_FpTensor:$lu, TensorOf<[I32]>:$pivots);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_EighOp : HLO_Op<"eigh", [Pure,
    AllTypesMatch<["operand", "vectors"]>]> {
  let summary = "eigenvalues and eigenvectors of symmetric matrices";
  let description = [{
    For each symmetric matrix `A` in the last two dimensions (the leading
    ones are batch dimensions), its eigenvalues in ascending order in
    `values`, and orthonormal eigenvectors as the columns of `vectors`, so
    that `A vectors = vectors diag(values)`. Only the lower triangle of `A`
    (with `lower`) or the upper one is read. Each eigenvector's entry of
    largest magnitude (the first of equal ones) is positive; where an
    eigenvalue repeats, which basis of its space the vectors are is
    unspecified. `info` is 0 for a matrix whose iteration converged, else
    positive, and then that matrix's values and vectors are NaN (as for
    any input holding NaN). `jnp.linalg.eigh` imports as it through
    LAPACK's `syevd`. See [docs/HLO.md](../HLO.md#eigh).

    ```mlir
    %v, %w, %info = hlo.eigh %a {lower} : (tensor<8x64x64xf32>)
        -> (tensor<8x64x64xf32>, tensor<8x64xf32>, tensor<8xi32>)
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand, UnitAttr:$lower);
  let results = (outs HLO_FpTensor:$vectors, HLO_FpTensor:$values,
                 TensorOf<[I32]>:$info);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_SvdOp : HLO_Op<"svd", [Pure,
    AllElementTypesMatch<["operand", "singular_values", "u", "vt"]>]> {
  let summary = "singular value decompositions";
  let description = [{
    For each m x n matrix `A` in the last two dimensions (the leading ones
    are batch dimensions), with k = min(m, n): `A = U diag(S) Vt`, where
    `singular_values` holds S (k values, non-negative, descending), `u`
    the orthonormal columns of U (m of them with `full_matrices`, else k)
    and `vt` the orthonormal rows of Vt (n with `full_matrices`, else k).
    For j < k, the entry of largest magnitude of U's column j (the first of
    equal ones) is positive. Where a singular value repeats (zero included),
    which basis of its space the vectors are is unspecified, as are U's
    columns and Vt's rows past the k-th, which complete orthonormal bases.
    `info` is 0 for a matrix whose iteration converged, else positive, and
    then that matrix's results are NaN (as for any input holding NaN).
    `jnp.linalg.svd` imports as it through LAPACK's `gesdd`. See
    [docs/HLO.md](../HLO.md#svd).

    ```mlir
    %s, %u, %vt, %info = hlo.svd %a : (tensor<64x32xf32>)
        -> (tensor<32xf32>, tensor<64x32xf32>, tensor<32x32xf32>, tensor<i32>)
    ```
  }];
  let arguments = (ins HLO_FpTensor:$operand, UnitAttr:$full_matrices);
  let results = (outs HLO_FpTensor:$singular_values, HLO_FpTensor:$u,
                 HLO_FpTensor:$vt, TensorOf<[I32]>:$info);
  let assemblyFormat = "$operand attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def HLO_TriangularSolveOp : HLO_Op<"triangular_solve", [Pure,
    AllTypesMatch<["b", "result"]>, AllElementTypesMatch<["a", "b"]>]> {
  let summary = "solutions of triangular systems of linear equations";
  let description = [{
    For each triangular matrix `A` in the last two dimensions of `a` and the
    matching matrix `B` of `b` (leading dimensions are batch dimensions, the
    same in both), the `X` with `op(A) X = B` (with `left_side`) or
    `X op(A) = B`, where `op(A)` is `A^T` with `transpose_a`, else `A`.
    Only the triangle of `A` that `lower` names is read (the upper without
    it); with `unit_diagonal` the diagonal is taken to be ones and not read.
    A zero on the diagonal gives infinities or NaN, as division does.
    `lax.linalg.triangular_solve`; `jax.scipy.linalg.cho_solve` and
    `solve_triangular` import as it through LAPACK's `trsm`. See
    [docs/HLO.md](../HLO.md#triangular_solve).

    ```mlir
    %x = hlo.triangular_solve %l, %b {left_side, lower}
        : (tensor<64x64xf32>, tensor<64x8xf32>) -> tensor<64x8xf32>
    ```
  }];
  let arguments = (ins HLO_FpTensor:$a, HLO_FpTensor:$b, UnitAttr:$left_side,
                       UnitAttr:$lower, UnitAttr:$unit_diagonal,
                       UnitAttr:$transpose_a);
  let results = (outs HLO_FpTensor:$result);
  let assemblyFormat = [{
    $a `,` $b attr-dict `:` `(` type($a) `,` type($b) `)` `->` type($result)
  }];
  let hasVerifier = 1;
}

def HLO_DotGeneralOp : HLO_Op<"dot_general", [Pure, InferTypeOpAdaptor]> {
  let summary = "generalized matrix product";
  let description = [{
    Sums products over the contracting dimension pairs, for every index of
    the batching dimension pairs. Result dimensions: batching dimensions,
    then lhs free dimensions, then rhs free dimensions, each in operand order.
    See [docs/HLO.md](../HLO.md#dot_general).

    ```mlir
    %r = hlo.dot_general %a, %b, batching_dims = [0] x [0],
        contracting_dims = [2] x [1]
        : (tensor<8x4x16xf32>, tensor<8x16x5xf32>) -> tensor<8x4x5xf32>
    ```
  }];
  let arguments = (ins HLO_ArithTensor:$lhs, HLO_ArithTensor:$rhs,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$lhs_batching_dimensions,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$rhs_batching_dimensions,
      DenseI64ArrayAttr:$lhs_contracting_dimensions,
      DenseI64ArrayAttr:$rhs_contracting_dimensions);
  let results = (outs HLO_ArithTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,`
    (`batching_dims` `=` $lhs_batching_dimensions^ `x`
     $rhs_batching_dimensions `,`)?
    `contracting_dims` `=` $lhs_contracting_dimensions `x`
    $rhs_contracting_dimensions attr-dict `:`
    functional-type(operands, $result)
  }];
  let hasCanonicalizer = 1;
}

def HLO_DotOp : HLO_Op<"dot", [Pure, InferTypeOpAdaptor]> {
  let summary = "matrix and vector product";
  let description = [{
    Shorthand for the common `dot_general`: contracts the last dimension of
    `lhs` with the first of `rhs`, each of rank 1 or 2 (vector dot,
    matrix-vector, vector-matrix, matrix-matrix). See
    [docs/HLO.md](../HLO.md#dot).

    ```mlir
    %r = hlo.dot %a, %v : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
    ```
  }];
  let arguments = (ins HLO_ArithTensor:$lhs, HLO_ArithTensor:$rhs);
  let results = (outs HLO_ArithTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` functional-type(operands, $result)
  }];
}

def HLO_ConvolutionOp : HLO_Op<"convolution", [Pure, InferTypeOpAdaptor]> {
  let summary = "convolution with XLA's dimension labels, groups and dilations";
  let description = [{
    XLA's convolution. `dim_labels` names the layouts as XLA writes them:
    `b01f_01io->b01f` says the input is batch, spatial 0, spatial 1,
    feature; the kernel spatial 0, spatial 1, input feature, output
    feature; the output like the input. The input is dilated by
    `lhs_dilation` (zeros between elements) and padded by `padding_low` and
    `padding_high` (negative values crop); the kernel window is dilated by
    `rhs_dilation` and moves by `window_strides`. `feature_group_count`
    splits the input features into groups convolved separately (depthwise
    convolutions), `batch_group_count` the batch (gradients of those). See
    [docs/HLO.md](../HLO.md#convolution).

    ```mlir
    %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1],
        padding = [1, 1] x [1, 1], lhs_dilation = [1, 1],
        rhs_dilation = [1, 1]
        : (tensor<8x28x28x3xf32>, tensor<3x3x3x16xf32>) -> tensor<8x28x28x16xf32>
    ```
  }];
  let arguments = (ins HLO_NumericTensor:$lhs, HLO_NumericTensor:$rhs,
      StrAttr:$dim_labels,
      DenseI64ArrayAttr:$window_strides,
      DenseI64ArrayAttr:$padding_low,
      DenseI64ArrayAttr:$padding_high,
      DenseI64ArrayAttr:$lhs_dilation,
      DenseI64ArrayAttr:$rhs_dilation,
      DefaultValuedAttr<I64Attr, "1">:$feature_group_count,
      DefaultValuedAttr<I64Attr, "1">:$batch_group_count);
  let results = (outs HLO_NumericTensor:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs `,` `dims` `=` $dim_labels `,` `strides` `=` $window_strides
    `,` `padding` `=` $padding_low `x` $padding_high `,`
    `lhs_dilation` `=` $lhs_dilation `,` `rhs_dilation` `=` $rhs_dilation
    attr-dict `:` functional-type(operands, $result)
  }];
  let extraClassDeclaration = [{
    /// Where batch, features and spatial dimensions are, from dim_labels,
    /// which the verifier has checked.
    ConvDimensions getDimensions();
    /// Whether spatial dimension `d`'s input is dilated (an input gradient
    /// of a strided convolution) with unit window stride and dilation: the
    /// lowering then splits it by output phase, skipping the zeros.
    bool splitsDilatedInput(int64_t d);
  }];
}

//===----------------------------------------------------------------------===//
// Gather and scatter
//===----------------------------------------------------------------------===//

def HLO_GatherOp : HLO_Op<"gather", [Pure, InferTypeOpAdaptor]> {
  let summary = "slices of an operand at indices read from a tensor";
  let description = [{
    XLA's gather: for every index of the batch dimensions of
    `start_indices` (all but `index_vector_dim`), reads a start vector,
    places it in the operand dimensions `start_index_map` (clamped so that
    the slice fits), and copies a slice of `slice_sizes` from there. The
    result holds the slices, with their dimensions at `offset_dims` and the
    batch dimensions elsewhere; `collapsed_slice_dims` and
    `operand_batching_dims` (size-1 slice dimensions) are dropped. See
    [docs/HLO.md](../HLO.md#gather).

    ```mlir
    // Rows of a table: table[ids].
    %rows = hlo.gather %table[%ids], offset_dims = [1],
        collapsed_slice_dims = [0], start_index_map = [0],
        index_vector_dim = 1, slice_sizes = [1, 64]
        : (tensor<1000x64xf32>, tensor<32xi32>) -> tensor<32x64xf32>
    ```
  }];
  let arguments = (ins HLO_AnyTensor:$operand, HLO_IntTensor:$start_indices,
      DenseI64ArrayAttr:$offset_dims,
      DenseI64ArrayAttr:$collapsed_slice_dims,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$operand_batching_dims,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$start_indices_batching_dims,
      DenseI64ArrayAttr:$start_index_map,
      I64Attr:$index_vector_dim,
      DenseI64ArrayAttr:$slice_sizes,
      DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted);
  let results = (outs HLO_AnyTensor:$result);
  let assemblyFormat = [{
    $operand `[` $start_indices `]` `,` `offset_dims` `=` $offset_dims `,`
    `collapsed_slice_dims` `=` $collapsed_slice_dims `,`
    (`operand_batching_dims` `=` $operand_batching_dims^ `,`
     `start_indices_batching_dims` `=` $start_indices_batching_dims `,`)?
    `start_index_map` `=` $start_index_map `,`
    `index_vector_dim` `=` $index_vector_dim `,`
    `slice_sizes` `=` $slice_sizes attr-dict `:`
    functional-type(operands, $result)
  }];
}

def HLO_ScatterOp : HLO_Op<"scatter", [RecursiveMemoryEffects,
    InferTypeOpAdaptor]> {
  let summary = "combines updates into an operand at indices read from a tensor";
  let description = [{
    XLA's scatter: the result is `operand` with every update window
    combined into it. For every index of the scatter dimensions of
    `updates` (all but `update_window_dims`), a start vector read from
    `scatter_indices` is placed in the operand dimensions
    `scatter_dims_to_operand_dims`; the update window there is combined
    element by element with the body, `new = body(current, update)`. A
    window that does not fit in the operand is skipped. Updates that land
    on one element are all combined, in an unspecified order. See
    [docs/HLO.md](../HLO.md#scatter).

    ```mlir
    // table[ids] += rows
    %r = hlo.scatter %table[%ids], %rows, update_window_dims = [1],
        inserted_window_dims = [0], scatter_dims_to_operand_dims = [0],
        index_vector_dim = 1
        : (tensor<1000x64xf32>, tensor<32xi32>, tensor<32x64xf32>) -> tensor<1000x64xf32> {
    ^bb0(%current: tensor<f32>, %update: tensor<f32>):
      %sum = hlo.add %current, %update : tensor<f32>
      hlo.return %sum : tensor<f32>
    }
    ```
  }];
  let arguments = (ins HLO_Tensor:$operand, HLO_IntTensor:$scatter_indices,
      HLO_Tensor:$updates,
      DenseI64ArrayAttr:$update_window_dims,
      DenseI64ArrayAttr:$inserted_window_dims,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$input_batching_dims,
      DefaultValuedAttr<DenseI64ArrayAttr, "{}">:$scatter_indices_batching_dims,
      DenseI64ArrayAttr:$scatter_dims_to_operand_dims,
      I64Attr:$index_vector_dim,
      DefaultValuedAttr<BoolAttr, "false">:$indices_are_sorted,
      DefaultValuedAttr<BoolAttr, "false">:$unique_indices);
  let results = (outs HLO_Tensor:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $operand `[` $scatter_indices `]` `,` $updates `,`
    `update_window_dims` `=` $update_window_dims `,`
    `inserted_window_dims` `=` $inserted_window_dims `,`
    (`input_batching_dims` `=` $input_batching_dims^ `,`
     `scatter_indices_batching_dims` `=` $scatter_indices_batching_dims `,`)?
    `scatter_dims_to_operand_dims` `=` $scatter_dims_to_operand_dims `,`
    `index_vector_dim` `=` $index_vector_dim attr-dict `:`
    functional-type(operands, $result) $body
  }];
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

def HLO_WhileOp : HLO_Op<"while", [RecursiveMemoryEffects,
    InferTypeOpAdaptor]> {
  let summary = "a loop with loop-carried values";
  let description = [{
    Starts with the loop-carried values set to the operands, then, as long as
    `cond` returns true for them, replaces them with what `body` returns for
    them. The results are their final values. Both regions take the
    loop-carried values as arguments and may also use values defined above
    the loop. XLA's tuple-shaped loop state is one operand per tuple
    element. See [docs/HLO.md](../HLO.md#while).

    ```mlir
    %r:2 = hlo.while(%i = %zero, %x = %init) : tensor<i32>, tensor<4xf32>
    cond {
      %p = hlo.compare LT, %i, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
      hlo.return %p : tensor<i1>
    } do {
      %next = hlo.add %i, %one : tensor<i32>
      %y = hlo.multiply %x, %x : tensor<4xf32>
      hlo.return %next, %y : tensor<i32>, tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins Variadic<HLO_AnyTensor>:$operands);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region SizedRegion<1>:$cond, SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasRegionVerifier = 1;
}

def HLO_CaseOp : HLO_Op<"case", [RecursiveMemoryEffects]> {
  let summary = "runs one of several branches";
  let description = [{
    Runs the branch numbered `index` and returns what it returns; an index
    below 0 or past the last branch runs the last branch, as XLA's
    `conditional` does. Branches take no arguments: they use the values
    defined above them. A `conditional` on a predicate is a case on
    `1 - pred` with the true branch first. See
    [docs/HLO.md](../HLO.md#case).

    ```mlir
    %r = hlo.case %index -> tensor<4xf32> {
      %y = hlo.add %x, %x : tensor<4xf32>
      hlo.return %y : tensor<4xf32>
    }, {
      %y = hlo.sine %x : tensor<4xf32>
      hlo.return %y : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins HLO_BranchIndex:$index);
  let results = (outs Variadic<HLO_AnyTensor>:$results);
  let regions = (region VariadicRegion<SizedRegion<1>>:$branches);
  let assemblyFormat = [{
    $index (`->` type($results)^)? $branches attr-dict
  }];
  let hasRegionVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Fusion
//===----------------------------------------------------------------------===//

def HLO_FusionOp : HLO_Op<"fusion", [IsolatedFromAbove,
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "a group of ops executed as one kernel";
  let description = [{
    Holds hlo ops that run as one kernel. The body is isolated from above:
    its block arguments stand for `inputs`, and `hlo.yield` gives the
    results. `kind` says how the group was formed (loop: elementwise;
    input: producers fused into a reduce; output: an epilogue fused into a
    dot_general). See [docs/HLO.md](../HLO.md#fusion).

    ```mlir
    %r = hlo.fusion loop(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> {
    ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
      %s = hlo.add %a, %b : tensor<4xf32>
      hlo.yield %s : tensor<4xf32>
    }
    ```
  }];
  let arguments = (ins HLO_FusionKind:$kind, Variadic<HLO_Tensor>:$inputs);
  let results = (outs Variadic<HLO_Tensor>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $kind `(` $inputs `)` attr-dict `:` functional-type($inputs, results)
    $body
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    YieldOp getYield();
    /// Replaces this fusion by the ops of its body, reading `inputs` (its
    /// inputs, or their converted values in a dialect conversion).
    void inlineBody(::mlir::RewriterBase &rewriter, ::mlir::ValueRange inputs);
    /// The kind of a fusion with this body: output with a dot_general,
    /// input with a reduce, loop otherwise.
    static FusionKind inferKind(::mlir::Block &body);
  }];
}

def HLO_YieldOp : HLO_Op<"yield", [Pure, Terminator, ReturnLike,
    HasParent<"FusionOp">]> {
  let summary = "terminator of a fusion body";
  let description = [{
    Returns the results of `hlo.fusion`. See [docs/HLO.md](../HLO.md#fusion).
  }];
  let arguments = (ins Variadic<HLO_Tensor>:$results);
  let assemblyFormat = "$results attr-dict `:` type($results)";
}

include "fuse/Dialect/HLO/IR/HLOCollectiveOps.td"
include "fuse/Dialect/HLO/IR/HLOTransferOps.td"

#endif // FUSE_DIALECT_HLO_IR_HLOOPS_TD
