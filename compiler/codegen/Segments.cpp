// A long entry body as segment functions (Emitter::segmentedBlock).
//
// LLVM's code generator takes time superlinear in the size of a function (register
// allocation and instruction scheduling over one huge control-flow graph), and a
// program differentiated through N unrolled steps is one entry body N times as long.
// Its top-level statements are therefore cut into segments of bounded size, each an
// internal function `NAME.partK(frame)` that the entry calls in turn, so that the time
// per function stays bounded and the total grows with the number of segments.
//
// The frame, on the entry's stack, holds what crosses segments: the locals one segment
// sets and a later one reads, and the pointers of the buffers more than one segment
// uses. A buffer that a segment allocates, frees or swaps keeps its pointer in the
// frame itself (its slot is the field), so that the frame always says which buffers
// are live: a failing segment frees only the buffers no other segment sees, and the
// entry's failure path frees those of the frame. Other shared pointers are copied in
// when a segment starts.

#include "codegen/Emitter.h"

#include "loops/Analysis.h"

#include <algorithm>
#include <functional>
#include <unordered_set>

namespace arr::codegen {

using loops::Stmt;

namespace {

/// A measure of the code a block becomes: statements, plus the expression nodes each
/// reads (shared subexpressions once per statement, as the emitter re-emits them per
/// statement). A parallel loop's body counts too although it becomes a chunk function:
/// a segment is then cut before a run of heavy parallel loops as before serial ones.
size_t weight(const loops::Block& statements) {
  size_t total = 0;
  loops::forEachStmt(statements, [&](const Stmt& s) {
    std::unordered_set<uint32_t> seen;
    std::function<void(const loops::Expr&)> visit = [&](const loops::Expr& e) {
      if (!seen.insert(e.id).second) return;
      ++total;
      for (const loops::ExprP& operand : e.operands)
        visit(*operand);
    };
    for (const loops::ExprP& operand : loops::operandsOf(s))
      visit(*operand);
    ++total;
  });
  return total;
}

/// Consecutive runs of `statements`, each about `size` heavy (a heavier statement is a run
/// of its own); none when the whole is lighter than twice the size, where a function
/// compiles in well under a second and cutting it would only add calls.
std::vector<loops::Block> cut(const loops::Block& statements, size_t size) {
  std::vector<size_t> weights;
  size_t total = 0;
  for (const loops::StmtP& s : statements)
    total += weights.emplace_back(weight({s}));
  if (total < 2 * size) return {};
  std::vector<loops::Block> segments(1);
  size_t current = 0;
  for (size_t i = 0; i < statements.size(); ++i) {
    if (current > 0 && current + weights[i] > size) {
      segments.emplace_back();
      current = 0;
    }
    segments.back().push_back(statements[i]);
    current += weights[i];
  }
  return segments;
}

/// The locals a block declares outside any loop: those still visible after it.
void declaredAtTop(const loops::Block& statements, std::set<uint32_t>& declared) {
  for (const loops::StmtP& s : statements) {
    if (s->kind == Stmt::Kind::Declare) declared.insert(s->local->id);
    if (s->kind == Stmt::Kind::If) {
      declaredAtTop(s->body, declared);
      declaredAtTop(s->orElse, declared);
    }
  }
}

struct Segment {
  loops::Block statements;
  Captures captures;
  std::map<uint32_t, loops::BufferP> buffers; // every memory it uses, by id
  std::set<uint32_t> moved;                   // those it allocates, frees or swaps
  std::set<uint32_t> exported;                // locals set here that it passes on through the frame
};

Segment analyse(loops::Block statements) {
  Segment segment;
  segment.statements = std::move(statements);
  segment.captures.block(segment.statements);
  segment.buffers = segment.captures.buffers;
  auto move = [&](const loops::BufferP& buffer) {
    segment.buffers.emplace(buffer->memory().id, buffer);
    segment.moved.insert(buffer->memory().id);
  };
  loops::forEachStmt(segment.statements, [&](const Stmt& s) {
    if (s.kind == Stmt::Kind::Alloc || s.kind == Stmt::Kind::Free) move(s.buffer);
    if (s.kind == Stmt::Kind::Swap) {
      move(s.buffer);
      move(s.other);
    }
  });
  return segment;
}

} // namespace

void Emitter::segmentedBlock(const loops::Block& statements) {
  std::vector<Segment> segments;
  for (loops::Block& part : cut(statements, size_t(module_.segmentSize)))
    segments.push_back(analyse(std::move(part)));
  if (segments.size() < 2) return block(statements);

  // The frame: a field per local some segment takes from outside itself, and per buffer
  // used by more than one segment or set by the entry (parameters, results).
  std::map<uint32_t, loops::LocalP> sharedLocals;
  std::map<uint32_t, loops::BufferP> sharedBuffers;
  std::map<uint32_t, int> segmentsUsing;
  std::map<uint32_t, loops::BufferP> anyBuffer;
  std::set<uint32_t> movedAnywhere;
  for (const Segment& segment : segments) {
    // Also a local assigned here but declared before: its value comes in and goes out.
    sharedLocals.insert(segment.captures.locals.begin(), segment.captures.locals.end());
    sharedLocals.insert(segment.captures.assignedOutside.begin(),
                        segment.captures.assignedOutside.end());
    for (const auto& [id, buffer] : segment.buffers) {
      ++segmentsUsing[id];
      anyBuffer.emplace(id, buffer);
    }
    movedAnywhere.insert(segment.moved.begin(), segment.moved.end());
  }
  for (const auto& [id, count] : segmentsUsing) {
    if (constantBuffers_.count(id)) continue; // each segment refers to the global itself
    if (count > 1 || buffers_.count(id)) sharedBuffers.emplace(id, anyBuffer.at(id));
  }
  for (Segment& segment : segments) {
    std::set<uint32_t> set;
    for (const auto& [id, local] : segment.captures.assignedOutside)
      set.insert(id);
    declaredAtTop(segment.statements, set);
    for (uint32_t id : set)
      if (sharedLocals.count(id)) segment.exported.insert(id);
  }

  llvm::LLVMContext& context = module_.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  std::vector<llvm::Type*> fields;
  std::map<uint32_t, unsigned> localField, bufferField;
  for (const auto& [id, local] : sharedLocals) {
    localField[id] = unsigned(fields.size());
    fields.push_back(module_.registerType(local->type, local->lanes));
  }
  for (const auto& [id, buffer] : sharedBuffers) {
    bufferField[id] = unsigned(fields.size());
    fields.push_back(ptr);
  }
  auto* frameType = llvm::StructType::get(context, fields);

  // The entry: fill the frame with what it knows, then call the segments in turn.
  llvm::AllocaInst* frame = entryAlloca(frameType, "frame");
  for (const auto& [id, local] : sharedLocals)
    if (ssaValues_.count(id) || locals_.count(id))
      builder_.CreateStore(localValue(*local),
                           builder_.CreateStructGEP(frameType, frame, localField[id]));
  for (const auto& [id, buffer] : sharedBuffers) {
    llvm::Value* field = builder_.CreateStructGEP(frameType, frame, bufferField[id]);
    bool callers = buffers_.count(id) > 0; // a parameter or result
    builder_.CreateStore(callers
                             ? static_cast<llvm::Value*>(builder_.CreateLoad(ptr, buffers_.at(id)))
                             : llvm::ConstantPointerNull::get(ptr),
                         field);
    if (!movedAnywhere.count(id)) continue;
    // Its slot is the field from now on: the entry's failure path frees what it holds
    // (unless the caller owns it).
    buffers_[id] = field;
    if (!callers) allocated_.push_back(buffer);
  }

  auto* partType = llvm::FunctionType::get(builder_.getInt32Ty(), {ptr}, false);
  for (size_t k = 0; k < segments.size(); ++k) {
    const Segment& segment = segments[k];
    llvm::Function* part =
        module_.makeFunction(function_->getName().str() + ".part" + std::to_string(k), partType,
                             llvm::GlobalValue::InternalLinkage);
    // Inlined back, the segments would make the one long function this avoids.
    part->addFnAttr(llvm::Attribute::NoInline);
    part->addParamAttr(0, llvm::Attribute::NoAlias);
    part->addParamAttr(0, llvm::Attribute::NoCapture);

    Emitter inner(module_, part);
    inner.planLocals(segment.statements);
    inner.planAliasScopes(segment.statements);
    llvm::IRBuilder<>& b = inner.builder();
    llvm::Value* frameArgument = part->getArg(0);
    // A shared buffer this segment allocates, frees or swaps has the frame's field as its
    // slot; any other is read once, as its pointer does not change here.
    for (const auto& [id, buffer] : segment.buffers) {
      if (auto global = constantBuffers_.find(id); global != constantBuffers_.end()) {
        inner.setBuffer(buffer, global->second);
        continue;
      }
      if (!sharedBuffers.count(id)) continue;
      llvm::Value* field = b.CreateStructGEP(frameType, frameArgument, bufferField.at(id));
      if (segment.moved.count(id)) {
        inner.buffers_[id] = field;
        inner.freedByCaller_.insert(id);
      } else {
        inner.setBuffer(buffer, b.CreateLoad(ptr, field));
      }
    }
    std::map<uint32_t, loops::LocalP> imported = segment.captures.assignedOutside;
    imported.insert(segment.captures.locals.begin(), segment.captures.locals.end());
    for (const auto& [id, local] : imported) {
      inner.setLocal(local,
                     b.CreateLoad(module_.registerType(local->type, local->lanes),
                                  b.CreateStructGEP(frameType, frameArgument, localField.at(id))));
    }
    inner.block(segment.statements);
    for (uint32_t id : segment.exported)
      b.CreateStore(inner.localValue(*sharedLocals.at(id)),
                    b.CreateStructGEP(frameType, frameArgument, localField.at(id)));
    b.CreateRet(b.getInt32(0));
    inner.finishFailurePath();

    llvm::Value* code = builder_.CreateCall(part, {frame});
    auto* next = llvm::BasicBlock::Create(context, "segment", function_);
    builder_.CreateCondBr(builder_.CreateICmpNE(code, builder_.getInt32(0)), failureBlock(), next);
    builder_.SetInsertPoint(next);
  }
}

} // namespace arr::codegen
