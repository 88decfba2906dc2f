"""Adapter of GradBench's `lstm` eval, through samples/lstm/lstm.arr (ADBench's LSTM, which
GradBench's eval is). GradBench's main_params [2l, 4b] and state [2l, b] are the sample's
[l, 2, 4, b] and [l, 2, b] (the same numbers in the same order); the jacobian is the
gradient of main_params then extra_params, each flattened row by row."""
import numpy as np

SOURCE = "samples/lstm/lstm.arr"  # entries objective and objective_grad

ENTRIES = {"objective": "objective", "jacobian": "objective_grad"}


def prepare(function, input):
    main = np.asarray(input["main_params"], dtype=np.float64)
    state = np.asarray(input["state"], dtype=np.float64)
    layers, bits = main.shape[0] // 2, main.shape[1] // 4
    return ENTRIES[function], (main.reshape(layers, 2, 4, bits),
                               np.asarray(input["extra_params"], dtype=np.float64),
                               state.reshape(layers, 2, bits),
                               np.asarray(input["sequence"], dtype=np.float64))


def output(function, input, result):
    if function == "objective":
        return float(result)
    main, extra = result
    return np.concatenate([main.reshape(-1), extra.reshape(-1)]).tolist()
