// The module of a program: per entry point the C ABI function of LANGUAGE.md
// §9, a uniform wrapper for the executable's harness, and the entry table.

#include "codegen/CInterface.h"
#include "codegen/CodeGen.h"
#include "codegen/Emitter.h"
#include "loops/Analysis.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <unordered_set>

namespace arr::codegen {

std::string cName(const std::string& arrName) {
  std::string name = "arr_";
  for (char c : arrName)
    name += c == '\'' ? std::string("_q") : std::string(1, c);
  return name;
}

namespace {

/// The checks of an entry's dimensions (loops::DimensionCheck), before its body: each
/// polynomial in the size arguments is evaluated as Dim::evaluate does (a term with
/// a zero factor is 0, a term must fit in i64, and so must the sum, taken in i128). One
/// that overflows or, as an array's size, is negative makes the function return 1 with
/// the runtime's message.
void checkDimensions(ModuleContext& module, const loops::Function& function, llvm::Function* made,
                     llvm::IRBuilder<>& builder) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  llvm::Type* i64 = builder.getInt64Ty();
  llvm::Type* i128 = builder.getInt128Ty();
  std::map<uint32_t, llvm::Value*> sizes;
  for (size_t i = 0; i < function.sizes.size(); ++i)
    sizes[function.sizes[i]->id] = made->getArg(static_cast<unsigned>(i));
  llvm::Function* negative =
      module.runtimeFunction("arrrt_set_negative_dimension_error",
                             llvm::FunctionType::get(builder.getVoidTy(), {ptr, i64}, false));
  llvm::Function* overflowing =
      module.runtimeFunction("arrrt_set_dimension_overflow_error",
                             llvm::FunctionType::get(builder.getVoidTy(), {ptr}, false));
  auto fail = [&](llvm::Value* condition, const char* name, const std::function<void()>& report) {
    auto* bad = llvm::BasicBlock::Create(context, name, made);
    auto* good = llvm::BasicBlock::Create(context, "checked", made);
    builder.CreateCondBr(condition, bad, good);
    builder.SetInsertPoint(bad);
    report();
    builder.CreateRet(builder.getInt32(1));
    builder.SetInsertPoint(good);
  };
  for (const loops::DimensionCheck& check : function.checks) {
    llvm::Value* total = llvm::ConstantInt::get(i128, 0);
    llvm::Value* overflow = builder.getFalse();
    for (const loops::DimensionCheck::Term& term : check.terms) {
      std::vector<llvm::Value*> factors;
      for (const loops::LocalP& size : term.sizes)
        factors.push_back(sizes.at(size->id));
      auto [product, termOverflow] =
          checkedProduct(builder, builder.getInt64(term.coefficient), factors);
      overflow = builder.CreateOr(overflow, termOverflow);
      total = builder.CreateAdd(total, builder.CreateSExt(product, i128));
    }
    llvm::Value* value = builder.CreateTrunc(total, i64);
    overflow =
        builder.CreateOr(overflow, builder.CreateICmpNE(builder.CreateSExt(value, i128), total));
    llvm::Value* text = builder.CreateGlobalString(check.text);
    fail(overflow, "overflows", [&] { builder.CreateCall(overflowing, {text}); });
    if (check.arraySize)
      fail(builder.CreateICmpSLT(value, builder.getInt64(0)), "negative", [&] {
        builder.CreateCall(negative, {text, value});
      });
  }
}

/// The buffers that `statements` read (or prefetch).
std::set<uint32_t> readBuffers(const loops::Block& statements) {
  std::set<uint32_t> read;
  std::unordered_set<uint32_t> seen; // expressions are DAGs shared between statements
  std::function<void(const loops::Expr&)> expr = [&](const loops::Expr& e) {
    if (!seen.insert(e.id).second) return;
    if (e.kind == loops::Expr::Kind::Load) read.insert(e.buffer->memory().id);
    for (const loops::ExprP& operand : e.operands)
      expr(*operand);
  };
  std::function<void(const loops::Block&)> block = [&](const loops::Block& body) {
    for (const loops::StmtP& s : body) {
      for (const loops::ExprP& operand : loops::operandsOf(*s))
        expr(*operand);
      // An update reads what it changes; a prefetch reads ahead. A view reads its base.
      if (s->kind == loops::Stmt::Kind::Prefetch || s->kind == loops::Stmt::Kind::Update)
        read.insert(s->buffer->memory().id);
      block(s->body);
      block(s->orElse);
    }
  };
  block(statements);
  return read;
}

/// A long array literal of constants as data: a private constant global.
llvm::GlobalVariable* constantGlobal(ModuleContext& module, const loops::ConstantArray& array) {
  llvm::LLVMContext& context = module.context();
  auto values = [&](auto convert) {
    std::vector<decltype(convert(loops::Scalar{}))> converted;
    converted.reserve(array.values.size());
    for (const loops::Scalar& value : array.values)
      converted.push_back(convert(value));
    return llvm::ConstantDataArray::get(context, converted);
  };
  auto real = [](const loops::Scalar& value) {
    return std::holds_alternative<double>(value) ? std::get<double>(value) : 0.0;
  };
  llvm::Constant* data = nullptr;
  switch (array.buffer->type) {
  case loops::Elem::F64:
    data = values([&](const loops::Scalar& value) { return real(value); });
    break;
  case loops::Elem::F32:
    data = values([&](const loops::Scalar& value) { return float(real(value)); });
    break;
  case loops::Elem::I64:
    data = values([](const loops::Scalar& value) {
      return std::holds_alternative<int64_t>(value) ? uint64_t(std::get<int64_t>(value)) : 0;
    });
    break;
  case loops::Elem::Bool:
    data = values([](const loops::Scalar& value) {
      return uint8_t(std::holds_alternative<bool>(value) && std::get<bool>(value));
    });
    break;
  }
  auto* global = new llvm::GlobalVariable(module.module, data->getType(), true,
                                          llvm::GlobalValue::PrivateLinkage, data, "literal");
  global->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
  global->setAlignment(llvm::Align(64));
  return global;
}

/// `int arr.entry.NAME(sizes..., params..., results...)`: checks the dimensions (unless
/// its caller does), runs the body; its arrays are noalias. Named so that no C name can
/// take it: an entry may be called like any runtime function (`entry last_error`). It is
/// called through the entry table of an executable, or by the C function arr_NAME
/// (cAbiFunction). It stays external (hidden): an internal function with thousands of
/// parameters (a large tuple) costs LLVM's interprocedural passes quadratic time.
llvm::Function* entryFunction(ModuleContext& module, const loops::Function& function,
                              bool checksDimensions) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  std::vector<llvm::Type*> params;
  for (size_t i = 0; i < function.sizes.size(); ++i)
    params.push_back(llvm::Type::getInt64Ty(context));
  for (const loops::Param& param : function.params)
    params.push_back(param.scalar ? module.registerType(param.scalar->type) : ptr);
  for (size_t i = 0; i < function.results.size(); ++i)
    params.push_back(ptr);
  auto* type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context), params, false);
  llvm::Function* made =
      module.makeFunction("arr.entry." + function.name, type, llvm::GlobalValue::ExternalLinkage);
  made->setVisibility(llvm::GlobalValue::HiddenVisibility);

  Emitter emitter(module, made);
  emitter.planLocals(function.body);
  llvm::IRBuilder<>& builder = emitter.builder();
  // The parameters' attributes are set at once, with those LLVM's function attribute
  // inference would add (nocapture: no copy of a pointer outlives the call; writeonly,
  // readnone): LLVM keeps every attribute list it was ever given, so adding them one by
  // one keeps a list per parameter, each as long as the parameters (gigabytes for a
  // tuple of ten thousand results).
  std::set<uint32_t> loaded = readBuffers(function.body);
  std::vector<llvm::AttributeSet> attributes(params.size());
  auto attribute = [&](unsigned argument, std::initializer_list<llvm::Attribute::AttrKind> kinds) {
    llvm::AttrBuilder set(context);
    for (llvm::Attribute::AttrKind kind : kinds)
      set.addAttribute(kind);
    attributes[argument] = llvm::AttributeSet::get(context, set);
  };
  unsigned argument = 0;
  for (const loops::LocalP& size : function.sizes)
    emitter.setLocal(size, made->getArg(argument++));
  for (const loops::Param& param : function.params) {
    if (param.scalar) {
      if (param.scalar->type == loops::Elem::Bool)
        made->addParamAttr(argument, llvm::Attribute::ZExt);
      emitter.setLocal(param.scalar, made->getArg(argument++));
    } else {
      attribute(argument, {llvm::Attribute::NoAlias, llvm::Attribute::NoCapture,
                           loaded.count(param.buffer->id) ? llvm::Attribute::ReadOnly
                                                          : llvm::Attribute::ReadNone});
      emitter.setBuffer(param.buffer, made->getArg(argument++));
    }
  }
  for (const loops::BufferP& result : function.results) {
    if (loaded.count(result->id))
      attribute(argument, {llvm::Attribute::NoAlias, llvm::Attribute::NoCapture});
    else
      attribute(argument,
                {llvm::Attribute::NoAlias, llvm::Attribute::NoCapture, llvm::Attribute::WriteOnly});
    emitter.setBuffer(result, made->getArg(argument++));
  }
  const llvm::AttributeList& existing = made->getAttributes();
  made->setAttributes(
      llvm::AttributeList::get(context, existing.getFnAttrs(), existing.getRetAttrs(), attributes));
  for (const loops::ConstantArray& constant : function.constants)
    emitter.setBuffer(constant.buffer, constantGlobal(module, constant));

  if (checksDimensions) checkDimensions(module, function, made, builder);
  emitter.segmentedBlock(function.body);
  builder.CreateRet(builder.getInt32(0));
  emitter.finishFailurePath();
  return made;
}

/// The value of a dimension of the entry's interface, and whether it overflows i64 (as
/// checkDimensions evaluates it).
std::pair<llvm::Value*, llvm::Value*> dimensionValue(llvm::IRBuilder<>& builder,
                                                     const runtime::SizePolynomial& dimension,
                                                     llvm::Function* made) {
  size_t variable = 0;
  if (dimension.isVariable(variable))
    return {made->getArg(static_cast<unsigned>(variable)), builder.getFalse()};
  llvm::Type* i128 = builder.getInt128Ty();
  llvm::Value* total = llvm::ConstantInt::get(i128, 0);
  llvm::Value* overflow = builder.getFalse();
  for (const runtime::SizeTerm& term : dimension.terms) {
    std::vector<llvm::Value*> factors;
    for (size_t variable : term.variables)
      factors.push_back(made->getArg(static_cast<unsigned>(variable)));
    auto [product, termOverflow] =
        checkedProduct(builder, builder.getInt64(term.coefficient), factors);
    overflow = builder.CreateOr(overflow, termOverflow);
    total = builder.CreateAdd(total, builder.CreateSExt(product, i128));
  }
  llvm::Value* value = builder.CreateTrunc(total, builder.getInt64Ty());
  overflow =
      builder.CreateOr(overflow, builder.CreateICmpNE(builder.CreateSExt(value, i128), total));
  return {value, overflow};
}

/// `int arr_NAME(sizes..., params..., results...)` for C hosts (LANGUAGE.md §9): checks
/// the dimensions, then the pointers (arrrt_prepare_call: no NULL array with elements, no
/// two results overlapping, a temporary for a result overlapping a parameter), and calls
/// the entry's body, whose array arguments are noalias, with storage that cannot alias.
/// Glue like uniformWrapper, and made so for the same reasons.
llvm::Function* cAbiFunction(ModuleContext& module, const loops::Function& function,
                             llvm::Function* body) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  llvm::Function* made = module.makeFunction(cName(function.name), body->getFunctionType(),
                                             llvm::GlobalValue::ExternalLinkage);
  made->addFnAttr(llvm::Attribute::NoInline);
  made->addFnAttr(llvm::Attribute::OptimizeNone);
  for (unsigned i = 0; i < body->arg_size(); ++i)
    if (body->hasParamAttribute(i, llvm::Attribute::ZExt))
      made->addParamAttr(i, llvm::Attribute::ZExt);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", made));
  checkDimensions(module, function, made, builder);

  CEntry c = cEntry(function);
  llvm::Type* i64 = builder.getInt64Ty();
  auto* argumentType = llvm::StructType::get(context, {ptr, i64, i64, ptr});
  const llvm::DataLayout& layout = module.module.getDataLayout();
  // The tables of arrrt_prepare_call: constant rows (element sizes and descriptions, all
  // in one string) copied in at once, then each row's pointer and count stored.
  struct Row {
    llvm::Value* data;
    const runtime::SignatureType* type;
    loops::Elem elem;
    std::string description;
  };
  auto table = [&](const std::vector<Row>& rows, const char* name) {
    llvm::Value* table = builder.CreateAlloca(
        argumentType, builder.getInt64(std::max<size_t>(rows.size(), 1)), name);
    if (rows.empty()) return table;
    std::string descriptions;
    std::vector<size_t> offsets;
    for (const Row& row : rows) {
      offsets.push_back(descriptions.size());
      descriptions += row.description + '\0';
    }
    llvm::Constant* text = llvm::ConstantDataArray::getString(context, descriptions, false);
    auto* textGlobal = new llvm::GlobalVariable(module.module, text->getType(), true,
                                                llvm::GlobalValue::PrivateLinkage, text, "names");
    std::vector<llvm::Constant*> constants;
    for (size_t i = 0; i < rows.size(); ++i)
      constants.push_back(llvm::ConstantStruct::get(
          argumentType,
          {llvm::ConstantPointerNull::get(ptr), builder.getInt64(0),
           builder.getInt64(int64_t(layout.getTypeAllocSize(module.memoryType(rows[i].elem)))),
           llvm::ConstantExpr::getInBoundsGetElementPtr(
               text->getType(), textGlobal,
               llvm::ArrayRef<llvm::Constant*>{builder.getInt64(0),
                                               builder.getInt64(int64_t(offsets[i]))})}));
    auto* arrayType = llvm::ArrayType::get(argumentType, rows.size());
    auto* initial =
        new llvm::GlobalVariable(module.module, arrayType, true, llvm::GlobalValue::PrivateLinkage,
                                 llvm::ConstantArray::get(arrayType, constants), "arguments");
    builder.CreateMemCpy(table, llvm::MaybeAlign(8), initial, llvm::MaybeAlign(8),
                         layout.getTypeAllocSize(arrayType));
    for (size_t i = 0; i < rows.size(); ++i) {
      // The element count, -1 when it or a dimension overflows (the dimensions were
      // checked, not their product).
      std::vector<llvm::Value*> dims;
      llvm::Value* overflow = builder.getFalse();
      for (const runtime::SizePolynomial& dimension : rows[i].type->shape) {
        auto [value, dimensionOverflow] = dimensionValue(builder, dimension, made);
        dims.push_back(value);
        overflow = builder.CreateOr(overflow, dimensionOverflow);
      }
      llvm::Value* count = dims.size() == 1 ? dims[0] : nullptr;
      if (!count) {
        auto [product, productOverflow] = checkedProduct(builder, builder.getInt64(1), dims);
        count = product;
        overflow = builder.CreateOr(overflow, productOverflow);
      }
      // A negative count reads as one that overflows (arrrt_argument).
      if (!llvm::isa<llvm::Constant>(overflow) ||
          !llvm::cast<llvm::Constant>(overflow)->isZeroValue())
        count = builder.CreateSelect(overflow, builder.getInt64(-1), count);
      builder.CreateStore(rows[i].data,
                          builder.CreateConstInBoundsGEP2_32(argumentType, table, unsigned(i), 0));
      builder.CreateStore(count,
                          builder.CreateConstInBoundsGEP2_32(argumentType, table, unsigned(i), 1));
    }
    return table;
  };

  std::vector<Row> paramRows, resultRows;
  unsigned firstParam = static_cast<unsigned>(function.sizes.size());
  for (size_t i = 0; i < function.params.size(); ++i) {
    if (function.params[i].scalar) continue;
    const runtime::SignatureParam& param = c.signature.params[i];
    paramRows.push_back({made->getArg(firstParam + unsigned(i)), &param.type,
                         function.params[i].buffer->type,
                         "the parameter " + param.name + " (" +
                             runtime::formatType(param.type, c.signature.sizes) + ")"});
  }
  unsigned firstResult = firstParam + unsigned(function.params.size());
  for (const CArgument& argument : c.arguments) {
    if (argument.role != CArgument::Role::Result) continue;
    const runtime::SignatureType& type = c.signature.results[argument.index];
    resultRows.push_back({made->getArg(firstResult + unsigned(argument.index)), &type,
                          function.results[argument.index]->type,
                          "the result " + argument.name + " (" +
                              runtime::formatType(type, c.signature.sizes) + ")"});
  }
  size_t arrayCount = paramRows.size();
  llvm::Value* params = table(paramRows, "params");
  llvm::Value* results = table(resultRows, "results");
  llvm::Value* storage = builder.CreateAlloca(
      ptr, builder.getInt64(std::max<size_t>(function.results.size(), 1)), "storage");
  llvm::Type* i32 = builder.getInt32Ty();
  llvm::Function* prepare = module.runtimeFunction(
      "arrrt_prepare_call", llvm::FunctionType::get(i32, {ptr, i64, ptr, i64, ptr}, false));
  llvm::Function* finish = module.runtimeFunction(
      "arrrt_finish_call", llvm::FunctionType::get(i32, {ptr, i64, ptr, i32}, false));
  llvm::Value* resultCount = builder.getInt64(int64_t(function.results.size()));
  llvm::Value* prepared = builder.CreateCall(
      prepare, {params, builder.getInt64(int64_t(arrayCount)), results, resultCount, storage});
  auto* refused = llvm::BasicBlock::Create(context, "refused", made);
  auto* call = llvm::BasicBlock::Create(context, "call", made);
  builder.CreateCondBr(builder.CreateICmpNE(prepared, builder.getInt32(0)), refused, call);
  builder.SetInsertPoint(refused);
  builder.CreateRet(builder.getInt32(1));

  builder.SetInsertPoint(call);
  std::vector<llvm::Value*> arguments;
  for (unsigned i = 0; i < firstResult; ++i)
    arguments.push_back(made->getArg(i));
  for (size_t i = 0; i < function.results.size(); ++i)
    arguments.push_back(
        builder.CreateLoad(ptr, builder.CreateConstInBoundsGEP1_64(ptr, storage, i)));
  llvm::CallInst* status = builder.CreateCall(body, arguments);
  for (unsigned i = 0; i < body->arg_size(); ++i)
    if (body->hasParamAttribute(i, llvm::Attribute::ZExt))
      status->addParamAttr(i, llvm::Attribute::ZExt);
  builder.CreateRet(builder.CreateCall(finish, {results, resultCount, storage, status}));
  return made;
}

/// `int (const int64_t* sizes, void* const* params, void* const* results)`, named with a
/// dot: no C name of an entry can take it.
llvm::Function* uniformWrapper(ModuleContext& module, const loops::Function& function,
                               llvm::Function* entry) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  auto* type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context), {ptr, ptr, ptr}, false);
  llvm::Function* made =
      module.makeFunction("arr.call." + function.name, type, llvm::GlobalValue::InternalLinkage);
  // Glue run once per call of the entry: compiled without optimisation, because LLVM's
  // code generator takes time quadratic in a call's arguments, and never inlined, because
  // inlining turns each noalias parameter into an alias scope on every memory access
  // (quadratic too, in the parameters and results of a large tuple).
  made->addFnAttr(llvm::Attribute::NoInline);
  made->addFnAttr(llvm::Attribute::OptimizeNone);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(context, "entry", made));
  std::vector<llvm::Value*> arguments;
  llvm::Type* i64 = builder.getInt64Ty();
  for (size_t i = 0; i < function.sizes.size(); ++i)
    arguments.push_back(
        builder.CreateLoad(i64, builder.CreateConstInBoundsGEP1_64(i64, made->getArg(0), i)));
  for (size_t i = 0; i < function.params.size(); ++i) {
    llvm::Value* pointer =
        builder.CreateLoad(ptr, builder.CreateConstInBoundsGEP1_64(ptr, made->getArg(1), i));
    const loops::Param& param = function.params[i];
    if (!param.scalar) {
      arguments.push_back(pointer);
    } else if (param.scalar->type == loops::Elem::Bool) {
      llvm::Value* byte = builder.CreateLoad(builder.getInt8Ty(), pointer);
      arguments.push_back(builder.CreateICmpNE(byte, builder.getInt8(0)));
    } else {
      arguments.push_back(builder.CreateLoad(module.registerType(param.scalar->type), pointer));
    }
  }
  for (size_t i = 0; i < function.results.size(); ++i)
    arguments.push_back(
        builder.CreateLoad(ptr, builder.CreateConstInBoundsGEP1_64(ptr, made->getArg(2), i)));
  builder.CreateRet(builder.CreateCall(entry, arguments));
  return made;
}

void entryTable(ModuleContext& module, const std::vector<EntryInterface>& entries,
                const std::vector<llvm::Function*>& wrappers) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  auto* rowType = llvm::StructType::get(context, {ptr, ptr, ptr});
  std::vector<llvm::Constant*> rows;
  for (size_t i = 0; i < entries.size(); ++i) {
    auto text = [&](const std::string& value, const std::string& name) {
      llvm::Constant* data = llvm::ConstantDataArray::getString(context, value);
      return new llvm::GlobalVariable(module.module, data->getType(), true,
                                      llvm::GlobalValue::PrivateLinkage, data, name);
    };
    rows.push_back(llvm::ConstantStruct::get(
        rowType, {text(entries[i].name, "entry.name"),
                  text(entries[i].signature, "entry.signature"), wrappers[i]}));
  }
  auto* tableType = llvm::ArrayType::get(rowType, rows.size());
  new llvm::GlobalVariable(module.module, tableType, true, llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantArray::get(tableType, rows), "arrrt_entry_table");
  new llvm::GlobalVariable(
      module.module, llvm::Type::getInt64Ty(context), true, llvm::GlobalValue::ExternalLinkage,
      llvm::ConstantInt::get(llvm::Type::getInt64Ty(context), rows.size()), "arrrt_entry_count");
}

} // namespace

std::unique_ptr<llvm::Module> generateModule(const loops::Program& program,
                                             const std::vector<EntryInterface>& entries,
                                             bool withEntryTable, const TargetOptions& target,
                                             llvm::LLVMContext& context) {
  auto module = std::make_unique<llvm::Module>("arr", context);
  std::unique_ptr<llvm::TargetMachine> machine = makeTargetMachine(target);
  module->setDataLayout(machine->createDataLayout());
  module->setTargetTriple(machine->getTargetTriple().str());
  ModuleContext shared{*module, llvm::AttrBuilder(context)};
  shared.relaxedFp = !program.strictFp;
  shared.segmentSize = target.segmentSize;
  shared.functionAttributes.addAttribute("target-cpu", machine->getTargetCPU());
  shared.functionAttributes.addAttribute("target-features", machine->getTargetFeatureString());
  shared.functionAttributes.addAttribute(llvm::Attribute::NoUnwind);

  std::vector<llvm::Function*> wrappers;
  for (const loops::Function& function : program.functions) {
    // An executable's harness allocates every argument itself: only C hosts need the
    // checks of cAbiFunction, which then checks the dimensions too.
    llvm::Function* entry = entryFunction(shared, function, withEntryTable);
    if (withEntryTable)
      wrappers.push_back(uniformWrapper(shared, function, entry));
    else
      cAbiFunction(shared, function, entry);
  }
  if (withEntryTable) entryTable(shared, entries, wrappers);

  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(*module, &out))
    throw std::logic_error("code generation made invalid LLVM IR: " + problems);
  return module;
}

} // namespace arr::codegen
