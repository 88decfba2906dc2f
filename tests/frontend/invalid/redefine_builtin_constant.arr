-- error: 3:5: cannot redefine built-in 'reshape'
-- Not even as a constant.
def reshape = 3
