-- error: 4:8: cannot import '../valid': 
-- error-contains: valid is a directory
-- An import naming a directory (tests/frontend/valid) says so.
import "../valid"
entry main(x: f64): f64 = x
