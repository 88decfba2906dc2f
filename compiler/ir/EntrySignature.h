#pragma once
// An entry point's interface as the runtime sees it (runtime/Signature.h):
// what arrc writes into the entry table of an executable, and what the
// reference interpreter binds sizes with, so both check inputs identically.

#include "ir/Core.h"
#include "runtime/Signature.h"

#include <cstdint>
#include <string>
#include <vector>

namespace arr::core {

struct EntrySignature {
  runtime::Signature signature;
  /// The SizeVar id of each of signature.sizes.
  std::vector<uint32_t> sizeIds;
};

/// The entry's size variables (entry.sizeVars in order, then any other
/// variable its types mention), its flattened parameters named as in messages
/// (component c of a tuple parameter p is "p.c") and its result types.
EntrySignature describeEntry(const Entry& entry);

/// The signature string of Abi.h's entry table for this entry point.
std::string encodeSignature(const Entry& entry);

} // namespace arr::core
