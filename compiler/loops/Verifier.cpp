// The verifier of the loop IR (--verify-ir after `loops` and every loop pass):
// scoping of locals, types and lanes of expressions, accesses with one index
// per dimension, allocations freed in their own block, loops whose index and
// bounds the body leaves alone, reductions with an operation that has an
// identity, and parallel loops that assign nothing of their parent's but their
// reductions.

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

#include <map>
#include <set>

namespace arr::loops {

namespace {

constexpr int kMaxLanes = 16;

struct Problem {
  std::string message;
};

[[noreturn]] void fail(const std::string& message) {
  throw Problem{message};
}

std::string name(const Local& local) {
  return local.name + "_" + std::to_string(local.id);
}

std::string name(const Buffer& buffer) {
  return buffer.name + "_" + std::to_string(buffer.id);
}

class Verifier {
public:
  explicit Verifier(const Function& function) : function_(function) {}

  void run() {
    for (const LocalP& size : function_.sizes)
      define(*size, true);
    for (const Param& param : function_.params) {
      if (param.scalar) define(*param.scalar, true);
      if (param.buffer) live_.insert(param.buffer->id);
    }
    for (const BufferP& result : function_.results)
      live_.insert(result->id);
    for (const Param& param : function_.params)
      if (param.buffer) shapeOf(*param.buffer);
    for (const BufferP& result : function_.results)
      shapeOf(*result);
    for (const ConstantArray& constant : function_.constants) {
      const Buffer& buffer = *constant.buffer;
      if (buffer.base || !live_.insert(buffer.id).second)
        fail("the constant " + name(buffer) + " is a view or another buffer");
      shapeOf(buffer);
      int64_t count = 1;
      for (const ExprP& extent : buffer.shape) {
        auto known = asIndexConstant(extent);
        if (!known) fail("the constant " + name(buffer) + " has an extent that is not constant");
        count *= *known;
      }
      if (count != int64_t(constant.values.size()))
        fail("the constant " + name(buffer) + " has " + std::to_string(constant.values.size()) +
             " values for " + std::to_string(count) + " elements");
      constants_.insert(buffer.id);
    }
    for (const DimensionCheck& check : function_.checks)
      for (const DimensionCheck::Term& term : check.terms)
        for (const LocalP& size : term.sizes)
          if (!inScope_.count(size->id) || size->type != Elem::I64)
            fail("the dimension check " + check.text + " reads " + name(*size) +
                 ", which is not a size");
    block(function_.body);
  }

private:
  struct Scope {
    std::vector<uint32_t> locals;
    std::vector<uint32_t> allocated;
  };

  void define(const Local& local, bool readOnly) {
    if (inScope_.count(local.id)) fail("the local " + name(local) + " is defined twice");
    if (local.lanes < 1 || local.lanes > kMaxLanes)
      fail("the local " + name(local) + " has " + std::to_string(local.lanes) + " lanes");
    inScope_[local.id] = {&local, readOnly};
    if (!scopes_.empty()) scopes_.back().locals.push_back(local.id);
  }

  void block(const Block& statements) {
    scopes_.push_back({});
    for (const StmtP& statement : statements)
      stmt(*statement);
    Scope scope = std::move(scopes_.back());
    scopes_.pop_back();
    for (uint32_t id : scope.locals)
      inScope_.erase(id);
    for (uint32_t id : scope.allocated)
      if (live_.count(id)) fail("the buffer " + names_[id] + " is not freed in its block");
  }

  const Local& assignable(const Local& local, const char* what) {
    auto found = inScope_.find(local.id);
    if (found == inScope_.end()) fail(std::string(what) + " of " + name(local) + " out of scope");
    if (found->second.readOnly)
      fail(std::string(what) + " of " + name(local) + ", a loop index or parameter");
    for (const auto& frame : parallel_)
      if (!frame.defined.count(local.id) && !frame.reduced.count(local.id))
        fail(std::string(what) + " of " + name(local) +
             " inside a parallel loop that does not reduce it");
    return *found->second.local;
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
    case Stmt::Kind::Declare:
      expect(s.value, s.local->type, s.local->lanes, "a declaration of " + name(*s.local));
      define(*s.local, false);
      noteDefined(s.local->id);
      return;
    case Stmt::Kind::Assign:
      assignable(*s.local, "an assignment");
      expect(s.value, s.local->type, s.local->lanes, "an assignment of " + name(*s.local));
      return;
    case Stmt::Kind::Accumulate: {
      const Local& local = assignable(*s.local, "a reduction step");
      reduction(s.op, local.type, s.reassociate, name(local));
      expect(s.value, local.type, local.lanes, "a reduction step of " + name(local));
      for (const auto& frame : parallel_)
        if (frame.reduced.count(local.id) && frame.reduced.at(local.id) != s.op)
          fail("the parallel reduction of " + name(local) + " is stepped with another operation");
      return;
    }
    case Stmt::Kind::Store:
    case Stmt::Kind::Update:
      if (s.buffer->base) fail("a store into the view " + name(*s.buffer));
      if (constants_.count(s.buffer->id)) fail("a store into the constant " + name(*s.buffer));
      access(*s.buffer, s.indices, s.value->lanes);
      expect(s.value, s.buffer->type, s.value->lanes, "a store into " + name(*s.buffer));
      if (s.kind == Stmt::Kind::Update)
        reduction(s.op, s.buffer->type, s.reassociate, name(*s.buffer));
      return;
    case Stmt::Kind::If:
      expect(s.value, Elem::Bool, 1, "a condition");
      block(s.body);
      block(s.orElse);
      return;
    case Stmt::Kind::For:
      return loop(s);
    case Stmt::Kind::Alloc: {
      if (s.buffer->base) fail("an allocation of the view " + name(*s.buffer));
      if (!live_.insert(s.buffer->id).second)
        fail("the buffer " + name(*s.buffer) + " is allocated twice");
      shapeOf(*s.buffer);
      names_[s.buffer->id] = name(*s.buffer);
      scopes_.back().allocated.push_back(s.buffer->id);
      return;
    }
    case Stmt::Kind::Free: {
      if (constants_.count(s.buffer->id)) fail("the constant " + name(*s.buffer) + " is freed");
      bool mine = false;
      for (uint32_t id : scopes_.back().allocated)
        mine = mine || id == s.buffer->id;
      if (!mine) fail("the buffer " + name(*s.buffer) + " is freed outside its allocation's block");
      if (!live_.erase(s.buffer->id)) fail("the buffer " + name(*s.buffer) + " is freed twice");
      return;
    }
    case Stmt::Kind::Swap:
      for (const BufferP& buffer : {s.buffer, s.other}) {
        if (!buffer || buffer->base) fail("a swap of a view or of nothing");
        if (!live_.count(buffer->id)) fail("a swap of " + name(*buffer) + ", not allocated");
        if (constants_.count(buffer->id)) fail("a swap of the constant " + name(*buffer));
        shapeOf(*buffer);
      }
      if (s.buffer->type != s.other->type || s.buffer->shape != s.other->shape)
        fail("a swap of " + name(*s.buffer) + " and " + name(*s.other) + " of other shapes");
      return;
    case Stmt::Kind::Prefetch:
      if (s.indices.size() != s.buffer->shape.size())
        fail("a prefetch of " + name(*s.buffer) + " with a wrong number of indices");
      for (const ExprP& index : s.indices)
        expectIndex(index, "a prefetch index");
      if (!live_.count(s.buffer->memory().id))
        fail("a prefetch of " + name(*s.buffer) + ", which is not allocated");
      return;
    }
  }

  void loop(const Stmt& s) {
    expectIndex(s.lower, "a loop's lower bound");
    expectIndex(s.value, "a loop's upper bound");
    if (s.step < 1) fail("the loop over " + name(*s.local) + " has a step below 1");
    if (s.local->type != Elem::I64 || s.local->lanes != 1)
      fail("the loop index " + name(*s.local) + " is not an i64");
    if (s.parallel) {
      expectIndex(s.work, "a parallel loop's work");
      ParallelFrame frame;
      for (const Reduction& reduction : s.reductions) {
        assignable(*reduction.local, "a parallel reduction");
        if (prim::info(reduction.op).identity == prim::Identity::None)
          fail("a parallel reduction of " + name(*reduction.local) + " without identity");
        frame.reduced[reduction.local->id] = reduction.op;
      }
      parallel_.push_back(std::move(frame));
    } else if (!s.reductions.empty()) {
      fail("a serial loop with parallel reductions");
    }
    if (s.whileCondition) {
      if (s.parallel) fail("a parallel loop with a while condition");
      expect(s.whileCondition, Elem::Bool, 1, "a while loop's condition");
    }
    scopes_.push_back({});
    define(*s.local, true);
    noteDefined(s.local->id);
    block(s.body);
    inScope_.erase(s.local->id);
    scopes_.pop_back();
    if (s.parallel) parallel_.pop_back();
  }

  void noteDefined(uint32_t id) {
    for (auto& frame : parallel_)
      frame.defined.insert(id);
  }

  void reduction(BinaryOp op, Elem type, bool reassociate, const std::string& target) {
    if (prim::info(op).identity == prim::Identity::None)
      fail("a reduction step of " + target + " with " + prim::toString(op) +
           ", which has no identity");
    if (reassociate && !prim::mayReassociate(op, type, true))
      fail("a reduction step of " + target + " marked reassociable with " + prim::toString(op));
  }

  void shapeOf(const Buffer& buffer) {
    for (const ExprP& extent : buffer.shape)
      expectIndex(extent, "the shape of " + name(buffer));
    if (buffer.base) {
      if (buffer.base->type != buffer.type) fail("the view " + name(buffer) + " changes type");
      shapeOf(*buffer.base);
    }
  }

  void access(const Buffer& buffer, const std::vector<ExprP>& indices, int lanes) {
    if (indices.size() != buffer.shape.size())
      fail(std::to_string(indices.size()) + " indices into the rank-" +
           std::to_string(buffer.shape.size()) + " buffer " + name(buffer));
    if (lanes > 1 && indices.empty()) fail("a vector access to the scalar buffer " + name(buffer));
    for (const ExprP& index : indices)
      expectIndex(index, "an index into " + name(buffer));
    if (!live_.count(buffer.memory().id))
      fail("an access to " + name(buffer) + ", which is not allocated here");
    shapeOf(buffer);
  }

  void expectIndex(const ExprP& expr, const std::string& where) {
    expect(expr, Elem::I64, 1, where);
  }

  void expect(const ExprP& expr, Elem type, int lanes, const std::string& where) {
    if (!expr) fail(where + " has no expression");
    check(*expr);
    if (expr->type != type || expr->lanes != lanes)
      fail(where + ": " + print(*expr) + " is not of the expected type");
  }

  void check(const Expr& e) {
    if (checked_.count(e.id)) {
      // Checked before: its locals may have gone out of scope since.
      for (uint32_t local : localsOf_[e.id])
        if (!inScope_.count(local))
          fail("the local " + std::to_string(local) + " in " + print(e) + " is out of scope");
      return;
    }
    if (e.lanes < 1 || e.lanes > kMaxLanes)
      fail(print(e) + " has " + std::to_string(e.lanes) + " lanes");
    std::set<uint32_t> locals;
    for (const ExprP& operand : e.operands) {
      check(*operand);
      const auto& inner = localsOf_[operand->id];
      locals.insert(inner.begin(), inner.end());
    }
    auto operandsMatch = [&] {
      for (const ExprP& operand : e.operands)
        if (operand->lanes != e.lanes) fail(print(e) + " mixes lanes");
    };
    switch (e.kind) {
    case Expr::Kind::Const:
      break;
    case Expr::Kind::Local: {
      auto found = inScope_.find(e.local->id);
      if (found == inScope_.end()) fail("the local " + name(*e.local) + " is read out of scope");
      if (e.type != e.local->type || e.lanes != e.local->lanes)
        fail("the local " + name(*e.local) + " is read with another type");
      locals.insert(e.local->id);
      break;
    }
    case Expr::Kind::Load:
      access(*e.buffer, e.operands, e.lanes);
      if (e.type != e.buffer->type) fail(print(e) + " reads with another type");
      break;
    case Expr::Kind::Unary:
      operandsMatch();
      if (prim::resultType(e.unaryOp, e.operands[0]->type) != e.type)
        fail(print(e) + " has the wrong type");
      break;
    case Expr::Kind::Binary:
      operandsMatch();
      if (e.operands[0]->type != e.operands[1]->type) fail(print(e) + " mixes types");
      break;
    case Expr::Kind::Select:
      if (e.operands[0]->type != Elem::Bool ||
          (e.operands[0]->lanes != 1 && e.operands[0]->lanes != e.lanes))
        fail(print(e) + " has a bad condition");
      if (e.operands[1]->type != e.type || e.operands[2]->type != e.type ||
          e.operands[1]->lanes != e.lanes || e.operands[2]->lanes != e.lanes)
        fail(print(e) + " has branches of another type");
      break;
    case Expr::Kind::IndexDiv:
    case Expr::Kind::IndexMod:
      if (e.type != Elem::I64 || e.lanes != 1 || e.operands[0]->type != Elem::I64 ||
          e.operands[1]->type != Elem::I64)
        fail(print(e) + " is not index arithmetic");
      break;
    case Expr::Kind::Broadcast:
      if (e.operands[0]->lanes != 1 || e.operands[0]->type != e.type)
        fail(print(e) + " broadcasts a vector");
      break;
    case Expr::Kind::ReduceLanes:
      if (e.lanes != 1 || e.operands[0]->type != e.type ||
          prim::info(e.binaryOp).identity == prim::Identity::None)
        fail(print(e) + " is not a reduction of lanes");
      break;
    }
    checked_.insert(e.id);
    localsOf_[e.id] = std::move(locals);
  }

  struct Visible {
    const Local* local;
    bool readOnly;
  };
  struct ParallelFrame {
    std::set<uint32_t> defined;           // locals defined inside the loop
    std::map<uint32_t, BinaryOp> reduced; // its reductions
  };

  const Function& function_;
  std::map<uint32_t, Visible> inScope_;
  std::vector<Scope> scopes_;
  std::set<uint32_t> live_;      // buffers allocated and not yet freed (by id)
  std::set<uint32_t> constants_; // read-only data of the program (by id)
  std::map<uint32_t, std::string> names_;
  std::vector<ParallelFrame> parallel_;
  std::set<uint32_t> checked_;
  std::map<uint32_t, std::set<uint32_t>> localsOf_;
};

} // namespace

std::string verify(const Function& function) {
  try {
    Verifier(function).run();
  } catch (const Problem& problem) {
    return "loops " + function.name + ": " + problem.message;
  }
  return "";
}

std::string verify(const Program& program) {
  for (const Function& function : program.functions)
    if (std::string problem = verify(function); !problem.empty()) return problem;
  return "";
}

} // namespace arr::loops
