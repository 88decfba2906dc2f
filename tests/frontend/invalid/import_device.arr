-- error: 4:8: cannot import '/dev/zero': /dev/zero is not a regular file
-- An import of a device is refused without reading it (/dev/zero never ends), and
-- the message says what it is.
import "/dev/zero"
entry main(x: f64): f64 = x
