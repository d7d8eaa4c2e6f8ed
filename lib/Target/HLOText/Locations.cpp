//===- Locations.cpp - locations of imported ops --------------------------===//

#include "Locations.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace fuse::hlo_text {

Location instructionLocation(const ParsedInstruction &instruction) {
  Location loc = instruction.opcodeLoc;
  MLIRContext *context = loc.getContext();
  const InstructionMetadata &metadata = instruction.metadata;
  if (metadata.source) {
    Location source =
        FileLineColLoc::get(context, metadata.source->file,
                            metadata.source->line, metadata.source->column);
    loc = FusedLoc::get(context, {loc, source});
  }
  if (!metadata.opName.empty())
    loc = NameLoc::get(StringAttr::get(context, metadata.opName), loc);
  return loc;
}

LogicalResult emitUnsupportedOp(Location opcodeLoc,
                                const std::optional<SourcePosition> &source,
                                StringRef opcode, StringRef customCallTarget) {
  Location loc = opcodeLoc;
  if (source)
    loc = FileLineColLoc::get(opcodeLoc.getContext(), source->file,
                              source->line, source->column);
  InFlightDiagnostic diagnostic = emitError(loc)
                                  << "unsupported HLO op '" << opcode << "'";
  if (!customCallTarget.empty())
    diagnostic << " (custom_call_target=\"" << customCallTarget << "\")";
  if (source)
    diagnostic.attachNote(opcodeLoc) << "the instruction in the HLO text";
  return diagnostic;
}

} // namespace fuse::hlo_text
