#pragma once
// What the loop passes read from the loop IR instead of recovering it from the
// look of the code: affine forms of indices, the accesses of a loop body with
// their strides, and dependences between them (in the manner of MLIR's affine
// analysis, much simplified: one index per dimension, tests per dimension).

#include "loops/ExprBuilder.h"
#include "loops/LoopIR.h"

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <vector>

namespace arr::loops {

/// An i64 expression as constant + Σ coefficient × term. A term is a local, or an
/// expression the form does not look into (a product of two unknowns, a load, a
/// division, a min or max), taken as one unknown: the form is affine in a local when
/// no such term mentions it.
struct Affine {
  int64_t constant = 0;
  std::map<uint32_t, std::pair<ExprP, int64_t>> terms; // expression id -> (term, coefficient)

  /// The coefficient of the local (0 when it does not appear as a term of its own).
  int64_t coefficient(uint32_t localId) const;
  /// Whether the local appears in an opaque term (then the form is not affine in it).
  bool opaqueIn(uint32_t localId) const;
  bool mentions(uint32_t localId) const { return coefficient(localId) != 0 || opaqueIn(localId); }
  /// Whether both have the same terms with the same coefficients (constants may differ).
  bool sameTerms(const Affine& other) const;
  /// The same form: the same terms and constant (equal values wherever evaluated).
  bool operator==(const Affine& other) const {
    return constant == other.constant && sameTerms(other);
  }
  Affine operator-(const Affine& other) const;
  bool isConstant() const { return terms.empty(); }
};

Affine affineOf(const ExprP& expr);
/// The canonical expression of a form (terms in id order, the constant last).
ExprP expressionOf(ExprBuilder& exprs, const Affine& form);
/// `expr` rewritten in canonical form when it is an i64 expression (equal forms become
/// the same expression).
ExprP canonical(ExprBuilder& exprs, const ExprP& expr);

/// One load or store of a loop body.
struct Access {
  const Buffer* buffer = nullptr; // as written (a view, possibly)
  const Stmt* statement = nullptr;
  std::vector<ExprP> indices;
  int lanes = 1;
  bool write = false;
  /// A step of a reduction (an Update's read and write): with `op` and its flag.
  bool reduction = false;
  BinaryOp op = BinaryOp::Add;
  bool reassociate = false;
  /// The step adds +0.0 (a masked sum's skipped terms, loops/Trim.cpp): it only turns a
  /// -0.0 into 0.0, which commutes exactly with any other addition.
  bool addsZero = false;
  /// Every element of the buffer (a Swap): no index to test.
  bool wholeBuffer = false;
  /// The loops around it inside the analysed statement, outermost first.
  std::vector<const Stmt*> loops;
};

/// Every access in `block`, in program order (loads of a statement before its store).
std::vector<Access> accessesOf(const Block& block);
/// The same for one statement (a loop: its bounds' loads and its body).
std::vector<Access> accessesOf(const Stmt& statement);

/// The distance in elements between the accesses of consecutive iterations of the loop
/// over `localId`, when the access is affine in it: 0 when invariant, 1 when it walks the
/// last dimension contiguously; none when another dimension moves or the form is opaque.
std::optional<int64_t> innerStride(const Access& access, uint32_t localId);
/// Whether the access moves with the local in any dimension but the last (a strided walk).
bool movesOuterDimension(const Access& access, uint32_t localId);

/// How the iterations of the loop over `index` (by `step`) relate when two accesses touch a
/// common element: they never do, only within one iteration, or possibly across iterations.
/// Locals in `varying` take unrelated values in the two accesses (inner loops' indices,
/// locals defined per iteration); any other local is the same in both.
enum class Meet { Never, SameIteration, Maybe };
Meet meetOf(const Access& first, const Access& second, uint32_t index, int64_t step,
            const std::set<uint32_t>& varying);
/// Whether the two accesses may be done in either order: steps of the same reassociable
/// reduction of a buffer that only such steps touch in `accesses`, or two additions one
/// of which adds +0.0 (x + 0.0 + y and x + y + 0.0 are the same, signs of zero included).
bool commutingSteps(const Access& first, const Access& second, const std::vector<Access>& accesses);

/// What a loop's iterations may share: whether two different iterations of the loop over
/// `loop` can touch the same element with at least one write, in `accesses`. Accesses that
/// are both steps of one reassociable reduction with the same operation (and no other
/// access to the buffer) are ignored when `reductionsCommute`. Conservative: true when the
/// indices do not decide it.
bool carriesDependence(const std::vector<Access>& accesses, const Stmt& loop,
                       bool reductionsCommute);

/// The locals `block` assigns (Assign and Accumulate) that it does not declare itself.
std::set<uint32_t> assignedFromOutside(const Block& block);
/// The locals `block` defines: declarations and loop indices, nested ones included.
std::set<uint32_t> definedIn(const Block& block);
/// The buffers (by memory) `block` writes.
std::set<uint32_t> writtenBuffers(const Block& block);
/// What a statement reads and writes (nested statements included), for moving
/// statements past each other.
struct Footprint {
  std::set<uint32_t> readLocals, definedLocals;   // defined: declared or assigned
  std::set<uint32_t> readBuffers, writtenBuffers; // by memory; allocating and freeing write
  bool touches(uint32_t memory) const {
    return readBuffers.count(memory) > 0 || writtenBuffers.count(memory) > 0;
  }
};
Footprint footprintOf(const Stmt& statement);
/// Whether two statements with these footprints may run in either order.
bool independent(const Footprint& a, const Footprint& b);
/// Whether `body` holds a loop (or a sequential loop's swap) at any depth.
bool hasInnerLoop(const Block& body);
/// Calls `f` on every statement of `block`, nested ones included, outer first.
void forEachStmt(const Block& block, const std::function<void(const Stmt&)>& f);
/// The expressions a statement reads directly (value, indices, bounds, an allocation's
/// extents; not its body's).
std::vector<ExprP> operandsOf(const Stmt& statement);
/// Whether the `if` statement `guard` only assigns locals in `locals` (and has no else): a
/// guarded read (Lowering::pullChecked) into a local its loop body declared.
bool onlyAssigns(const Stmt& guard, const std::set<uint32_t>& locals);
/// The number of statements of `block`, nested ones included.
size_t statementCount(const Block& block);

/// A deep copy of `block` in which the locals of `renaming` read as its expressions and
/// every local the block defines is a fresh one (so that the copy can sit beside the
/// original); the renaming is extended with those fresh locals.
Block copyBlock(ExprBuilder& exprs, const Block& block, std::map<uint32_t, ExprP>& renaming);
/// A deep copy of `block` with the locals of `replacements` substituted (no fresh names).
Block substituteBlock(ExprBuilder& exprs, const Block& block,
                      const std::map<uint32_t, ExprP>& replacements);

/// Calls `f` on each conjunct of `condition`: the operands of its && at any depth, or the
/// condition itself.
void forEachConjunct(const ExprP& condition, const std::function<void(const ExprP&)>& f);

/// Whether a loop runs its index from 0 upwards by 1, each iteration (a `for`, no `while`).
bool countsUpFromZero(const Stmt& loop);

/// Whether `loops` (outermost first), around `store`, make it write every element of
/// `buffer` once: one loop per dimension, each counting up from 0 to the extent of the
/// dimension its index is the store's index in.
bool coversEveryElement(const std::vector<const Stmt*>& loops, const Stmt& store,
                        const Buffer& buffer);

/// A nest that writes every element of a buffer once: a loop per dimension, from 0 to
/// its extent (outermost first; their bodies hold declarations and guarded reads into
/// them besides the next loop) around one store whose indices are the loops' indices, in
/// some order.
struct WholeStore {
  std::vector<const Stmt*> loops;
  const Stmt* store = nullptr;
};
std::optional<WholeStore> wholeStoreOf(const Stmt& nest, const Buffer& buffer);

/// The trip count of a loop of step 1 as an expression, max(upper - lower, 0).
ExprP unitStepTrips(ExprBuilder& exprs, const Stmt& loop);

/// Arithmetic on affine forms that fails where a coefficient or the constant would
/// overflow.
std::optional<Affine> checkedSum(const Affine& a, const Affine& b);
std::optional<Affine> checkedDifference(const Affine& a, const Affine& b);
std::optional<Affine> checkedScaled(const Affine& form, int64_t factor);
std::optional<Affine> checkedOffset(const Affine& form, int64_t offset);

/// A range analysis of i64 expressions: the least and greatest value an expression takes
/// wherever it is evaluated, as affine forms over locals that `varying` does not hold (and
/// loads of buffers `written` does not hold), through loop bounds, the values of locals
/// declared once, min, max, select, / and % (of non-negative operands) and affine
/// arithmetic. A bound that does not compare with another is weakened to a constant where
/// the sizes it mentions can only move it one way (min(1, n) >= 0). Affine arithmetic in
/// i64 wraps consistently, so only the operands of min, max, select, / and % need to be
/// `bounded` for the forms to be the values the program computes.
class ValueBounds {
public:
  ValueBounds(const Function& function, const std::set<uint32_t>& varying,
              const std::set<uint32_t>& written);

  /// The local takes values in [least, greatest] (a loop index the analysis stands for).
  void assume(uint32_t localId, Affine least, Affine greatest);
  /// Whether the expression reads nothing that `varying` or `written` holds.
  bool invariant(const ExprP& expr) const;

  std::optional<Affine> least(const ExprP& expr) { return bound(expr, false, 0); }
  std::optional<Affine> greatest(const ExprP& expr) { return bound(expr, true, 0); }

  /// Whether the form is never negative: a non-negative constant plus non-negative
  /// multiples of locals known not to be negative (sizes of arrays, indices of loops from
  /// a non-negative constant).
  bool nonNegative(const Affine& form) const;
  bool atLeast(const Affine& larger, const Affine& smaller) const;
  /// Whether the form's value is far from i64's limits: small multiples of locals known
  /// not to be negative (sizes of arrays, loop indices, which count things the program
  /// holds or does) plus a small constant. Evaluated in i64 it cannot wrap around, so a
  /// min, max, select or division of such values is the mathematical one.
  bool bounded(const Affine& form) const;

private:
  std::optional<Affine> bound(const ExprP& expr, bool upper, int depth);
  std::optional<Affine> boundOf(const ExprP& expr, bool upper, int depth);
  std::optional<Affine> operandBound(const ExprP& operand, bool upper, int depth);
  std::optional<Affine> looser(const std::optional<Affine>& a, const std::optional<Affine>& b,
                               bool upper) const;
  std::optional<Affine> tighter(const Affine& a, const Affine& b, bool upper) const;
  std::optional<int64_t> constantBound(const Affine& form, bool upper) const;

  const std::set<uint32_t>& varying_;
  const std::set<uint32_t>& written_;
  // A local declared (or a loop index) in several places (copies of a loop, sharing its
  // locals) is bounded by all of them.
  std::map<uint32_t, std::vector<ExprP>> declared_; // locals never assigned again
  std::map<uint32_t, std::vector<const Stmt*>> loops_;
  std::set<uint32_t> nonNegative_;
  std::map<uint32_t, std::pair<Affine, Affine>> assumed_;
  std::map<std::pair<uint32_t, bool>, std::optional<Affine>> memo_; // by expression id
};

/// The constant trip count of a loop, when its bounds are constants.
std::optional<int64_t> constantTrips(const Stmt& loop);
/// An upper bound on a loop's trip count when one is known (constant bounds, maxTrips).
std::optional<int64_t> tripBound(const Stmt& loop);
/// Whether the loop may run its body more than once (no bound of one trip is known).
bool mayRepeat(const Stmt& loop);

} // namespace arr::loops
