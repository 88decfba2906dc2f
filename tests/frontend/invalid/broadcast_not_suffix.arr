-- error: 4:50: cannot add [b,n]f64 and [b]f64: the shape [b] is not [n], the last 1 dimension of [b,n]
-- Broadcasting replicates along leading dimensions only: [b] would have to be
-- the last dimension of [b,n] (there is no stretching to match a prefix).
entry main(m: [b,n]f64, v: [b]f64): [b,n]f64 = m + v
