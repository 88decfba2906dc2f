#include "base/Elem.h"

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

} // namespace arr
