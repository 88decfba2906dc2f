#include "base/Elem.h"

#include "runtime/ArrayValue.h"

namespace arr {

const char* toString(Elem elem) {
  switch (elem) {
  case Elem::F64:
    return "f64";
  case Elem::F32:
    return "f32";
  case Elem::I64:
    return "i64";
  case Elem::Bool:
    return "bool";
  }
  return "?";
}

runtime::Dtype dtypeOf(Elem elem) {
  switch (elem) {
  case Elem::F64:
    return runtime::Dtype::F64;
  case Elem::F32:
    return runtime::Dtype::F32;
  case Elem::I64:
    return runtime::Dtype::I64;
  case Elem::Bool:
    return runtime::Dtype::Bool;
  }
  return runtime::Dtype::F64;
}

} // namespace arr
