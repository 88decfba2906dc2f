-- The scatter example of the paper's §3.3: values sent to i div 2 are added.
entry main(): [6]i64 = scatter([6], [1, 2, 3, 4, 5, 6, 7, 8, 9], \i -> [i / 2])

-- RUN:
-- EXPECT: [3, 7, 11, 15, 9, 0]
