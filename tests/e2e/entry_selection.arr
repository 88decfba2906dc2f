-- Several entry points and no `main`: --entry picks one; without it the run is an
-- error listing them; an unknown name is an error.
entry first(x: i64): i64 = x + 1

entry second(x: i64): i64 = x * 2

entry noInputs(): i64 = 42

-- RUN: --entry first
-- INPUT: 5
-- EXPECT: 6
-- RUN: --entry second
-- INPUT: 5
-- EXPECT: 10
-- RUN: --entry noInputs
-- EXPECT: 42
-- An entry without parameters does not read standard input (it does not wait for it).
-- RUN: --entry noInputs
-- INPUT: 1
-- EXPECT: 42
-- RUN:
-- INPUT: 5
-- EXPECT-ERROR: --entry
-- RUN: --entry third
-- INPUT: 5
-- EXPECT-ERROR: third
