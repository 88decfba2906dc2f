-- A while loop's literal state takes the type its step needs (LANGUAGE.md §2): the
-- state 0 becomes an f32 because the step adds the f32 x to it, and the 0.0 inside
-- the tuple's build an [n]f32 because the step adds w to it.
entry whileState(x: f32): f32 = while(10, \s -> s < 5.0, \s -> s + x, 0)
entry whileTuple(w: [n]f32): ([n]f32, i64) =
  while(10, \s -> s.1 < 3, \s -> (s.0 + w, s.1 + 1), (build([n], \_ -> 0.0), 0))
-- RUN: --entry whileState
-- INPUT: 0.75
-- EXPECT: 5.25
-- RUN: --entry whileTuple
-- INPUT: [0.5, 1.0]
-- EXPECT: [1.5, 3.0]
-- EXPECT: 3
