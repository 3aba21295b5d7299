"""What every family's golden generator shares (tests/golden/<family>/generate.py): seeded
random tensors and the text of the golden format (tests/golden/pool/README.md).

A generator imports it with its folder's parent on sys.path:
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))
    from golden_text import floats, format_float, ints, seeded
"""

import zlib

import numpy as np
import torch


def seeded(name):
    """A generator seeded by a case's name: adding or reordering cases changes no other case."""
    return torch.Generator().manual_seed(zlib.crc32(name.encode()))


def format_float(value):
    """Shortest text that reads back as the same float32, also through a double (as JS does)."""
    f32 = np.float32(value)
    text = str(f32)  # numpy prints the shortest round-tripping float32: '0.1', 'nan', '-inf'
    back = np.float32(float(text))
    assert (np.isnan(back) and np.isnan(f32)) or (back == f32 and np.signbit(back) == np.signbit(f32)), text
    return text


def floats(t):
    return " ".join(format_float(v) for v in t.detach().reshape(-1).tolist())


def ints(values):
    return " ".join(str(int(v)) for v in values)
