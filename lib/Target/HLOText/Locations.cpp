//===- Locations.cpp - locations of imported ops --------------------------===//

#include "Locations.h"

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

} // namespace fuse::hlo_text
