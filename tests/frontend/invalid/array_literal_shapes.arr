-- error: 3:29: array literal
-- Rows of different lengths.
entry main() = [[1.0, 2.0], [3.0]]
