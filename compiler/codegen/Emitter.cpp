// Statements, loops and parallel loops of the loop IR as LLVM IR.

#include "codegen/Emitter.h"

#include "loops/Analysis.h"
#include "loops/ExprBuilder.h"

#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/MDBuilder.h>

#include <algorithm>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace arr::codegen {

using loops::Expr;
using loops::Stmt;

// ---- ModuleContext ------------------------------------------------------------------

llvm::Type* ModuleContext::registerType(loops::Elem elem, int lanes) {
  llvm::Type* scalar = nullptr;
  switch (elem) {
  case loops::Elem::F64:
    scalar = llvm::Type::getDoubleTy(context());
    break;
  case loops::Elem::F32:
    scalar = llvm::Type::getFloatTy(context());
    break;
  case loops::Elem::I64:
    scalar = llvm::Type::getInt64Ty(context());
    break;
  case loops::Elem::Bool:
    scalar = llvm::Type::getInt1Ty(context());
    break;
  }
  return lanes > 1 ? llvm::FixedVectorType::get(scalar, unsigned(lanes)) : scalar;
}

llvm::Type* ModuleContext::memoryType(loops::Elem elem) {
  return elem == loops::Elem::Bool ? llvm::Type::getInt8Ty(context()) : registerType(elem);
}

llvm::Function* ModuleContext::runtimeFunction(const std::string& name, llvm::FunctionType* type) {
  llvm::FunctionCallee callee = module.getOrInsertFunction(name, type);
  auto* function = llvm::cast<llvm::Function>(callee.getCallee());
  function->addFnAttr(llvm::Attribute::NoUnwind);
  return function;
}

llvm::Function* ModuleContext::mathFunction(const std::string& name, llvm::Type* type, int arity) {
  std::vector<llvm::Type*> params(arity, type);
  auto* function = runtimeFunction(name, llvm::FunctionType::get(type, params, false));
  // errno is never read: the functions are pure for the optimiser.
  function->setDoesNotAccessMemory();
  function->addFnAttr(llvm::Attribute::WillReturn);
  return function;
}

llvm::Function* ModuleContext::makeFunction(const std::string& name, llvm::FunctionType* type,
                                            llvm::GlobalValue::LinkageTypes linkage) {
  auto* function = llvm::Function::Create(type, linkage, name, module);
  function->addFnAttrs(functionAttributes);
  return function;
}

// ---- Emitter ---------------------------------------------------------------------------

Emitter::Emitter(ModuleContext& module, llvm::Function* function)
    : module_(module), function_(function), builder_(module.context()) {
  entry_ = llvm::BasicBlock::Create(module.context(), "entry", function);
  builder_.SetInsertPoint(entry_);
  if (module.relaxedFp) {
    llvm::FastMathFlags flags;
    flags.setAllowContract();
    builder_.setFastMathFlags(flags);
  }
}

llvm::AllocaInst* Emitter::entryAlloca(llvm::Type* type, const std::string& name) {
  llvm::IRBuilder<> at(entry_, entry_->begin());
  return at.CreateAlloca(type, nullptr, name);
}

llvm::AllocaInst* Emitter::localSlot(const loops::Local& local) {
  auto found = locals_.find(local.id);
  if (found != locals_.end()) return found->second;
  llvm::AllocaInst* slot = entryAlloca(module_.registerType(local.type, local.lanes), local.name);
  locals_.emplace(local.id, slot);
  return slot;
}

llvm::Value* Emitter::bufferSlot(const loops::Buffer& buffer) {
  const loops::Buffer& memory = buffer.memory();
  auto found = buffers_.find(memory.id);
  if (found != buffers_.end()) return found->second;
  // Null until allocated and again once freed, so that a failure path can free every
  // buffer of the function (arrrt_free ignores null).
  auto* ptr = llvm::PointerType::getUnqual(module_.context());
  llvm::IRBuilder<> at(entry_, entry_->begin());
  llvm::AllocaInst* slot = at.CreateAlloca(ptr, nullptr, memory.name);
  at.CreateStore(llvm::ConstantPointerNull::get(ptr), slot);
  buffers_.emplace(memory.id, slot);
  return slot;
}

llvm::BasicBlock* Emitter::failureBlock() {
  if (!failure_) failure_ = llvm::BasicBlock::Create(module_.context(), "failed", function_);
  return failure_;
}

void Emitter::finishFailurePath() {
  if (!failure_) return;
  builder_.SetInsertPoint(failure_);
  auto* ptr = llvm::PointerType::getUnqual(module_.context());
  auto* release = module_.runtimeFunction(
      "arrrt_free", llvm::FunctionType::get(builder_.getVoidTy(), {ptr}, false));
  for (const loops::BufferP& buffer : allocated_)
    if (!freedByCaller_.count(buffer->memory().id))
      builder_.CreateCall(release, {builder_.CreateLoad(ptr, bufferSlot(*buffer))});
  builder_.CreateRet(builder_.getInt32(1));
}

llvm::Value* Emitter::checkedCount(const std::vector<loops::ExprP>& extents) {
  std::vector<loops::ExprP> factors;
  std::function<void(const loops::ExprP&)> collect = [&](const loops::ExprP& e) {
    if (e->kind == Expr::Kind::Binary && e->binaryOp == loops::BinaryOp::Mul) {
      collect(e->operands[0]);
      collect(e->operands[1]);
    } else {
      factors.push_back(e);
    }
  };
  for (const loops::ExprP& extent : extents)
    collect(extent);
  if (factors.empty()) return builder_.getInt64(1);
  if (factors.size() < 2) return expr(factors[0]);
  std::vector<llvm::Value*> values;
  for (const loops::ExprP& factor : factors)
    values.push_back(expr(factor));
  auto [product, overflow] = checkedProduct(builder_, builder_.getInt64(1), values);
  // arrrt_alloc takes a negative count for one that overflowed.
  return builder_.CreateSelect(overflow, builder_.getInt64(-1), product);
}

std::pair<llvm::Value*, llvm::Value*> checkedProduct(llvm::IRBuilder<>& builder, llvm::Value* first,
                                                     const std::vector<llvm::Value*>& factors) {
  llvm::Value* product = first;
  llvm::Value* overflow = builder.getFalse();
  llvm::Value* zero = builder.getFalse();
  for (llvm::Value* factor : factors) {
    zero = builder.CreateOr(zero, builder.CreateICmpEQ(factor, builder.getInt64(0)));
    llvm::Value* result = builder.CreateIntrinsic(llvm::Intrinsic::smul_with_overflow,
                                                  {builder.getInt64Ty()}, {product, factor});
    product = builder.CreateExtractValue(result, 0);
    overflow = builder.CreateOr(overflow, builder.CreateExtractValue(result, 1));
  }
  return {product, builder.CreateAnd(overflow, builder.CreateNot(zero))};
}

void Emitter::planLocals(const loops::Block& statements) {
  // A local is an SSA value when it is set from outside (a parameter, a captured value)
  // and never assigned, or declared once and assigned only in the loop body that declares
  // it and read only inside that body: no loop needs a phi for it.
  struct Use {
    const Stmt* loop = nullptr; // innermost loop around the declaration (null: none)
    bool declared = false;
    bool assigned = false;
    bool ok = true;
  };
  std::unordered_map<uint32_t, Use> uses;
  std::vector<const Stmt*> enclosing{nullptr}; // loops, innermost last
  auto inside = [&](const Stmt* loop) {
    return std::find(enclosing.begin(), enclosing.end(), loop) != enclosing.end();
  };
  std::function<void(const loops::Block&)> visit = [&](const loops::Block& block) {
    for (const loops::StmtP& s : block) {
      for (const loops::ExprP& e : loops::operandsOf(*s))
        loops::forEachExpr(e, [&](const Expr& read) {
          if (read.kind != Expr::Kind::Local) return;
          Use& use = uses[read.local->id];
          if (use.declared && !inside(use.loop)) use.ok = false;
        });
      switch (s->kind) {
      case Stmt::Kind::Declare: {
        Use& use = uses[s->local->id];
        use.ok = use.ok && !use.declared && !use.assigned;
        use.declared = true;
        use.loop = enclosing.back();
        break;
      }
      case Stmt::Kind::Assign:
      case Stmt::Kind::Accumulate: {
        Use& use = uses[s->local->id];
        use.ok = use.ok && use.declared && use.loop == enclosing.back();
        use.assigned = true;
        break;
      }
      case Stmt::Kind::For:
        uses[s->local->id].ok = false;
        // A parallel loop's reductions are combined through their slots.
        for (const loops::Reduction& reduction : s->reductions)
          uses[reduction.local->id].ok = false;
        enclosing.push_back(s.get());
        visit(s->body);
        enclosing.pop_back();
        break;
      default:
        visit(s->body);
        visit(s->orElse);
      }
    }
  };
  visit(statements);
  for (const auto& [id, use] : uses)
    if (use.ok) ssaLocals_.insert(id);
}

void Emitter::planAliasScopes(const loops::Block& statements) {
  // Past this many scopes the lists (quadratic in their number) cost more than they save.
  constexpr size_t kMaxScopes = 256;
  std::map<uint32_t, uint32_t> parent; // union-find over memory ids, for swapped buffers
  std::function<uint32_t(uint32_t)> root = [&](uint32_t id) {
    auto found = parent.find(id);
    if (found == parent.end() || found->second == id) return id;
    return found->second = root(found->second);
  };
  auto touch = [&](const loops::Buffer& buffer) {
    parent.emplace(buffer.memory().id, buffer.memory().id);
  };
  loops::forEachStmt(statements, [&](const Stmt& s) {
    for (const loops::ExprP& operand : loops::operandsOf(s))
      loops::forEachExpr(operand, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Load) touch(*e.buffer);
      });
    if (s.kind == Stmt::Kind::Store || s.kind == Stmt::Kind::Update) touch(*s.buffer);
    if (s.kind == Stmt::Kind::Swap) {
      touch(*s.buffer);
      touch(*s.other);
      parent[root(s.buffer->memory().id)] = root(s.other->memory().id);
    }
  });
  std::map<uint32_t, llvm::MDNode*> scopes; // per class
  for (const auto& [id, unused] : parent)
    scopes.emplace(root(id), nullptr);
  if (scopes.size() < 2 || scopes.size() > kMaxScopes) return;
  llvm::MDBuilder metadata(module_.context());
  llvm::MDNode* domain = metadata.createAnonymousAliasScopeDomain(function_->getName());
  for (auto& [id, scope] : scopes)
    scope = metadata.createAnonymousAliasScope(domain);
  std::map<uint32_t, std::pair<llvm::MDNode*, llvm::MDNode*>> lists; // per class
  for (const auto& [id, scope] : scopes) {
    std::vector<llvm::Metadata*> others;
    for (const auto& [other, otherScope] : scopes)
      if (other != id) others.push_back(otherScope);
    lists[id] = {llvm::MDNode::get(module_.context(), {scope}),
                 llvm::MDNode::get(module_.context(), others)};
  }
  for (const auto& [id, unused] : parent)
    aliasLists_[id] = lists.at(root(id));
}

void Emitter::annotateAccess(llvm::Instruction* access, const loops::Buffer& buffer) {
  auto found = aliasLists_.find(buffer.memory().id);
  if (found == aliasLists_.end()) return;
  access->setMetadata(llvm::LLVMContext::MD_alias_scope, found->second.first);
  access->setMetadata(llvm::LLVMContext::MD_noalias, found->second.second);
}

llvm::Value* Emitter::localValue(const loops::Local& local) {
  if (!ssaLocals_.count(local.id))
    return builder_.CreateLoad(module_.registerType(local.type, local.lanes), localSlot(local));
  auto found = ssaValues_.find(local.id);
  if (found == ssaValues_.end())
    throw std::logic_error("code generation: " + local.name + " is read before it is set");
  return found->second;
}

void Emitter::assignLocal(const loops::Local& local, llvm::Value* value) {
  if (!ssaLocals_.count(local.id)) {
    builder_.CreateStore(value, localSlot(local));
    return;
  }
  llvm::Value*& current = ssaValues_[local.id];
  if (!assignedInIf_.empty()) assignedInIf_.back().emplace_back(local.id, current);
  current = value;
}

void Emitter::setLocal(const loops::LocalP& local, llvm::Value* value) {
  assignLocal(*local, value);
}

void Emitter::setBuffer(const loops::BufferP& buffer, llvm::Value* pointer) {
  if (auto* global = llvm::dyn_cast<llvm::Constant>(pointer))
    constantBuffers_[buffer->memory().id] = global;
  builder_.CreateStore(pointer, bufferSlot(*buffer));
}

llvm::Value* Emitter::element(const loops::Buffer& buffer, const std::vector<loops::ExprP>& indices,
                              bool inBounds) {
  llvm::Value* base =
      builder_.CreateLoad(llvm::PointerType::getUnqual(module_.context()), bufferSlot(buffer));
  // Row-major: ((i0 * d1 + i1) * d2 + i2) ...; in range, so nothing wraps.
  llvm::Value* linear = builder_.getInt64(0);
  for (size_t d = 0; d < indices.size(); ++d) {
    llvm::Value* index = expr(indices[d]);
    if (d == 0) {
      linear = index;
      continue;
    }
    llvm::Value* extent = expr(buffer.shape[d]);
    linear = builder_.CreateAdd(builder_.CreateMul(linear, extent, "", false, inBounds), index, "",
                                false, inBounds);
  }
  llvm::Type* type = module_.memoryType(buffer.type);
  return inBounds ? builder_.CreateInBoundsGEP(type, base, linear)
                  : builder_.CreateGEP(type, base, linear);
}

llvm::Value* Emitter::loadElements(const loops::Buffer& buffer,
                                   const std::vector<loops::ExprP>& indices, int lanes) {
  llvm::Type* type = module_.memoryType(buffer.type);
  llvm::Align align(module_.module.getDataLayout().getTypeAllocSize(type));
  if (lanes > 1) type = llvm::FixedVectorType::get(type, unsigned(lanes));
  llvm::LoadInst* load = builder_.CreateAlignedLoad(type, element(buffer, indices), align);
  annotateAccess(load, buffer);
  llvm::Value* value = load;
  if (buffer.type == loops::Elem::Bool)
    value = builder_.CreateICmpNE(value, llvm::Constant::getNullValue(type));
  return value;
}

void Emitter::storeElements(const loops::Buffer& buffer, const std::vector<loops::ExprP>& indices,
                            llvm::Value* value) {
  llvm::Type* type = module_.memoryType(buffer.type);
  llvm::Align align(module_.module.getDataLayout().getTypeAllocSize(type));
  if (buffer.type == loops::Elem::Bool) {
    llvm::Type* bytes = type;
    if (auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(value->getType()))
      bytes = llvm::FixedVectorType::get(type, vector->getNumElements());
    value = builder_.CreateZExt(value, bytes);
  }
  annotateAccess(builder_.CreateAlignedStore(value, element(buffer, indices), align), buffer);
}

llvm::Value* Emitter::withFlags(bool reassociate, const std::function<llvm::Value*()>& build) {
  if (!reassociate || !module_.relaxedFp) return build();
  llvm::IRBuilderBase::FastMathFlagGuard guard(builder_);
  llvm::FastMathFlags flags = builder_.getFastMathFlags();
  flags.setAllowReassoc();
  builder_.setFastMathFlags(flags);
  return build();
}

void Emitter::block(const loops::Block& statements) {
  for (const loops::StmtP& s : statements) {
    values_.clear();
    statement(*s);
  }
  values_.clear();
}

void Emitter::statement(const Stmt& s) {
  llvm::LLVMContext& context = module_.context();
  switch (s.kind) {
  case Stmt::Kind::Declare:
  case Stmt::Kind::Assign:
    assignLocal(*s.local, expr(s.value));
    return;
  case Stmt::Kind::Accumulate: {
    llvm::Value* value = expr(s.value);
    llvm::Value* old = localValue(*s.local);
    assignLocal(*s.local,
                withFlags(s.reassociate, [&] { return binary(s.op, s.local->type, old, value); }));
    return;
  }
  case Stmt::Kind::Store:
    storeElements(*s.buffer, s.indices, expr(s.value));
    return;
  case Stmt::Kind::Update: {
    llvm::Value* value = expr(s.value);
    int lanes = s.value->lanes;
    llvm::Value* old = loadElements(*s.buffer, s.indices, lanes);
    storeElements(*s.buffer, s.indices, withFlags(s.reassociate, [&] {
      return binary(s.op, s.buffer->type, old, value);
    }));
    return;
  }
  case Stmt::Kind::If: {
    auto* then = llvm::BasicBlock::Create(context, "then", function_);
    auto* otherwise =
        s.orElse.empty() ? nullptr : llvm::BasicBlock::Create(context, "else", function_);
    auto* after = llvm::BasicBlock::Create(context, "endif", function_);
    llvm::Value* condition = expr(s.value);
    llvm::BasicBlock* skipped = builder_.GetInsertBlock();
    builder_.CreateCondBr(condition, then, otherwise ? otherwise : after);
    // Each branch: the SSA locals it assigns (the first entry of each holds its value
    // before the `if`, null when declared in the branch) and where it ends.
    struct Branch {
      std::vector<std::pair<uint32_t, llvm::Value*>> assigned;
      std::unordered_map<uint32_t, llvm::Value*> values;
      llvm::BasicBlock* end = nullptr;
    };
    auto branch = [&](llvm::BasicBlock* start, const loops::Block& statements) {
      Branch made;
      builder_.SetInsertPoint(start);
      assignedInIf_.emplace_back();
      block(statements);
      made.assigned = std::move(assignedInIf_.back());
      assignedInIf_.pop_back();
      made.end = builder_.GetInsertBlock();
      builder_.CreateBr(after);
      for (const auto& [id, before] : made.assigned)
        made.values[id] = ssaValues_.at(id);
      // The other branch starts from the values before this one.
      for (auto it = made.assigned.rbegin(); it != made.assigned.rend(); ++it) {
        if (it->second)
          ssaValues_[it->first] = it->second;
        else
          ssaValues_.erase(it->first);
      }
      return made;
    };
    Branch taken = branch(then, s.body);
    Branch other;
    if (otherwise) other = branch(otherwise, s.orElse);
    builder_.SetInsertPoint(after);
    std::vector<std::pair<uint32_t, llvm::Value*>> assigned = taken.assigned;
    assigned.insert(assigned.end(), other.assigned.begin(), other.assigned.end());
    std::unordered_set<uint32_t> merged;
    for (const auto& [id, before] : assigned) {
      if (!merged.insert(id).second) continue;
      llvm::Value* thenValue = taken.values.count(id) ? taken.values[id] : before;
      llvm::Value* elseValue = other.values.count(id) ? other.values[id] : before;
      llvm::Type* type = (thenValue ? thenValue : elseValue)->getType();
      auto orPoison = [&](llvm::Value* value) {
        return value ? value : llvm::PoisonValue::get(type);
      };
      llvm::PHINode* phi = builder_.CreatePHI(type, 2);
      phi->addIncoming(orPoison(thenValue), taken.end);
      phi->addIncoming(orPoison(elseValue), otherwise ? other.end : skipped);
      if (!assignedInIf_.empty()) assignedInIf_.back().emplace_back(id, before);
      ssaValues_[id] = phi;
    }
    return;
  }
  case Stmt::Kind::For: {
    // An array of shape [huge, 0] costs nothing in the interpreter: skip the whole nest
    // when a loop nested in it runs no iteration, rather than run the outer ones empty.
    llvm::BasicBlock* after = nullptr;
    if (llvm::Value* empty = innerNestEmpty(s)) {
      auto* nest = llvm::BasicBlock::Create(context, "nest", function_);
      after = llvm::BasicBlock::Create(context, "endnest", function_);
      builder_.CreateCondBr(empty, after, nest);
      builder_.SetInsertPoint(nest);
    }
    if (s.parallel)
      parallelFor(s);
    else
      forLoop(s, expr(s.lower), expr(s.value));
    if (after) {
      builder_.CreateBr(after);
      builder_.SetInsertPoint(after);
    }
    return;
  }
  case Stmt::Kind::Alloc: {
    auto* ptr = llvm::PointerType::getUnqual(context);
    llvm::Type* i64 = builder_.getInt64Ty();
    // The loop IR writes an allocation's elements before reading them (the loop
    // interpreter checks it), so its storage need not be cleared.
    auto* alloc = module_.runtimeFunction("arrrt_alloc_scratch",
                                          llvm::FunctionType::get(ptr, {i64, i64}, false));
    alloc->addRetAttr(llvm::Attribute::NoAlias);
    llvm::Value* elementSize = builder_.getInt64(
        module_.module.getDataLayout().getTypeAllocSize(module_.memoryType(s.buffer->type)));
    llvm::Value* data = builder_.CreateCall(alloc, {checkedCount(s.buffer->shape), elementSize});
    builder_.CreateStore(data, bufferSlot(*s.buffer));
    if (std::find(allocated_.begin(), allocated_.end(), s.buffer) == allocated_.end())
      allocated_.push_back(s.buffer);
    // Out of memory: arrrt_alloc_scratch has set the error; free everything and fail.
    auto* allocated = llvm::BasicBlock::Create(context, "allocated", function_);
    builder_.CreateCondBr(builder_.CreateIsNull(data), failureBlock(), allocated);
    builder_.SetInsertPoint(allocated);
    return;
  }
  case Stmt::Kind::Free: {
    auto* ptr = llvm::PointerType::getUnqual(context);
    auto* release = module_.runtimeFunction(
        "arrrt_free", llvm::FunctionType::get(builder_.getVoidTy(), {ptr}, false));
    builder_.CreateCall(release, {builder_.CreateLoad(ptr, bufferSlot(*s.buffer))});
    builder_.CreateStore(llvm::ConstantPointerNull::get(ptr), bufferSlot(*s.buffer));
    return;
  }
  case Stmt::Kind::Swap: {
    auto* ptr = llvm::PointerType::getUnqual(context);
    llvm::Value* first = bufferSlot(*s.buffer);
    llvm::Value* second = bufferSlot(*s.other);
    llvm::Value* a = builder_.CreateLoad(ptr, first);
    llvm::Value* b = builder_.CreateLoad(ptr, second);
    builder_.CreateStore(b, first);
    builder_.CreateStore(a, second);
    return;
  }
  case Stmt::Kind::Prefetch: {
    // Not inbounds: the address may be past the buffer (the row after the last one).
    llvm::Value* address = element(*s.buffer, s.indices, false);
    // read, keep in all cache levels, data cache
    builder_.CreateIntrinsic(
        llvm::Intrinsic::prefetch, {llvm::PointerType::getUnqual(context)},
        {address, builder_.getInt32(0), builder_.getInt32(3), builder_.getInt32(1)});
    return;
  }
  }
}

llvm::Value* Emitter::tripCount(const Stmt& s) {
  llvm::Value* lower = expr(s.lower);
  llvm::Value* upper = expr(s.value);
  llvm::Value* span = builder_.CreateSub(upper, lower);
  llvm::Value* positive = builder_.CreateICmpSGT(upper, lower);
  if (s.step != 1)
    span = builder_.CreateUDiv(builder_.CreateAdd(span, builder_.getInt64(s.step - 1)),
                               builder_.getInt64(s.step));
  return builder_.CreateSelect(positive, span, builder_.getInt64(0));
}

llvm::Value* Emitter::innerNestEmpty(const Stmt& loop) {
  std::vector<uint32_t> indices{loop.local->id};
  llvm::Value* empty = nullptr;
  for (const Stmt* outer = &loop;
       outer->body.size() == 1 && outer->body[0]->kind == Stmt::Kind::For;) {
    const Stmt& inner = *outer->body[0];
    // Bounds that depend on an outer index (a triangle) are not the same everywhere.
    if (std::any_of(indices.begin(), indices.end(), [&](uint32_t id) {
          return loops::mentionsLocal(inner.value, id) || loops::mentionsLocal(inner.lower, id);
        }))
      break;
    llvm::Value* none = builder_.CreateICmpSLE(expr(inner.value), expr(inner.lower));
    empty = empty ? builder_.CreateOr(empty, none) : none;
    indices.push_back(inner.local->id);
    outer = &inner;
  }
  return empty;
}

/// Loops known to run fewer iterations than this are left scalar.
constexpr int64_t kFewestVectorTrips = 8;

namespace {

/// The steps of an innermost sequential loop between two checks for an interrupt.
constexpr int64_t kInterruptBlock = 4096;

bool containsLoop(const loops::Block& statements) {
  for (const loops::StmtP& statement : statements)
    if (statement->kind == Stmt::Kind::For || containsLoop(statement->body) ||
        containsLoop(statement->orElse))
      return true;
  return false;
}

} // namespace

void Emitter::checkInterrupt() {
  // A relaxed load, per step of a loop that holds a loop and per block of steps of an
  // innermost sequential one (fold, scan): not in other innermost loops, which an early
  // exit would keep from being vectorised.
  llvm::LLVMContext& context = module_.context();
  llvm::GlobalVariable* requested = module_.module.getGlobalVariable("arrrt_interrupt_requested");
  if (!requested)
    requested = new llvm::GlobalVariable(module_.module, builder_.getInt32Ty(), false,
                                         llvm::GlobalValue::ExternalLinkage, nullptr,
                                         "arrrt_interrupt_requested");
  llvm::LoadInst* flag =
      builder_.CreateAlignedLoad(builder_.getInt32Ty(), requested, llvm::Align(4), "interrupt");
  flag->setAtomic(llvm::AtomicOrdering::Monotonic);
  auto* interrupted = llvm::BasicBlock::Create(context, "interrupted", function_);
  auto* goOn = llvm::BasicBlock::Create(context, "uninterrupted", function_);
  llvm::MDBuilder weights(context);
  builder_.CreateCondBr(builder_.CreateICmpNE(flag, builder_.getInt32(0)), interrupted, goOn,
                        weights.createUnlikelyBranchWeights());
  builder_.SetInsertPoint(interrupted);
  builder_.CreateCall(module_.runtimeFunction(
      "arrrt_set_interrupted_error", llvm::FunctionType::get(builder_.getVoidTy(), false)));
  builder_.CreateBr(failureBlock());
  builder_.SetInsertPoint(goOn);
}

void Emitter::forLoop(const Stmt& s, llvm::Value* begin, llvm::Value* end, bool chunkLoop) {
  bool holdsLoop = containsLoop(s.body);
  // A while loop's condition may end it inside a block, which the blocks would not see;
  // it is not vectorised anyway, so it checks for an interrupt at every step.
  if (s.carriesState && !holdsLoop && !s.whileCondition &&
      s.step <= std::numeric_limits<int64_t>::max() / kInterruptBlock)
    blockedLoop(s, begin, end);
  else
    plainLoop(s, begin, end, (holdsLoop && (s.carriesState || chunkLoop)) || s.whileCondition);
}

void Emitter::blockedLoop(const Stmt& s, llvm::Value* begin, llvm::Value* end) {
  // Blocks of kInterruptBlock steps, the interrupt checked between them: a check in the
  // loop itself would keep LLVM from vectorising a fold such as an integer sum.
  llvm::LLVMContext& context = module_.context();
  llvm::AllocaInst* index = localSlot(*s.local);
  builder_.CreateStore(begin, index);
  auto* header = llvm::BasicBlock::Create(context, "blocks", function_);
  auto* body = llvm::BasicBlock::Create(context, "block", function_);
  auto* exit = llvm::BasicBlock::Create(context, "endblocks", function_);
  builder_.CreateBr(header);
  builder_.SetInsertPoint(header);
  llvm::Value* current = builder_.CreateLoad(builder_.getInt64Ty(), index);
  builder_.CreateCondBr(builder_.CreateICmpSLT(current, end), body, exit);
  builder_.SetInsertPoint(body);
  checkInterrupt();
  // current < end, so end - current is exact as an unsigned number, and so is the sum
  // below it.
  llvm::Value* span = builder_.getInt64(s.step * kInterruptBlock);
  llvm::Value* room = builder_.CreateSub(end, current);
  llvm::Value* blockEnd = builder_.CreateSelect(builder_.CreateICmpUGT(room, span),
                                                builder_.CreateAdd(current, span), end);
  plainLoop(s, current, blockEnd, false);
  builder_.CreateBr(header);
  builder_.SetInsertPoint(exit);
}

void Emitter::plainLoop(const Stmt& s, llvm::Value* begin, llvm::Value* end, bool interruptible) {
  llvm::LLVMContext& context = module_.context();
  llvm::AllocaInst* index = localSlot(*s.local);
  builder_.CreateStore(begin, index);
  auto* header = llvm::BasicBlock::Create(context, "loop", function_);
  auto* body = llvm::BasicBlock::Create(context, "body", function_);
  auto* exit = llvm::BasicBlock::Create(context, "endloop", function_);
  builder_.CreateBr(header);
  builder_.SetInsertPoint(header);
  llvm::Value* current = builder_.CreateLoad(builder_.getInt64Ty(), index);
  llvm::Value* more = builder_.CreateICmpSLT(current, end);
  if (s.whileCondition) more = builder_.CreateAnd(more, expr(s.whileCondition));
  builder_.CreateCondBr(more, body, exit);
  builder_.SetInsertPoint(body);
  // The SSA locals the body assigns are its own (planLocals): no `if` around the loop
  // merges them.
  assignedInIf_.emplace_back();
  block(s.body);
  assignedInIf_.pop_back();
  if (interruptible) checkInterrupt();
  llvm::Value* next = builder_.CreateAdd(builder_.CreateLoad(builder_.getInt64Ty(), index),
                                         builder_.getInt64(s.step), "", false, true);
  builder_.CreateStore(next, index);
  llvm::BranchInst* latch = builder_.CreateBr(header);
  // A loop known to run only a few iterations (the rest of a vectorised or unrolled
  // loop) is not vectorised again: LLVM's vector loop would hardly run, and a reduction in
  // it would add up its lanes every time.
  if (s.maxTrips && *s.maxTrips < kFewestVectorTrips) {
    llvm::Metadata* disable[] = {llvm::MDString::get(context, "llvm.loop.vectorize.enable"),
                                 llvm::ConstantAsMetadata::get(builder_.getFalse())};
    llvm::Metadata* properties[] = {nullptr, llvm::MDNode::get(context, disable)};
    llvm::MDNode* loop = llvm::MDNode::getDistinct(context, properties);
    loop->replaceOperandWith(0, loop);
    latch->setMetadata(llvm::LLVMContext::MD_loop, loop);
  }
  builder_.SetInsertPoint(exit);
}

void Emitter::countedLoop(llvm::Value* count, const std::string& name,
                          const std::function<void(llvm::Value*)>& body) {
  llvm::LLVMContext& context = module_.context();
  auto* header = llvm::BasicBlock::Create(context, name, function_);
  auto* inside = llvm::BasicBlock::Create(context, name + "body", function_);
  auto* exit = llvm::BasicBlock::Create(context, "end" + name, function_);
  llvm::BasicBlock* before = builder_.GetInsertBlock();
  builder_.CreateBr(header);
  builder_.SetInsertPoint(header);
  llvm::PHINode* index = builder_.CreatePHI(builder_.getInt64Ty(), 2);
  index->addIncoming(builder_.getInt64(0), before);
  builder_.CreateCondBr(builder_.CreateICmpSLT(index, count), inside, exit);
  builder_.SetInsertPoint(inside);
  body(index);
  index->addIncoming(builder_.CreateAdd(index, builder_.getInt64(1)), builder_.GetInsertBlock());
  builder_.CreateBr(header);
  builder_.SetInsertPoint(exit);
}

// ---- Parallel loops -----------------------------------------------------------------------

void Captures::expr(const Expr& e) {
  // A local is declared before any expression reads it, so a subexpression
  // seen once needs no second visit.
  if (!seen.insert(e.id).second) return;
  if (e.kind == Expr::Kind::Local && !declared.count(e.local->id))
    locals.emplace(e.local->id, e.local);
  if (e.buffer) buffer(e.buffer);
  for (const loops::ExprP& operand : e.operands)
    expr(*operand);
}

void Captures::buffer(const loops::BufferP& used) {
  for (const loops::ExprP& extent : used->shape)
    expr(*extent);
  if (used->base) return buffer(used->base);
  if (!allocated.count(used->id)) buffers.emplace(used->id, used);
}

void Captures::block(const loops::Block& statements) {
  for (const loops::StmtP& s : statements) {
    // A nested parallel loop's work too: it is evaluated where the loop runs.
    for (const loops::ExprP& e : loops::operandsOf(*s))
      expr(*e);
    if (s->kind == Stmt::Kind::Declare || s->kind == Stmt::Kind::For) declared.insert(s->local->id);
    if ((s->kind == Stmt::Kind::Assign || s->kind == Stmt::Kind::Accumulate) &&
        !declared.count(s->local->id))
      assignedOutside.emplace(s->local->id, s->local);
    if (s->kind == Stmt::Kind::Alloc) allocated.insert(s->buffer->id);
    if (s->buffer) buffer(s->buffer);
    if (s->other) buffer(s->other);
    block(s->body);
    block(s->orElse);
  }
}

namespace {

/// The shape of a parallel loop, as text: everything code generation reads from it, with
/// locals and buffers numbered by first occurrence and expressions as a DAG (a repeated
/// one by its number), so that two loops get the same key exactly when their chunk
/// functions are the same code once the context is laid out in that order.
class LoopShape {
public:
  explicit LoopShape(const Stmt& loop) { statement(loop); }
  std::string key;
  std::vector<uint32_t> localOrder;  // local ids, by first occurrence
  std::vector<uint32_t> memoryOrder; // buffer memory ids, by first occurrence

private:
  std::unordered_map<uint32_t, size_t> locals_, memories_, buffers_, exprs_;

  static size_t number(std::unordered_map<uint32_t, size_t>& numbers, uint32_t id,
                       std::vector<uint32_t>* order = nullptr) {
    auto [at, inserted] = numbers.emplace(id, numbers.size());
    if (inserted && order) order->push_back(id);
    return at->second;
  }
  void text(const std::string& piece) {
    key += piece;
    key += ' ';
  }
  void local(const loops::LocalP& used) {
    if (!used) return text("-");
    text("L" + std::to_string(number(locals_, used->id, &localOrder)) + ":" +
         std::to_string(int(used->type)) + "x" + std::to_string(used->lanes));
  }
  void buffer(const loops::BufferP& used) {
    if (!used) return text("-");
    auto [at, inserted] = buffers_.emplace(used->id, buffers_.size());
    text("B" + std::to_string(at->second));
    if (!inserted) return;
    text("(" + std::to_string(int(used->type)));
    for (const loops::ExprP& extent : used->shape)
      expr(extent);
    if (used->base) {
      text("view");
      buffer(used->base);
    } else {
      text("M" + std::to_string(number(memories_, used->id, &memoryOrder)));
    }
    text(")");
  }
  void expr(const loops::ExprP& e) {
    if (!e) return text("-");
    auto [at, inserted] = exprs_.emplace(e->id, exprs_.size());
    text("E" + std::to_string(at->second));
    if (!inserted) return;
    text("(" + std::to_string(int(e->kind)) + ":" + std::to_string(int(e->type)) + "x" +
         std::to_string(e->lanes) + ":" + std::to_string(int(e->unaryOp)) + ":" +
         std::to_string(int(e->binaryOp)));
    if (e->kind == Expr::Kind::Const) {
      std::visit(
          [&](auto value) {
            uint64_t bits = 0;
            static_assert(sizeof(value) <= sizeof(bits));
            std::memcpy(&bits, &value, sizeof(value));
            text("#" + std::to_string(bits));
          },
          e->value);
      text(std::to_string(e->value.index()));
    }
    local(e->local);
    buffer(e->buffer);
    for (const loops::ExprP& operand : e->operands)
      expr(operand);
    text(")");
  }
  void block(const loops::Block& statements) {
    text("{");
    for (const loops::StmtP& s : statements)
      statement(*s);
    text("}");
  }
  void statement(const Stmt& s) {
    text("S" + std::to_string(int(s.kind)) + ":" + std::to_string(int(s.op)) + ":" +
         std::to_string(s.reassociate) + ":" + std::to_string(s.step) + ":" +
         std::to_string(s.parallel) + ":" + std::to_string(s.carriesState) + ":" +
         (s.maxTrips ? std::to_string(*s.maxTrips) : "-"));
    local(s.local);
    expr(s.value);
    buffer(s.buffer);
    buffer(s.other);
    for (const loops::ExprP& index : s.indices)
      expr(index);
    expr(s.lower);
    expr(s.work);
    expr(s.whileCondition);
    for (const loops::Reduction& reduction : s.reductions) {
      local(reduction.local);
      text(std::to_string(int(reduction.op)));
    }
    block(s.body);
    block(s.orElse);
  }
};

} // namespace

void Emitter::parallelFor(const Stmt& s) {
  llvm::LLVMContext& context = module_.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  llvm::Type* i64 = builder_.getInt64Ty();

  Captures captures;
  captures.expr(*s.lower);
  captures.declared.insert(s.local->id);
  captures.block(s.body);
  std::set<uint32_t> reduced;
  for (const loops::Reduction& reduction : s.reductions)
    reduced.insert(reduction.local->id);
  for (const auto& [id, local] : captures.assignedOutside)
    if (!reduced.count(id))
      throw std::logic_error("code generation: a parallel loop assigns a local of its parent");

  // The context: captured locals by value, buffer pointers, one partials array per
  // reduction; locals and buffers in the order of the loop's shape, which then says
  // everything about the chunk function.
  LoopShape shape(s);
  std::vector<llvm::Type*> fields;
  std::vector<loops::LocalP> capturedLocals;
  for (uint32_t id : shape.localOrder)
    if (captures.locals.count(id) && !reduced.count(id)) {
      const loops::LocalP& local = captures.locals.at(id);
      capturedLocals.push_back(local);
      fields.push_back(module_.registerType(local->type, local->lanes));
    }
  std::vector<loops::BufferP> capturedBuffers;
  for (uint32_t id : shape.memoryOrder)
    if (captures.buffers.count(id)) capturedBuffers.push_back(captures.buffers.at(id));
  size_t readLocals = std::count_if(captures.locals.begin(), captures.locals.end(),
                                    [&](const auto& entry) { return !reduced.count(entry.first); });
  if (capturedLocals.size() != readLocals || capturedBuffers.size() != captures.buffers.size())
    throw std::logic_error("code generation: a parallel loop's shape misses what it captures");
  for (size_t i = 0; i < capturedBuffers.size() + s.reductions.size(); ++i)
    fields.push_back(ptr);
  auto* contextType = llvm::StructType::get(context, fields);

  auto* chunkType = llvm::FunctionType::get(builder_.getInt32Ty(), {ptr, i64, i64, i64}, false);
  llvm::Function*& chunk = module_.chunks[shape.key];
  bool reused = chunk != nullptr;
  if (!reused)
    chunk = module_.makeFunction(function_->getName().str() + ".chunk" +
                                     std::to_string(module_.outlined++),
                                 chunkType, llvm::GlobalValue::InternalLinkage);

  // The parent: fill the context, run the chunks, fold the partial results.
  llvm::AllocaInst* contextSlot = entryAlloca(contextType, "context");
  size_t field = 0;
  for (const loops::LocalP& local : capturedLocals)
    builder_.CreateStore(localValue(*local),
                         builder_.CreateStructGEP(contextType, contextSlot, field++));
  for (const loops::BufferP& buffer : capturedBuffers)
    builder_.CreateStore(builder_.CreateLoad(ptr, bufferSlot(*buffer)),
                         builder_.CreateStructGEP(contextType, contextSlot, field++));
  auto* maxChunksFunction =
      module_.runtimeFunction("arrrt_parallel_max_chunks", llvm::FunctionType::get(i64, {}, false));
  std::vector<llvm::Value*> partials;
  // The partials live on the stack until folded: released then, or a parallel loop in
  // a sequential one of a million steps would overflow the stack.
  llvm::Value* stack = nullptr;
  if (!s.reductions.empty()) {
    stack = builder_.CreateStackSave();
    llvm::Value* maxChunks = builder_.CreateCall(maxChunksFunction, {});
    for (const loops::Reduction& reduction : s.reductions) {
      llvm::Type* type = module_.registerType(reduction.local->type, reduction.local->lanes);
      // Not filled: every chunk the runtime reports as used stores its partial result.
      llvm::Value* array = builder_.CreateAlloca(type, maxChunks, "partials");
      builder_.CreateStore(array, builder_.CreateStructGEP(contextType, contextSlot, field++));
      partials.push_back(array);
    }
  }
  auto* parallelForFunction = module_.runtimeFunction(
      "arrrt_parallel_for", llvm::FunctionType::get(i64, {i64, i64, ptr, ptr}, false));
  llvm::Value* extent = tripCount(s);
  llvm::Value* work = expr(s.work);
  values_.clear();
  llvm::Value* used = builder_.CreateCall(parallelForFunction, {extent, work, chunk, contextSlot});
  // A chunk failed (out of memory): its message is this thread's last error now.
  auto* ran = llvm::BasicBlock::Create(context, "ran", function_);
  builder_.CreateCondBr(builder_.CreateICmpSLT(used, builder_.getInt64(0)), failureBlock(), ran);
  builder_.SetInsertPoint(ran);
  for (size_t r = 0; r < s.reductions.size(); ++r) {
    const loops::Reduction& reduction = s.reductions[r];
    llvm::Type* type = module_.registerType(reduction.local->type, reduction.local->lanes);
    llvm::AllocaInst* accumulator = localSlot(*reduction.local);
    countedLoop(used, "fold", [&](llvm::Value* c) {
      llvm::Value* partial =
          builder_.CreateLoad(type, builder_.CreateInBoundsGEP(type, partials[r], c));
      builder_.CreateStore(combine(reduction.op, reduction.local->type,
                                   builder_.CreateLoad(type, accumulator), partial),
                           accumulator);
    });
  }
  if (stack) builder_.CreateStackRestore(stack);

  if (reused) return;
  // The chunk: unpack the context, run [begin, end), store the partial results.
  Stmt serial = s;
  serial.parallel = false;
  Emitter inner(module_, chunk);
  inner.planLocals({std::make_shared<Stmt>(serial)});
  inner.planAliasScopes({std::make_shared<Stmt>(serial)});
  llvm::IRBuilder<>& b = inner.builder();
  llvm::Value* contextArgument = chunk->getArg(0);
  field = 0;
  for (const loops::LocalP& local : capturedLocals)
    inner.setLocal(local, b.CreateLoad(module_.registerType(local->type, local->lanes),
                                       b.CreateStructGEP(contextType, contextArgument, field++)));
  for (const loops::BufferP& buffer : capturedBuffers)
    inner.setBuffer(buffer,
                    b.CreateLoad(ptr, b.CreateStructGEP(contextType, contextArgument, field++)));
  std::vector<llvm::Value*> chunkPartials;
  for (const loops::Reduction& reduction : s.reductions) {
    chunkPartials.push_back(
        b.CreateLoad(ptr, b.CreateStructGEP(contextType, contextArgument, field++)));
    inner.setLocal(reduction.local,
                   inner.identity(reduction.op, reduction.local->type, reduction.local->lanes));
  }
  // Iterations [begin, end) of the trip count are indices lower + t * step.
  llvm::Value* lower = inner.expr(s.lower);
  llvm::Value* step = b.getInt64(s.step);
  inner.forLoop(serial, b.CreateAdd(lower, b.CreateMul(chunk->getArg(1), step)),
                b.CreateAdd(lower, b.CreateMul(chunk->getArg(2), step)), true);
  for (size_t r = 0; r < s.reductions.size(); ++r) {
    const loops::Reduction& reduction = s.reductions[r];
    llvm::Type* type = module_.registerType(reduction.local->type, reduction.local->lanes);
    b.CreateStore(b.CreateLoad(type, inner.localSlot(*reduction.local)),
                  b.CreateInBoundsGEP(type, chunkPartials[r], chunk->getArg(3)));
  }
  b.CreateRet(b.getInt32(0));
  inner.finishFailurePath();
}

} // namespace arr::codegen
