-- Size stress for the BOT: 20 nested conds inside a build, every condition
-- depending on the index. Each cond becomes a gather over a transposed
-- two-element literal (Fig. 9's dependent cond rule and Fig. 11); the else
-- branch is the next cond, so the result grows linearly.
entry nested(a: [n]f64, b: [n]f64) =
  build([n], \i ->
    if a[i] > 1.0 then b[i] + 1.0 else (if a[i] > 2.0 then b[i] + 2.0 else (if a[i] > 3.0 then b[i] + 3.0 else (if a[i] > 4.0 then b[i] + 4.0 else (if a[i] > 5.0 then b[i] + 5.0 else (if a[i] > 6.0 then b[i] + 6.0 else (if a[i] > 7.0 then b[i] + 7.0 else (if a[i] > 8.0 then b[i] + 8.0 else (if a[i] > 9.0 then b[i] + 9.0 else (if a[i] > 10.0 then b[i] + 10.0 else (if a[i] > 11.0 then b[i] + 11.0 else (if a[i] > 12.0 then b[i] + 12.0 else (if a[i] > 13.0 then b[i] + 13.0 else (if a[i] > 14.0 then b[i] + 14.0 else (if a[i] > 15.0 then b[i] + 15.0 else (if a[i] > 16.0 then b[i] + 16.0 else (if a[i] > 17.0 then b[i] + 17.0 else (if a[i] > 18.0 then b[i] + 18.0 else (if a[i] > 19.0 then b[i] + 19.0 else (if a[i] > 20.0 then b[i] + 20.0 else a[i] * b[i]))))))))))))))))))))
