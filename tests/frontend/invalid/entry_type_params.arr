-- error: 3:11: syntax error
-- Entries have no type parameters (LANGUAGE.md section 4: 'entry' NAME '(' params? ')').
entry main<T>(x: T): T = x
