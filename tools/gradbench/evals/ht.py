"""Adapter of GradBench's `ht` eval: the model's nested lists become the entries' arrays
(base positions [vertices, 4] and weights [vertices, bones] as the JSON holds them, the
4 x 4 matrices row-major), and an empty `us` selects the "simple" entries. Residuals go
back as one list [3 * correspondences]; the Jacobian, which the entries return column by
column, as a list of rows."""
import numpy as np


def prepare(function, input):
    data, model = input["data"], input["data"]["model"]
    us = np.asarray(input["us"], dtype=np.float64)
    args = [np.asarray(input["theta"], dtype=np.float64)]
    if us.size:
        args.append(us.reshape(-1, 2))
    args += [np.asarray(model["parents"], dtype=np.int64),
             np.asarray(model["base_relatives"], dtype=np.float64),
             np.asarray(model["inverse_base_absolutes"], dtype=np.float64),
             np.asarray(model["base_positions"], dtype=np.float64),
             np.asarray(model["weights"], dtype=np.float64),
             np.bool_(model["is_mirrored"])]
    if us.size:
        args.append(np.asarray(model["triangles"], dtype=np.int64))
    args += [np.asarray(data["correspondences"], dtype=np.int64),
             np.asarray(data["points"], dtype=np.float64)]
    entry = "complicated" if us.size else "simple"
    return entry + ("Jacobian" if function == "jacobian" else ""), tuple(args)


def output(function, input, result):
    if function == "objective":
        return result.reshape(-1).tolist()
    if isinstance(result, tuple):  # complicated: the columns of us, then theta's
        result = np.concatenate(result)
    return result.reshape(result.shape[0], -1).T.tolist()
