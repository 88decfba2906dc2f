-- error: 4:36: while: the condition returns (bool, bool), but it must return bool
-- A condition given by name that returns a pair: reported at the argument.
def both(s: f64): (bool, bool) = (s > 0.0, s < 1.0)
entry main(x: f64): f64 = while(5, both, \s -> s * 0.5, x)
