// The module of a program: per entry point the C ABI function of LANGUAGE.md
// §9, a uniform wrapper for the executable's harness, and the entry table.

#include "codegen/CodeGen.h"
#include "codegen/Emitter.h"

#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Target/TargetMachine.h>

#include <functional>
#include <map>
#include <stdexcept>

namespace arr::codegen {

std::string cName(const std::string& arrName) {
  std::string name = "arr_";
  for (char c : arrName)
    name += c == '\'' ? std::string("_q") : std::string(1, c);
  return name;
}

namespace {

/// The checks of an entry's dimensions (loops::DimensionCheck), before its body: each
/// polynomial in the size arguments is evaluated as sema::Dim::evaluate does (a term with
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
      module.runtimeFunction("arr_set_negative_dimension_error",
                             llvm::FunctionType::get(builder.getVoidTy(), {ptr, i64}, false));
  llvm::Function* overflowing =
      module.runtimeFunction("arr_set_dimension_overflow_error",
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

/// `int arr_NAME(sizes..., params..., results...)`: checks the dimensions, runs the body.
llvm::Function* entryFunction(ModuleContext& module, const loops::Function& function) {
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
      module.makeFunction(cName(function.name), type, llvm::GlobalValue::ExternalLinkage);

  Emitter emitter(module, made);
  llvm::IRBuilder<>& builder = emitter.builder();
  unsigned argument = 0;
  for (const loops::LocalP& size : function.sizes)
    emitter.setLocal(size, made->getArg(argument++));
  for (const loops::Param& param : function.params) {
    if (param.scalar) {
      if (param.scalar->type == loops::Elem::Bool)
        made->addParamAttr(argument, llvm::Attribute::ZExt);
      emitter.setLocal(param.scalar, made->getArg(argument++));
    } else {
      made->addParamAttr(argument, llvm::Attribute::NoAlias);
      made->addParamAttr(argument, llvm::Attribute::ReadOnly);
      emitter.setBuffer(param.buffer, made->getArg(argument++));
    }
  }
  for (const loops::BufferP& result : function.results) {
    made->addParamAttr(argument, llvm::Attribute::NoAlias);
    emitter.setBuffer(result, made->getArg(argument++));
  }

  checkDimensions(module, function, made, builder);
  emitter.block(function.body);
  builder.CreateRet(builder.getInt32(0));
  emitter.finishFailurePath();
  return made;
}

/// `int (const int64_t* sizes, void* const* params, void* const* results)`.
llvm::Function* uniformWrapper(ModuleContext& module, const loops::Function& function,
                               llvm::Function* entry) {
  llvm::LLVMContext& context = module.context();
  auto* ptr = llvm::PointerType::getUnqual(context);
  auto* type = llvm::FunctionType::get(llvm::Type::getInt32Ty(context), {ptr, ptr, ptr}, false);
  llvm::Function* made =
      module.makeFunction("arr_call_" + function.name, type, llvm::GlobalValue::InternalLinkage);
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
                           llvm::ConstantArray::get(tableType, rows), "arr_entry_table");
  new llvm::GlobalVariable(
      module.module, llvm::Type::getInt64Ty(context), true, llvm::GlobalValue::ExternalLinkage,
      llvm::ConstantInt::get(llvm::Type::getInt64Ty(context), rows.size()), "arr_entry_count");
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
  shared.functionAttributes.addAttribute("target-cpu", machine->getTargetCPU());
  shared.functionAttributes.addAttribute("target-features", machine->getTargetFeatureString());
  shared.functionAttributes.addAttribute(llvm::Attribute::NoUnwind);

  std::vector<llvm::Function*> wrappers;
  for (const loops::Function& function : program.functions) {
    llvm::Function* entry = entryFunction(shared, function);
    if (withEntryTable) wrappers.push_back(uniformWrapper(shared, function, entry));
  }
  if (withEntryTable) entryTable(shared, entries, wrappers);

  std::string problems;
  llvm::raw_string_ostream out(problems);
  if (llvm::verifyModule(*module, &out))
    throw std::logic_error("code generation made invalid LLVM IR: " + problems);
  return module;
}

} // namespace arr::codegen
