-- error: 3:9: recursion
-- Constants defined from each other.
def a = b
def b = a + 1
