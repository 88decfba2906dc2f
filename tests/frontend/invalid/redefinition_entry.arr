-- error: 4:7: redefinition of 'main'
-- A def and an entry with the same name.
def main(x: f64): f64 = x
entry main(x: f64): f64 = x
