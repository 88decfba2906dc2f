-- error: 3:8: cannot find import
-- An import of a file that does not exist.
import "no_such_file_anywhere.arr"
entry main(x: f64): f64 = x
