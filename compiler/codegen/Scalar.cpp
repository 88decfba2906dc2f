// The scalar semantics of the core IR (LANGUAGE.md §5–§7, and the choices
// documented in ir/Interpreter.h) as LLVM IR, bit for bit what the interpreter
// computes with --strict-fp: no fast-math flags, so nothing is contracted or
// reassociated. Without it (LANGUAGE.md §9), float operations carry LLVM's
// `contract` flag (a * b + c may become an FMA) and reduction steps marked
// reassociable its `reassoc` flag (Emitter::withFlags). Float primitives lowered
// to an intrinsic, libm or the runtime follow the primitive table
// (base/Primitives.h); the rest are instructions written here. Vectors use the
// vector forms of instructions and intrinsics; what has none (libm calls,
// integer arithmetic) is applied lane by lane.

#include "codegen/Emitter.h"
#include "loops/ExprBuilder.h"

#include <llvm/IR/Intrinsics.h>

#include <limits>

namespace arr::codegen {

using loops::BinaryOp;
using loops::Elem;
using loops::Expr;
using loops::UnaryOp;

llvm::Value* Emitter::intrinsic(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value*> args) {
  return builder_.CreateIntrinsic(id, {args[0]->getType()}, args);
}

llvm::Value* Emitter::libm(const std::string& name, llvm::ArrayRef<llvm::Value*> args,
                           bool asCalled) {
  llvm::Type* type = args[0]->getType();
  if (type->isVectorTy())
    return perLane(args,
                   [&](llvm::ArrayRef<llvm::Value*> lane) { return libm(name, lane, asCalled); });
  std::string symbol = type->isFloatTy() ? name + "f" : name;
  llvm::CallInst* call =
      builder_.CreateCall(module_.mathFunction(symbol, type, int(args.size())), args);
  if (asCalled) call->addFnAttr(llvm::Attribute::NoBuiltin);
  return call;
}

llvm::Value*
Emitter::perLane(llvm::ArrayRef<llvm::Value*> args,
                 const std::function<llvm::Value*(llvm::ArrayRef<llvm::Value*>)>& scalar) {
  auto* vector = llvm::cast<llvm::FixedVectorType>(args[0]->getType());
  llvm::Value* result = nullptr;
  for (unsigned l = 0; l < vector->getNumElements(); ++l) {
    std::vector<llvm::Value*> lane;
    for (llvm::Value* arg : args)
      lane.push_back(arg->getType()->isVectorTy() ? builder_.CreateExtractElement(arg, l) : arg);
    llvm::Value* value = scalar(lane);
    if (!result)
      result = llvm::PoisonValue::get(
          llvm::FixedVectorType::get(value->getType(), vector->getNumElements()));
    result = builder_.CreateInsertElement(result, value, l);
  }
  return result;
}

llvm::Value* Emitter::expr(const loops::ExprP& e) {
  auto found = values_.find(e->id);
  if (found != values_.end()) return found->second;
  llvm::Value* value = nullptr;
  switch (e->kind) {
  case Expr::Kind::Const:
    value = constant(*e);
    break;
  case Expr::Kind::Local:
    value = localValue(*e->local);
    break;
  case Expr::Kind::Load:
    value = loadElements(*e->buffer, e->operands, e->lanes);
    break;
  case Expr::Kind::Unary: {
    Elem from = e->operands[0]->type;
    llvm::Value* x = expr(e->operands[0]);
    bool scalarOnly = !arr::isFloat(from) || e->type != from; // integers and conversions
    value = e->lanes > 1 && scalarOnly ? perLane({x},
                                                 [&](llvm::ArrayRef<llvm::Value*> lane) {
                                                   return unary(e->unaryOp, from, lane[0]);
                                                 })
                                       : unary(e->unaryOp, from, x);
    break;
  }
  case Expr::Kind::Binary: {
    Elem type = e->operands[0]->type;
    llvm::Value* a = expr(e->operands[0]);
    llvm::Value* b = expr(e->operands[1]);
    value = e->lanes > 1 && !arr::isFloat(type)
                ? perLane({a, b},
                          [&](llvm::ArrayRef<llvm::Value*> lane) {
                            return binary(e->binaryOp, type, lane[0], lane[1]);
                          })
                : binary(e->binaryOp, type, a, b);
    break;
  }
  case Expr::Kind::Broadcast:
    value = builder_.CreateVectorSplat(unsigned(e->lanes), expr(e->operands[0]));
    break;
  case Expr::Kind::ReduceLanes: {
    // In lane order, as the loop IR says: lane 0 op lane 1 op ...
    llvm::Value* vector = expr(e->operands[0]);
    value = builder_.CreateExtractElement(vector, uint64_t(0));
    for (int l = 1; l < e->operands[0]->lanes; ++l)
      value = binary(e->binaryOp, e->type, value, builder_.CreateExtractElement(vector, l));
    break;
  }
  case Expr::Kind::Select:
    value = builder_.CreateSelect(expr(e->operands[0]), expr(e->operands[1]), expr(e->operands[2]));
    break;
  case Expr::Kind::IndexDiv:
  case Expr::Kind::IndexMod: {
    // A zero divisor only occurs in code whose result is never used (an empty
    // array's index arithmetic); dividing by 1 instead keeps it defined.
    llvm::Value* divisor = expr(e->operands[1]);
    if (!llvm::isa<llvm::ConstantInt>(divisor))
      divisor = builder_.CreateIntrinsic(llvm::Intrinsic::umax, {divisor->getType()},
                                         {divisor, builder_.getInt64(1)});
    llvm::Value* dividend = expr(e->operands[0]);
    value = e->kind == Expr::Kind::IndexDiv ? builder_.CreateUDiv(dividend, divisor)
                                            : builder_.CreateURem(dividend, divisor);
    break;
  }
  }
  values_.emplace(e->id, value);
  return value;
}

llvm::Value* Emitter::unary(UnaryOp op, Elem from, llvm::Value* x) {
  switch (op) {
  case UnaryOp::ToF64:
  case UnaryOp::ToF32:
  case UnaryOp::ToI64:
  case UnaryOp::ToBool:
    return convert(op, from, x);
  case UnaryOp::Not:
    return builder_.CreateNot(x);
  default:
    break;
  }
  if (arr::isFloat(from)) return floatUnary(op, x);
  // i64: wrapping negation; abs(INT64_MIN) is INT64_MIN.
  llvm::Value* zero = builder_.getInt64(0);
  switch (op) {
  case UnaryOp::Neg:
    return builder_.CreateSub(zero, x);
  case UnaryOp::Abs:
    return builder_.CreateSelect(builder_.CreateICmpSLT(x, zero), builder_.CreateSub(zero, x), x);
  case UnaryOp::Sign:
    return builder_.CreateSub(builder_.CreateZExt(builder_.CreateICmpSGT(x, zero), x->getType()),
                              builder_.CreateZExt(builder_.CreateICmpSLT(x, zero), x->getType()));
  default:
    throw std::logic_error(std::string("code generation: ") + prim::toString(op) + " on i64");
  }
}

llvm::Value* Emitter::tableLowering(prim::Lowering lowering, const char* symbol,
                                    llvm::ArrayRef<llvm::Value*> args) {
  switch (lowering) {
  case prim::Lowering::Intrinsic: {
    llvm::Intrinsic::ID id = llvm::Function::lookupIntrinsicID(std::string("llvm.") + symbol);
    if (id == llvm::Intrinsic::not_intrinsic)
      throw std::logic_error(std::string("code generation: no intrinsic llvm.") + symbol);
    return intrinsic(id, args);
  }
  case prim::Lowering::Libm:
  case prim::Lowering::Runtime:
    // The same naming for both: SYMBOL for f64, SYMBOLf for f32.
    return libm(symbol, args);
  case prim::Lowering::Instruction:
  case prim::Lowering::Unset:
    break;
  }
  return nullptr;
}

llvm::Value* Emitter::floatUnary(UnaryOp op, llvm::Value* x) {
  const prim::UnaryInfo& entry = prim::info(op);
  if (llvm::Value* value = tableLowering(entry.lowering, entry.symbolName, {x})) return value;
  llvm::Type* type = x->getType();
  switch (op) {
  case UnaryOp::Neg:
    return builder_.CreateFNeg(x);
  case UnaryOp::Sign: {
    // -1, 0 or 1 (+0.0 for both zeros); NaN stays NaN.
    llvm::Value* zero = llvm::ConstantFP::get(type, 0.0);
    llvm::Value* sign =
        builder_.CreateSelect(builder_.CreateFCmpOGT(x, zero), llvm::ConstantFP::get(type, 1.0),
                              builder_.CreateSelect(builder_.CreateFCmpOLT(x, zero),
                                                    llvm::ConstantFP::get(type, -1.0), zero));
    return builder_.CreateSelect(builder_.CreateFCmpUNO(x, x), x, sign);
  }
  default:
    throw std::logic_error(std::string("code generation: no instructions for ") + entry.name +
                           " on floats");
  }
}

llvm::Value* Emitter::convert(UnaryOp op, Elem from, llvm::Value* x) {
  llvm::Type* f64 = builder_.getDoubleTy();
  llvm::Type* f32 = builder_.getFloatTy();
  llvm::Type* i64 = builder_.getInt64Ty();
  switch (op) {
  case UnaryOp::ToF64:
  case UnaryOp::ToF32: {
    llvm::Type* to = op == UnaryOp::ToF64 ? f64 : f32;
    if (from == Elem::I64) return builder_.CreateSIToFP(x, to); // rounds once, directly
    if (from == Elem::Bool) return builder_.CreateUIToFP(x, to);
    return builder_.CreateFPCast(x, to);
  }
  case UnaryOp::ToI64:
    if (from == Elem::Bool) return builder_.CreateZExt(x, i64);
    if (from == Elem::I64) return x;
    // Truncation toward zero, saturating, NaN to 0: exactly fptosi.sat.
    return builder_.CreateIntrinsic(llvm::Intrinsic::fptosi_sat, {i64, x->getType()}, {x});
  case UnaryOp::ToBool:
    if (from == Elem::Bool) return x;
    if (from == Elem::I64) return builder_.CreateICmpNE(x, builder_.getInt64(0));
    return builder_.CreateFCmpUNE(x, llvm::ConstantFP::get(x->getType(), 0.0)); // NaN is true
  default:
    return x;
  }
}

llvm::Value* Emitter::binary(BinaryOp op, Elem type, llvm::Value* a, llvm::Value* b) {
  if (type == Elem::Bool) {
    switch (op) {
    case BinaryOp::And:
      return builder_.CreateAnd(a, b);
    case BinaryOp::Or:
    case BinaryOp::Add:
      return builder_.CreateOr(a, b);
    case BinaryOp::Eq:
      return builder_.CreateICmpEQ(a, b);
    case BinaryOp::Ne:
      return builder_.CreateICmpNE(a, b);
    case BinaryOp::Lt:
      return builder_.CreateICmpULT(a, b);
    case BinaryOp::Le:
      return builder_.CreateICmpULE(a, b);
    case BinaryOp::Gt:
      return builder_.CreateICmpUGT(a, b);
    case BinaryOp::Ge:
      return builder_.CreateICmpUGE(a, b);
    case BinaryOp::Max:
      return builder_.CreateOr(a, b);
    case BinaryOp::Min:
      return builder_.CreateAnd(a, b);
    default:
      throw std::logic_error(std::string("code generation: ") + prim::toString(op) + " on bool");
    }
  }
  if (type == Elem::I64) return integerBinary(op, a, b);
  return floatBinary(op, a, b);
}

llvm::Value* Emitter::integerBinary(BinaryOp op, llvm::Value* a, llvm::Value* b) {
  llvm::Value* zero = builder_.getInt64(0);
  llvm::Value* minusOne = builder_.getInt64(-1);
  switch (op) {
  case BinaryOp::Add:
    return builder_.CreateAdd(a, b);
  case BinaryOp::Sub:
    return builder_.CreateSub(a, b);
  case BinaryOp::Mul:
    return builder_.CreateMul(a, b);
  case BinaryOp::Div:
  case BinaryOp::Mod: {
    // By a positive power of two, floor division is an arithmetic shift and
    // its remainder a mask (two's complement), the common case of index math.
    if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(b)) {
      const llvm::APInt& divisor = constant->getValue();
      if (divisor.isStrictlyPositive() && divisor.isPowerOf2())
        return op == BinaryOp::Div
                   ? builder_.CreateAShr(a, divisor.logBase2())
                   : builder_.CreateAnd(a, builder_.getInt64(divisor.getSExtValue() - 1));
    }
    // Floor semantics; x / 0 == 0, x % 0 == 0, x / -1 wraps, x % -1 == 0.
    llvm::Value* special =
        builder_.CreateOr(builder_.CreateICmpEQ(b, zero), builder_.CreateICmpEQ(b, minusOne));
    llvm::Value* divisor = builder_.CreateSelect(special, builder_.getInt64(1), b);
    llvm::Value* quotient = builder_.CreateSDiv(a, divisor);
    llvm::Value* remainder = builder_.CreateSRem(a, divisor);
    // Truncation rounds toward zero; when the remainder's sign differs from the divisor's, floor.
    llvm::Value* adjust =
        builder_.CreateAnd(builder_.CreateICmpNE(remainder, zero),
                           builder_.CreateICmpSLT(builder_.CreateXor(remainder, b), zero));
    if (op == BinaryOp::Div) {
      llvm::Value* floored =
          builder_.CreateSub(quotient, builder_.CreateZExt(adjust, a->getType()));
      llvm::Value* byMinusOne = builder_.CreateSub(zero, a);
      return builder_.CreateSelect(
          builder_.CreateICmpEQ(b, zero), zero,
          builder_.CreateSelect(builder_.CreateICmpEQ(b, minusOne), byMinusOne, floored));
    }
    llvm::Value* floored =
        builder_.CreateSelect(adjust, builder_.CreateAdd(remainder, b), remainder);
    return builder_.CreateSelect(special, zero, floored);
  }
  case BinaryOp::Pow: {
    llvm::Type* i64 = builder_.getInt64Ty();
    auto* power =
        module_.runtimeFunction("arrrt_pow_i64", llvm::FunctionType::get(i64, {i64, i64}, false));
    power->setDoesNotAccessMemory();
    power->addFnAttr(llvm::Attribute::WillReturn);
    return builder_.CreateCall(power, {a, b});
  }
  case BinaryOp::Max:
    return builder_.CreateSelect(builder_.CreateICmpSGT(a, b), a, b);
  case BinaryOp::Min:
    return builder_.CreateSelect(builder_.CreateICmpSLT(a, b), a, b);
  case BinaryOp::Eq:
    return builder_.CreateICmpEQ(a, b);
  case BinaryOp::Ne:
    return builder_.CreateICmpNE(a, b);
  case BinaryOp::Lt:
    return builder_.CreateICmpSLT(a, b);
  case BinaryOp::Le:
    return builder_.CreateICmpSLE(a, b);
  case BinaryOp::Gt:
    return builder_.CreateICmpSGT(a, b);
  case BinaryOp::Ge:
    return builder_.CreateICmpSGE(a, b);
  default:
    throw std::logic_error(std::string("code generation: ") + prim::toString(op) + " on i64");
  }
}

llvm::Value* Emitter::floatBinary(BinaryOp op, llvm::Value* a, llvm::Value* b) {
  // LLVM computes pow(x, 2.0) as x * x (and pow(2.0, x) as exp2(x)), which libm's pow,
  // the interpreter's, need not match to the last bit: --strict-fp calls libm's.
  if (op == BinaryOp::Pow && !module_.relaxedFp) return libm("pow", {a, b}, true);
  const prim::BinaryInfo& entry = prim::info(op);
  if (llvm::Value* value = tableLowering(entry.lowering, entry.symbolName, {a, b})) return value;
  switch (op) {
  case BinaryOp::Add:
    return builder_.CreateFAdd(a, b);
  case BinaryOp::Sub:
    return builder_.CreateFSub(a, b);
  case BinaryOp::Mul:
    return builder_.CreateFMul(a, b);
  case BinaryOp::Div:
    return builder_.CreateFDiv(a, b);
  case BinaryOp::Mod: {
    // x - y*floor(x/y), each step rounded: no fused multiply-add, even where the builder
    // allows contraction: where y * floor(x / y) rounds to x (a tiny y), the definition
    // gives 0, and a fused multiply-add the rounding error of the product, of either sign.
    llvm::Value* quotient = intrinsic(llvm::Intrinsic::floor, {builder_.CreateFDiv(a, b)});
    auto rounded = [](llvm::Value* value) {
      if (auto* instruction = llvm::dyn_cast<llvm::Instruction>(value))
        instruction->setHasAllowContract(false);
      return value;
    };
    return rounded(builder_.CreateFSub(a, rounded(builder_.CreateFMul(b, quotient))));
  }
  case BinaryOp::Eq:
    return builder_.CreateFCmpOEQ(a, b);
  case BinaryOp::Ne:
    return builder_.CreateFCmpUNE(a, b);
  case BinaryOp::Lt:
    return builder_.CreateFCmpOLT(a, b);
  case BinaryOp::Le:
    return builder_.CreateFCmpOLE(a, b);
  case BinaryOp::Gt:
    return builder_.CreateFCmpOGT(a, b);
  case BinaryOp::Ge:
    return builder_.CreateFCmpOGE(a, b);
  default:
    throw std::logic_error(std::string("code generation: no instructions for ") + entry.name +
                           " on floats");
  }
}

llvm::Constant* Emitter::constant(const Expr& e) {
  llvm::Constant* scalar = nullptr;
  if (const auto* d = std::get_if<double>(&e.value))
    scalar = llvm::ConstantFP::get(module_.registerType(e.type), *d);
  else if (const auto* i = std::get_if<int64_t>(&e.value))
    scalar = builder_.getInt64(*i);
  else
    scalar = builder_.getInt1(std::get<bool>(e.value));
  return e.lanes > 1 ? llvm::ConstantVector::getSplat(
                           llvm::ElementCount::getFixed(unsigned(e.lanes)), scalar)
                     : scalar;
}

llvm::Value* Emitter::identity(BinaryOp op, Elem type, int lanes) {
  loops::ExprBuilder constants;
  return constant(*constants.identity(op, type, lanes));
}

} // namespace arr::codegen
