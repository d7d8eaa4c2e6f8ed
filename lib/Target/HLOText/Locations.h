//===- Locations.h - locations of imported ops ------------------*- C++ -*-===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_LOCATIONS_H
#define FUSE_LIB_TARGET_HLOTEXT_LOCATIONS_H

#include "ParsedModule.h"

namespace fuse::hlo_text {

/// The location of the op made from `instruction`:
/// - its opcode's place in the HLO text, `file.hlo:L:C`;
/// - fused with the source position that its metadata gives
///   (`source_file`/`source_line` or a `stack_frame_id`):
///   `fused["file.hlo":L:C, "prog.py":L2:C2]`, the HLO text first so that
///   diagnostics point there;
/// - under the metadata's `op_name`: `"jit(f)/mul"(...)`.
mlir::Location instructionLocation(const ParsedInstruction &instruction);

/// Reports that fuse cannot import `opcode` (with its `custom_call_target`
/// when not empty): at the user's line when the metadata gives one, with a
/// note at the instruction in the HLO text, else at the HLO text.
mlir::LogicalResult
emitUnsupportedOp(mlir::Location opcodeLoc,
                  const std::optional<SourcePosition> &source,
                  llvm::StringRef opcode, llvm::StringRef customCallTarget);

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_LOCATIONS_H
