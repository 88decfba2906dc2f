#include "loops/Interpreter.h"

#include "loops/ExprBuilder.h"
#include "runtime/ArrayValue.h"
#include "runtime/SizeBinding.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <unordered_map>

namespace arr::loops {

namespace {

constexpr int kMaxLanes = 16; // the verifier rejects wider vectors

struct Value {
  int lanes = 1;
  std::array<Scalar, kMaxLanes> lane{};
  std::array<double, kMaxLanes> scale{}; // the magnitude of each lane (Interpreter.h)
};

double absolute(const Scalar& x) {
  if (const auto* d = std::get_if<double>(&x)) return std::fabs(*d);
  return 0;
}

/// The derivative of a float function of one variable at x, numerically.
double slope(const std::function<double(double)>& f, double x) {
  double h = std::max(std::fabs(x) * 1e-6, 1e-12);
  double d = (f(x + h) - f(x - h)) / (2 * h);
  return std::isfinite(d) ? std::fabs(d) : 0;
}

double asDouble(const Scalar& x) {
  if (const auto* d = std::get_if<double>(&x)) return *d;
  if (const auto* i = std::get_if<int64_t>(&x)) return double(*i);
  return std::get<bool>(x);
}

/// The magnitude of `result = a op b` from those of its operands (Interpreter.h).
double binaryScale(BinaryOp op, Elem type, const Scalar& a, const Scalar& b, double ma, double mb,
                   const Scalar& result) {
  if (!arr::isFloat(type) || prim::isComparison(op)) return 0;
  double x = asDouble(a), y = asDouble(b), r = std::fabs(asDouble(result));
  switch (op) {
  // The operation's own rounding is within these (|a| <= m_a).
  case BinaryOp::Add:
  case BinaryOp::Sub:
    return ma + mb;
  case BinaryOp::Mul:
    return std::fabs(y) * ma + std::fabs(x) * mb;
  case BinaryOp::Div:
    return ma / std::fabs(y) + std::fabs(x) / (y * y) * mb;
  case BinaryOp::Max:
  case BinaryOp::Min:
    return std::max(ma, mb);
  default: {
    auto at = [&](double u, double v) {
      return asDouble(prim::evaluate(op, Elem::F64, Scalar(u), Scalar(v)));
    };
    return r + slope([&](double u) { return at(u, y); }, x) * ma +
           slope([&](double v) { return at(x, v); }, y) * mb;
  }
  }
}

double unaryScale(UnaryOp op, Elem from, const Scalar& x, double mx, const Scalar& result) {
  if (!arr::isFloat(from)) return absolute(result); // an integer converted: exact
  std::optional<Elem> to = prim::resultType(op, from);
  if (!to || !arr::isFloat(*to)) return 0; // comparisons, truncations: exact, or a decision
  double r = absolute(result);
  const prim::UnaryInfo& entry = prim::info(op);
  if (entry.derivative.kind == prim::DerivativeKind::PiecewiseConstant) return r;
  if (entry.derivative.kind == prim::DerivativeKind::Conversion) return r + mx;
  double value = asDouble(x);
  return r + slope([&](double u) { return asDouble(prim::evaluate(op, Elem::F64, Scalar(u))); },
                   value) *
                 mx;
}

[[noreturn]] void fail(const std::string& message) {
  throw std::logic_error("loop IR interpreter: " + message);
}

Scalar readElement(const runtime::ArrayValue& array, int64_t i) {
  switch (array.dtype) {
  case runtime::Dtype::F64:
    return array.data<double>()[i];
  case runtime::Dtype::F32:
    return double(array.data<float>()[i]);
  case runtime::Dtype::I64:
    return array.data<int64_t>()[i];
  case runtime::Dtype::Bool:
    return array.data<bool>()[i];
  }
  return 0.0;
}

void writeElement(runtime::ArrayValue& array, int64_t i, const Scalar& value) {
  switch (array.dtype) {
  case runtime::Dtype::F64:
    array.data<double>()[i] = std::get<double>(value);
    return;
  case runtime::Dtype::F32:
    array.data<float>()[i] = float(std::get<double>(value));
    return;
  case runtime::Dtype::I64:
    array.data<int64_t>()[i] = std::get<int64_t>(value);
    return;
  case runtime::Dtype::Bool:
    array.data<bool>()[i] = std::get<bool>(value);
    return;
  }
}

/// The operation as code generation computes it: on bools, + and max are ||, min is &&,
/// and an order compares false < true.
Scalar binaryOn(BinaryOp op, Elem type, const Scalar& a, const Scalar& b) {
  if (type == Elem::Bool) {
    bool x = std::get<bool>(a), y = std::get<bool>(b);
    switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Max:
    case BinaryOp::Or:
      return x || y;
    case BinaryOp::Min:
    case BinaryOp::And:
      return x && y;
    case BinaryOp::Lt:
    case BinaryOp::Le:
    case BinaryOp::Gt:
    case BinaryOp::Ge:
      return prim::evaluate(op, Elem::I64, int64_t(x), int64_t(y));
    default:
      break;
    }
  }
  return prim::evaluate(op, type, a, b);
}

struct Memory {
  std::string name;
  Elem type = Elem::F64;
  std::vector<int64_t> extents;
  std::vector<Scalar> data;
  std::vector<double> scale;
  std::vector<char> written;
  bool live = false;
};

class Machine {
public:
  explicit Machine(const Function& function) : function_(function) {}

  std::vector<runtime::ArrayValue> run(const std::vector<runtime::ArrayValue>& inputs,
                                       std::vector<runtime::ArrayValue>* magnitudes) {
    if (inputs.size() != function_.params.size())
      fail(std::to_string(inputs.size()) + " inputs for " +
           std::to_string(function_.params.size()) + " parameters");
    std::vector<int64_t> sizes = runtime::bindSizes(function_.signature, function_.name, inputs);
    for (size_t i = 0; i < function_.sizes.size(); ++i)
      setLocal(*function_.sizes[i], scalarValue(sizes[i]));
    for (size_t p = 0; p < function_.params.size(); ++p) {
      const Param& param = function_.params[p];
      const runtime::ArrayValue& input = inputs[p];
      if (param.scalar) {
        setLocal(*param.scalar, scalarValue(readElement(input, 0)));
        continue;
      }
      Memory& memory = memory_[param.buffer->id];
      memory.name = param.buffer->name;
      memory.type = param.buffer->type;
      memory.extents = input.shape;
      for (int64_t i = 0; i < input.elementCount(); ++i) {
        memory.data.push_back(readElement(input, i));
        memory.scale.push_back(absolute(memory.data.back()));
      }
      memory.written.assign(memory.data.size(), 1);
      memory.live = true;
    }
    for (const DimensionCheck& check : function_.checks)
      checkDimension(check);
    for (const ConstantArray& constant : function_.constants) {
      Memory& memory = memory_[constant.buffer->id];
      memory.name = constant.buffer->name;
      memory.type = constant.buffer->type;
      for (const ExprP& extent : constant.buffer->shape)
        memory.extents.push_back(index(extent));
      memory.data = constant.values;
      for (const Scalar& value : constant.values)
        memory.scale.push_back(absolute(value));
      memory.written.assign(memory.data.size(), 1);
      memory.live = true;
    }
    std::vector<runtime::ArrayValue> results;
    for (size_t r = 0; r < function_.results.size(); ++r) {
      const BufferP& buffer = function_.results[r];
      std::vector<int64_t> shape =
          runtime::evaluateShape(function_.signature.results[r], function_.signature.sizes, sizes);
      allocate(*buffer, shape);
    }
    block(function_.body);
    for (size_t r = 0; r < function_.results.size(); ++r) {
      const Buffer& buffer = *function_.results[r];
      Memory& memory = memory_.at(buffer.id);
      runtime::ArrayValue result(dtypeOf(buffer.type), memory.extents);
      runtime::ArrayValue scale(dtypeOf(buffer.type), memory.extents);
      for (size_t i = 0; i < memory.data.size(); ++i) {
        if (!memory.written[i])
          fail("element " + std::to_string(i) + " of the result " + buffer.name +
               " is never written");
        writeElement(result, int64_t(i), memory.data[i]);
        Scalar m = buffer.type == Elem::Bool  ? memory.data[i]
                   : buffer.type == Elem::I64 ? Scalar(int64_t{0})
                                              : Scalar(memory.scale[i]);
        writeElement(scale, int64_t(i), m);
      }
      results.push_back(std::move(result));
      if (magnitudes) magnitudes->push_back(std::move(scale));
    }
    return results;
  }

private:
  /// As code generation checks it (codegen/Module.cpp): each term's product, where a zero
  /// factor makes it 0, and the sum must fit in i64; an array's size must not be negative.
  void checkDimension(const DimensionCheck& check) {
    __int128 total = 0;
    bool overflow = false;
    for (const DimensionCheck::Term& term : check.terms) {
      int64_t product = term.coefficient;
      bool zero = product == 0, termOverflow = false;
      for (const LocalP& size : term.sizes) {
        int64_t factor = std::get<int64_t>(getLocal(*size).lane[0]);
        zero = zero || factor == 0;
        termOverflow = termOverflow || __builtin_mul_overflow(product, factor, &product);
      }
      overflow = overflow || (termOverflow && !zero);
      total += zero ? 0 : product;
    }
    if (overflow || total > INT64_MAX || total < INT64_MIN)
      throw ProgramError("the dimension " + check.text + " overflows i64");
    if (check.arraySize && total < 0)
      throw ProgramError("the dimension " + check.text + " evaluates to " +
                         std::to_string(int64_t(total)) + ", a negative size");
  }

  static Value scalarValue(const Scalar& scalar) {
    Value value;
    value.lane[0] = scalar;
    value.scale[0] = absolute(scalar);
    return value;
  }

  void setLocal(const Local& local, const Value& value) {
    if (locals_.size() <= local.id) {
      locals_.resize(local.id + 1);
      defined_.resize(local.id + 1);
    }
    locals_[local.id] = value;
    defined_[local.id] = 1;
  }

  const Value& getLocal(const Local& local) {
    if (local.id >= defined_.size() || !defined_[local.id])
      fail("the local " + local.name + "_" + std::to_string(local.id) +
           " is read before it is assigned");
    return locals_[local.id];
  }

  void allocate(const Buffer& buffer, const std::vector<int64_t>& extents) {
    Memory& memory = memory_[buffer.id];
    if (memory.live) fail("the buffer " + buffer.name + " is allocated twice");
    memory.name = buffer.name;
    memory.type = buffer.type;
    memory.extents = extents;
    int64_t count = 1;
    bool overflow = false, zero = false;
    for (int64_t extent : extents) {
      if (extent < 0) fail("the buffer " + buffer.name + " has a negative extent");
      zero = zero || extent == 0;
      overflow = overflow || __builtin_mul_overflow(count, extent, &count);
    }
    int64_t bytes = buffer.type == Elem::Bool ? 1 : buffer.type == Elem::F32 ? 4 : 8;
    // What the runtime's arr_alloc reports (runtime/Memory.cpp).
    if (overflow && !zero)
      throw ProgramError("out of memory: cannot allocate an array whose element count "
                         "overflows i64");
    if (zero) count = 0;
    try {
      // The interpreter's own storage per element: a value, its magnitude and a flag.
      size_t perElement = sizeof(Scalar) + sizeof(double) + 1;
      if (size_t(count) > runtime::memoryCapacity() / perElement) throw std::bad_alloc();
      memory.data.assign(size_t(count), Scalar{});
      memory.scale.assign(size_t(count), 0.0);
      memory.written.assign(size_t(count), 0);
    } catch (const std::bad_alloc&) {
      throw ProgramError("out of memory: cannot allocate " + std::to_string(count) +
                         " elements of " + std::to_string(bytes) + " bytes");
    } catch (const std::length_error&) {
      throw ProgramError("out of memory: cannot allocate " + std::to_string(count) +
                         " elements of " + std::to_string(bytes) + " bytes");
    }
    memory.live = true;
  }

  // ---- Statements ----

  void block(const Block& statements) {
    for (const StmtP& statement : statements)
      execute(*statement);
  }

  void execute(const Stmt& s) {
    ++generation_;
    switch (s.kind) {
    case Stmt::Kind::Declare:
    case Stmt::Kind::Assign:
      setLocal(*s.local, evaluate(s.value));
      return;
    case Stmt::Kind::Accumulate: {
      Value value = evaluate(s.value);
      Value result = getLocal(*s.local);
      combine(s.op, s.local->type, result, value);
      setLocal(*s.local, result);
      return;
    }
    case Stmt::Kind::Store: {
      Value value = evaluate(s.value); // a copy: evaluating the indices may move the cache
      write(*s.buffer, s.indices, value);
      return;
    }
    case Stmt::Kind::Update: {
      Value value = evaluate(s.value);
      Value old = read(*s.buffer, s.indices, value.lanes);
      combine(s.op, s.buffer->type, old, value);
      write(*s.buffer, s.indices, old);
      return;
    }
    case Stmt::Kind::If:
      if (std::get<bool>(evaluate(s.value).lane[0]))
        block(s.body);
      else
        block(s.orElse);
      return;
    case Stmt::Kind::For:
      return loop(s);
    case Stmt::Kind::Alloc: {
      std::vector<int64_t> extents;
      for (const ExprP& extent : s.buffer->shape)
        extents.push_back(index(extent));
      allocate(*s.buffer, extents);
      return;
    }
    case Stmt::Kind::Free: {
      Memory& memory = memory_[s.buffer->id];
      if (!memory.live) fail("the buffer " + s.buffer->name + " is freed but not allocated");
      memory.live = false;
      memory.data.clear();
      memory.written.clear();
      return;
    }
    case Stmt::Kind::Prefetch:
      for (const ExprP& i : s.indices)
        index(i);
      return;
    case Stmt::Kind::Swap: {
      Memory& first = memory_[s.buffer->id];
      Memory& second = memory_[s.other->id];
      if (!first.live || !second.live) fail("a swap of buffers that are not allocated");
      if (first.extents != second.extents) fail("a swap of buffers of other shapes");
      std::swap(first, second);
      std::swap(first.name, second.name);
      return;
    }
    }
  }

  /// Whether a loop perfectly nested in `loop` whose bounds do not depend on the enclosing
  /// indices runs no iteration: then the whole nest does nothing, and is skipped as native
  /// code skips it (codegen/Emitter.cpp), rather than run an outer loop of 2^63 empty
  /// iterations.
  bool innerNestEmpty(const Stmt& loop) {
    std::vector<uint32_t> indices{loop.local->id};
    for (const Stmt* outer = &loop;
         outer->body.size() == 1 && outer->body[0]->kind == Stmt::Kind::For;) {
      const Stmt& inner = *outer->body[0];
      if (std::any_of(indices.begin(), indices.end(), [&](uint32_t id) {
            return mentionsLocal(inner.value, id) || mentionsLocal(inner.lower, id);
          }))
        return false;
      if (index(inner.value) <= index(inner.lower)) return true;
      indices.push_back(inner.local->id);
      outer = &inner;
    }
    return false;
  }

  void loop(const Stmt& s) {
    int64_t lower = index(s.lower), upper = index(s.value);
    if (lower < upper && innerNestEmpty(s)) return;
    std::vector<Value> saved;
    for (const Reduction& reduction : s.reductions) {
      saved.push_back(getLocal(*reduction.local));
      setLocal(*reduction.local, identity(reduction.op, *reduction.local));
    }
    int64_t trips = 0;
    for (int64_t i = lower; i < upper; i += s.step) {
      if (s.whileCondition) {
        ++generation_; // the body has assigned the condition's local since it was read
        if (!std::get<bool>(evaluate(s.whileCondition).lane[0])) break;
      }
      setLocal(*s.local, scalarValue(i));
      block(s.body);
      ++trips;
      if (upper - i <= s.step) break; // no overflow past the bound
    }
    if (s.maxTrips && trips > *s.maxTrips)
      fail("the loop over " + s.local->name + " runs " + std::to_string(trips) +
           " iterations, more than its bound " + std::to_string(*s.maxTrips));
    for (size_t r = 0; r < s.reductions.size(); ++r) {
      const Reduction& reduction = s.reductions[r];
      Value chunk = getLocal(*reduction.local);
      Value result = saved[r];
      combine(reduction.op, reduction.local->type, result, chunk);
      setLocal(*reduction.local, result);
    }
  }

  /// into = into op value, lane by lane, with the magnitudes.
  static void combine(BinaryOp op, Elem type, Value& into, const Value& value) {
    for (int l = 0; l < into.lanes; ++l) {
      Scalar result = binaryOn(op, type, into.lane[l], value.lane[l]);
      into.scale[l] =
          binaryScale(op, type, into.lane[l], value.lane[l], into.scale[l], value.scale[l], result);
      into.lane[l] = result;
    }
  }

  Value identity(BinaryOp op, const Local& local) {
    ExprP value = scratch_.identity(op, local.type, local.lanes);
    Value result;
    result.lanes = local.lanes;
    for (int l = 0; l < local.lanes; ++l)
      result.lane[l] = value->value;
    return result;
  }

  // ---- Memory ----

  /// The memory of `buffer` and the position of buffer[indices], checked in range for
  /// `lanes` elements along the last dimension.
  std::pair<Memory*, int64_t> locate(const Buffer& buffer, const std::vector<ExprP>& indices,
                                     int lanes) {
    const Buffer& base = buffer.memory();
    auto found = memory_.find(base.id);
    if (found == memory_.end() || !found->second.live)
      fail("the buffer " + base.name + " is used while it is not allocated");
    Memory& memory = found->second;
    std::vector<int64_t> extents = memory.extents;
    if (buffer.base) {
      extents.clear();
      int64_t count = 1, baseCount = 1;
      for (const ExprP& extent : buffer.shape) {
        extents.push_back(index(extent));
        count *= extents.back();
      }
      for (int64_t extent : memory.extents)
        baseCount *= extent;
      if (count != baseCount) fail("a view of " + base.name + " has another element count");
    }
    if (indices.size() != extents.size())
      fail(std::to_string(indices.size()) + " indices into the rank-" +
           std::to_string(extents.size()) + " buffer " + buffer.name);
    int64_t position = 0;
    std::string text;
    bool inRange = true;
    for (size_t d = 0; d < indices.size(); ++d) {
      int64_t i = index(indices[d]);
      int64_t last = d + 1 == indices.size() ? i + lanes - 1 : i;
      inRange = inRange && i >= 0 && last < extents[d];
      position = position * extents[d] + i;
      text += (d ? ", " : "") + std::to_string(i);
    }
    if (indices.empty() && lanes != 1) inRange = false;
    if (!inRange) {
      std::string shape;
      for (size_t d = 0; d < extents.size(); ++d)
        shape += (d ? ", " : "") + std::to_string(extents[d]);
      fail("the access " + buffer.name + "[" + text + "] (" + std::to_string(lanes) +
           " lanes) is out of the range [" + shape + "]");
    }
    return {&memory, position};
  }

  Value read(const Buffer& buffer, const std::vector<ExprP>& indices, int lanes) {
    auto [memory, position] = locate(buffer, indices, lanes);
    Value value;
    value.lanes = lanes;
    for (int l = 0; l < lanes; ++l) {
      if (!memory->written[size_t(position + l)])
        fail("an element of " + buffer.name + " is read before it is written");
      value.lane[l] = memory->data[size_t(position + l)];
      value.scale[l] = memory->scale[size_t(position + l)];
    }
    return value;
  }

  void write(const Buffer& buffer, const std::vector<ExprP>& indices, const Value& value) {
    if (buffer.base) fail("a store into the view " + buffer.name);
    auto [memory, position] = locate(buffer, indices, value.lanes);
    for (int l = 0; l < value.lanes; ++l) {
      memory->data[size_t(position + l)] = value.lane[l];
      memory->scale[size_t(position + l)] = value.scale[l];
      memory->written[size_t(position + l)] = 1;
    }
  }

  // ---- Expressions ----

  int64_t index(const ExprP& expr) { return std::get<int64_t>(evaluate(expr).lane[0]); }

  const Value& evaluate(const ExprP& expr) {
    if (cache_.size() <= expr->id) {
      cache_.resize(expr->id + 1);
      stamps_.resize(expr->id + 1, 0);
    }
    if (stamps_[expr->id] == generation_) return cache_[expr->id];
    Value value = compute(*expr);
    cache_[expr->id] = value;
    stamps_[expr->id] = generation_;
    return cache_[expr->id];
  }

  Value compute(const Expr& e) {
    Value result;
    result.lanes = e.lanes;
    switch (e.kind) {
    case Expr::Kind::Const:
      for (int l = 0; l < e.lanes; ++l) {
        result.lane[l] = e.value;
        result.scale[l] = absolute(e.value);
      }
      return result;
    case Expr::Kind::Local:
      return getLocal(*e.local);
    case Expr::Kind::Load:
      return read(*e.buffer, e.operands, e.lanes);
    case Expr::Kind::Unary: {
      Value x = evaluate(e.operands[0]);
      Elem from = e.operands[0]->type;
      for (int l = 0; l < e.lanes; ++l) {
        result.lane[l] = prim::evaluate(e.unaryOp, from, x.lane[l]);
        result.scale[l] = unaryScale(e.unaryOp, from, x.lane[l], x.scale[l], result.lane[l]);
      }
      return result;
    }
    case Expr::Kind::Binary: {
      Value x = evaluate(e.operands[0]);
      const Value& y = evaluate(e.operands[1]);
      Elem type = e.operands[0]->type;
      for (int l = 0; l < e.lanes; ++l) {
        result.lane[l] = binaryOn(e.binaryOp, type, x.lane[l], y.lane[l]);
        result.scale[l] = binaryScale(e.binaryOp, type, x.lane[l], y.lane[l], x.scale[l],
                                      y.scale[l], result.lane[l]);
      }
      return result;
    }
    case Expr::Kind::Select: {
      Value c = evaluate(e.operands[0]);
      Value x = evaluate(e.operands[1]);
      const Value& y = evaluate(e.operands[2]);
      for (int l = 0; l < e.lanes; ++l) {
        bool taken = std::get<bool>(c.lane[c.lanes == 1 ? 0 : l]);
        result.lane[l] = taken ? x.lane[l] : y.lane[l];
        result.scale[l] = taken ? x.scale[l] : y.scale[l];
      }
      return result;
    }
    case Expr::Kind::IndexDiv:
    case Expr::Kind::IndexMod: {
      // As code generation computes them: unsigned, a zero divisor taken as 1 (the
      // result is never used then).
      uint64_t x = uint64_t(index(e.operands[0]));
      uint64_t y = std::max<uint64_t>(uint64_t(index(e.operands[1])), 1);
      result.lane[0] = int64_t(e.kind == Expr::Kind::IndexDiv ? x / y : x % y);
      return result;
    }
    case Expr::Kind::Broadcast: {
      const Value& x = evaluate(e.operands[0]);
      for (int l = 0; l < e.lanes; ++l) {
        result.lane[l] = x.lane[0];
        result.scale[l] = x.scale[0];
      }
      return result;
    }
    case Expr::Kind::ReduceLanes: {
      Value x = evaluate(e.operands[0]);
      result.lane[0] = x.lane[0];
      result.scale[0] = x.scale[0];
      for (int l = 1; l < x.lanes; ++l) {
        Value lane;
        lane.lane[0] = x.lane[l];
        lane.scale[0] = x.scale[l];
        combine(e.binaryOp, e.type, result, lane);
      }
      return result;
    }
    }
    fail("an expression of unknown kind");
  }

  const Function& function_;
  ExprBuilder scratch_; // identities
  std::vector<Value> locals_;
  std::vector<char> defined_;
  std::unordered_map<uint32_t, Memory> memory_;
  std::vector<Value> cache_;
  std::vector<uint64_t> stamps_;
  uint64_t generation_ = 1;
};

} // namespace

std::vector<runtime::ArrayValue> interpret(const Function& function,
                                           const std::vector<runtime::ArrayValue>& inputs,
                                           std::vector<runtime::ArrayValue>* magnitudes) {
  return Machine(function).run(inputs, magnitudes);
}

double floatTolerance(Elem type) {
  return type == Elem::F32 ? 1e-4 : 1e-9;
}

} // namespace arr::loops
