#include "loops/MemoryReport.h"

#include "loops/Analysis.h"
#include "loops/ExprBuilder.h"

#include <map>
#include <regex>
#include <sstream>

namespace arr::loops {

namespace {

class Reporter {
public:
  explicit Reporter(const Function& function) : function_(function) {
    // The locals an extent may mention that the function declares once, outside its
    // loops (the panels of a tiled product): their values, so that every extent reads
    // in the entry's sizes.
    for (const StmtP& statement : function.body)
      if (statement->kind == Stmt::Kind::Declare)
        values_[statement->local->id] = statement->value;
      else if (statement->kind == Stmt::Kind::If)
        for (const StmtP& inner : statement->body)
          if (inner->kind == Stmt::Kind::Declare) values_[inner->local->id] = inner->value;
    for (const LocalP& size : function.sizes)
      sizeNames_.emplace_back(size->name + "_" + std::to_string(size->id), size->name);
  }

  std::string report() {
    std::ostringstream out;
    out << "memory: entry " << function_.name << "\n";
    for (const Param& param : function_.params)
      if (param.buffer) line(out, "receives", *param.buffer, "");
    for (const BufferP& result : function_.results)
      line(out, "returns", *result, "");
    walk(function_.body, false, out);
    return out.str();
  }

private:
  void walk(const Block& block, bool inParallelLoop, std::ostringstream& out) {
    for (const StmtP& statement : block) {
      if (statement->kind == Stmt::Kind::Alloc && !statement->buffer->base)
        line(out, "allocates", *statement->buffer,
             inParallelLoop ? "  (per iteration of a parallel loop)" : "");
      bool parallel = inParallelLoop || (statement->kind == Stmt::Kind::For && statement->parallel);
      walk(statement->body, parallel, out);
      walk(statement->orElse, parallel, out);
    }
  }

  void line(std::ostringstream& out, const char* what, const Buffer& buffer,
            const std::string& note) {
    std::string shape;
    for (const ExprP& extent : buffer.shape)
      shape += (shape.empty() ? "" : ", ") + inSizes(extent);
    out << "  " << what << " " << buffer.name << "_" << buffer.id << " " << toString(buffer.type)
        << "[" << shape << "]" << note << "\n";
  }

  /// The extent's text with the locals declared once replaced by their values and the size
  /// parameters by their names.
  std::string inSizes(const ExprP& extent) {
    ExprP at = extent;
    for (int depth = 0; depth < 8; ++depth) {
      std::map<uint32_t, ExprP> replacements;
      forEachExpr(at, [&](const Expr& e) {
        if (e.kind == Expr::Kind::Local)
          if (auto value = values_.find(e.local->id); value != values_.end())
            replacements.emplace(e.local->id, value->second);
      });
      if (replacements.empty()) break;
      at = function_.exprs->substitute(at, replacements);
    }
    std::string text = print(*at);
    for (const auto& [printed, name] : sizeNames_)
      text = std::regex_replace(text, std::regex("\\b" + printed + "\\b"), name);
    return text;
  }

  const Function& function_;
  std::map<uint32_t, ExprP> values_;
  std::vector<std::pair<std::string, std::string>> sizeNames_;
};

} // namespace

std::string memoryReport(const Program& program) {
  std::string report;
  for (const Function& function : program.functions)
    report += Reporter(function).report();
  return report;
}

} // namespace arr::loops
