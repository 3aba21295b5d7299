"""What torch.nn.TransformerEncoderLayer answers for the settings the <encoder-widget> specs set
up: one block (dropout 0, eval mode) on an unbatched input [L, d_model], started from the
transformer core's seeded start (encoderInit), which `encoder_init` of
tests/golden/transformer/generate.py draws again from the same SplitMix64 numbers and loads into
the module as its state_dict. Each stage is recorded by that file's `trace`, which runs the
module's own submodules (self_attn asked for each head's weights) and is checked to give the
module's output bit for bit; the parameter counts are sum(p.numel()) of the module's parameters
by part. The cases are the specs' own and the widget of every lesson whose element is
<encoder-widget> (read from its front matter, named "lesson <file>"), with each of their
exercises that names a number in its core line (under its playground query over the lesson's
settings), whose stated answer is checked before anything is written; so are the numbers the
lesson's text, its exercises' workings and their likely mistakes state (claims() below). Writes
encoder-expected.json beside this file; run with a Python that has PyTorch:
/usr/bin/python3 tests/e2e/encoder-expected.py"""
import torch

from lesson_expected import check_claims, golden_generator, lesson_cases, printed_by, write_expected


_golden = golden_generator("transformer")

# The widget's defaults (web/components/encoder-widget/settings.js): an input left out is the
# default's numbers taken over again, in order, until it fits the sizes.
DEFAULT_INPUT = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]
DEFAULTS = {"tokens": 3, "dModel": 4, "nhead": 2, "dimFeedforward": 8, "seed": 0, "normFirst": False,
            "activation": "relu", "selected": 1}
PYTORCH_LAYER = (512, 8, 2048)

# The largest block: six tokens of eight features, four heads, 32 hidden units.
LARGEST = {
    "tokens": 6, "dModel": 8, "nhead": 4, "dimFeedforward": 32, "seed": 999999999,
    "input": [0.5, -1, 2, 0, 1, 1, -0.5, 0.25, -2, 0, 1, 3, 0.1, 0.2, 0.3, 0.4, -1, -1, 1, 1, 4, -3, 0, 2,
              1, 0, -1, 2, 0.5, 0.5, 0.5, 0.5, -2, 1, 0, 0, 3, -1, 2, -2, 0, 0, 0, 1, 1.5, -0.5, -1, 0],
}

CASES = [
    {"name": "defaults"},
    {"name": "norm_first", "normFirst": True},
    {"name": "gelu", "activation": "gelu", "selected": 2},
    {"name": "gelu, norm_first", "activation": "gelu", "normFirst": True, "selected": 3},
    {"name": "a new start: seed 1", "seed": 1},
    {"name": "one head", "nhead": 1},
    {"name": "four heads", "nhead": 4},
    {"name": "a token added: its row taken from the default", "tokens": 4},
    {"name": "one token of two features, one hidden unit", "tokens": 1, "dModel": 2, "nhead": 1, "dimFeedforward": 1,
     "input": [3, -1]},
    {"name": "six tokens, d_model 8, four heads, 32 hidden units", **LARGEST, "selected": 6},
    {"name": "six tokens, d_model 8, norm_first, gelu", **LARGEST, "normFirst": True, "activation": "gelu", "selected": 2},
    {"name": "d_model 6, three hidden units, inputs of 100", "dModel": 6, "dimFeedforward": 3, "seed": 2026,
     "input": [100, -100, 0, 50, 1, -1, 0.5, 0, 0, 0, 0, 0, -100, 100, 100, -100, 25, 0]},
]


def fitted(values, count):
    """A default for other sizes: its numbers taken over again, in order."""
    return [values[i % len(values)] for i in range(count)]


def settings_of(case):
    """The case's settings over the defaults, the input left out fitted to its sizes."""
    s = {**DEFAULTS, **{key: value for key, value in case.items() if key in DEFAULTS}}
    s["input"] = case.get("input", fitted(DEFAULT_INPUT, s["tokens"] * s["dModel"]))
    return s


def counts(d, nhead, ff):
    """sum(p.numel()) of TransformerEncoderLayer(d, nhead, ff)'s parameters by part."""
    layer = torch.nn.TransformerEncoderLayer(d, nhead, ff)
    parts = {"attention": "self_attn.", "feedForward": "linear", "norms": "norm"}
    out = {key: sum(p.numel() for n, p in layer.named_parameters() if n.startswith(prefix)) for key, prefix in parts.items()}
    out["total"] = sum(p.numel() for p in layer.parameters())
    assert out["attention"] + out["feedForward"] + out["norms"] == out["total"]
    return out


def block(s):
    """The module's output and every stage, row-major, for settings `s`."""
    d, nhead, ff = s["dModel"], s["nhead"], s["dimFeedforward"]
    layer = torch.nn.TransformerEncoderLayer(d, nhead, ff, dropout=0.0, activation=s["activation"],
                                             norm_first=s["normFirst"]).eval()
    start, _ = _golden.encoder_init(d, ff, s["seed"])
    layer.load_state_dict(start)
    x = torch.tensor(s["input"], dtype=torch.float32).reshape(s["tokens"], d)
    with torch.no_grad():
        output = layer(x)
    stages = _golden.trace(layer, x)
    assert _golden.same_bits(stages["output"], output), "the traced stages differ from the module"
    flat = lambda tensor: tensor.reshape(-1).tolist()
    names = {"output": "output", "attention_weights": "attentionWeights", "attention_output": "attentionOutput",
             "residual1": "residual1", "norm1": "norm1", "norm2": "norm2", "hidden": "hidden",
             "feed_forward": "feedForward", "residual2": "residual2"}
    return {name: flat(stages[key]) for key, name in names.items()}


def run(case):
    s = settings_of(case)
    return {"settings": s, **block(s), "count": counts(s["dModel"], s["nhead"], s["dimFeedforward"]),
            "pytorchCount": counts(*PYTORCH_LAYER)}


# The numbers the lesson (lessons/09-the-transformer-and-the-reward/02-an-encoder-block.md and
# its .zh.md) states, each as (the text the lesson writes, PyTorch's value): lesson_expected's
# check_claims fails if a value does not round to its text. Statements without a number are asserted.
def claims():
    lesson, first = block(settings_of({})), block(settings_of({"normFirst": True}))
    row = lambda grid: grid[:4]
    # Try it: token 1 through the block, post-norm and pre-norm.
    out = [(text, value) for text, value in zip(["0.02", "0.15", "-0.11", "0.08"], row(lesson["attentionOutput"]))]
    out += [(text, value) for text, value in zip(["1.55", "0.19", "-1.00", "-0.75"], row(lesson["output"]))]
    out += [(text, value) for text, value in zip(["0.38", "0.51", "0.02", "-0.46"], row(first["output"]))]
    assert settings_of({})["input"][:4] == [1, 0, 0, 0]
    # Mix, then think: the start's weights are near-even, all between 0.28 and 0.40 (between 0.13
    # and 0.60 with norm_first).
    assert 0.28 <= min(lesson["attentionWeights"]) and max(lesson["attentionWeights"]) <= 0.40
    assert 0.13 <= min(first["attentionWeights"]) and max(first["attentionWeights"]) <= 0.60
    # Add, then normalise: token 1's sum, normalised to mean 0 and standard deviation 1.
    sums, normed = row(lesson["residual1"]), row(lesson["norm1"])
    out += [(text, value) for text, value in zip(["1.022", "0.145", "-0.108", "0.076"], sums)]
    out += [(text, value) for text, value in zip(["1.693", "-0.318", "-0.899", "-0.476"], normed)]
    mean = sum(normed) / 4
    assert abs(mean) < 1e-6 and abs((sum((v - mean) ** 2 for v in normed) / 4) ** 0.5 - 1) < 1e-4
    # Where the parameters are: TransformerEncoderLayer(512, 8) with dim_feedforward 2048.
    big, one_head = counts(512, 8, 2048), counts(512, 1, 2048)
    out += [("1050624", big["attention"]), ("2099712", big["feedForward"]), ("2048", big["norms"]),
            ("3152384", big["total"]), ("0.67", big["feedForward"] / big["total"]), ("2", big["feedForward"] / big["attention"])]
    assert torch.nn.TransformerEncoderLayer(512, 8).linear1.out_features == 2048 and one_head == big
    # Exercises' workings and likely mistakes. The first two count the widget's largest block, whose
    # counts the text does not give; the third normalises token 2, not the text's token 1; the
    # fourth counts one head's query rows of TransformerEncoderLayer(512, 8).
    largest = counts(8, 4, 32)
    assert largest == counts(8, 1, 32) == counts(8, 2, 32)
    out += [("288", largest["attention"]), ("256", 4 * 8 ** 2), ("32", 4 * 8), ("192", 3 * 8 ** 2),
            ("72", largest["attention"] / 4), ("80", counts(4, 2, 8)["attention"])]
    out += [("552", largest["feedForward"]), ("512", 2 * 8 * 32), ("40", 32 + 8), ("576", 2 * 8 * 32 + 2 * 32),
            ("296", 8 * 32 + 40)]
    second, normed2 = lesson["residual1"][4:8], lesson["norm1"][4:8]
    mean2 = sum(second) / 4
    squares = [(v - mean2) ** 2 for v in second]
    variance2 = sum(squares) / 4
    unbiased2 = sum(squares) / 3
    out += [(text, value) for text, value in zip(["0.0418", "1.1335", "-0.0961", "0.0997"], second)]
    out += [("0.2947", mean2), ("0.8388", second[1] - mean2), ("0.2396", variance2),
            ("0.4895", variance2 ** 0.5), ("1.714", normed2[1]), ("1.714", (second[1] - mean2) / variance2 ** 0.5),
            ("2.316", second[1] / variance2 ** 0.5), ("1.484", (second[1] - mean2) / unbiased2 ** 0.5),
            ("3.501", (second[1] - mean2) / variance2), ("1.693", normed[0])]
    out += [(text, value) for text, value in zip(["0.0640", "0.7035", "0.1527", "0.0380"], squares)]
    layer = torch.nn.TransformerEncoderLayer(512, 8).eval()
    attention = layer.self_attn
    query_rows = attention.in_proj_weight[:512]
    # Head h's queries are the columns h*64..h*64+63 of x W_q^T + b_q: rows h*64.. of W_q alone.
    x = torch.randn(3, 512, generator=torch.Generator().manual_seed(0))
    with torch.no_grad():
        queries = x @ query_rows.T + attention.in_proj_bias[:512]
        head = x @ query_rows[64:128].T + attention.in_proj_bias[64:128]
    assert attention.head_dim == 64 and torch.allclose(queries[:, 64:128], head)
    out += [("32768", query_rows[64:128].numel()), ("262144", query_rows.numel()), ("4096", 64 * 64),
            ("98304", 3 * query_rows[64:128].numel()), ("131328", big["attention"] / 8)]
    small = counts(4, 2, 8)
    out += [("80", small["attention"]), ("76", small["feedForward"]), ("16", small["norms"]), ("172", small["total"]),
            ("156", small["total"] - small["norms"])]
    # The lesson's PyTorch code prints the counts and the shape of an unbatched output.
    assert printed_by("09-the-transformer-and-the-reward/02-an-encoder-block.md") == [
        f"{big['attention']} {big['feedForward']} {big['norms']}", "torch.Size([3, 512])"]
    return out


KEYS = {"tokens": "tokens", "d_model": "dModel", "nhead": "nhead", "dim_feedforward": "dimFeedforward",
        "input": "input", "seed": "seed", "norm_first": "normFirst", "activation": "activation", "selected": "selected"}
COUNTS = {"tokens", "dModel", "nhead", "dimFeedforward", "seed", "selected"}
# The grids an exercise may name by their name in a core line: their key in block()'s result.
GRIDS = {"output": "output", "norm1": "norm1", "residual1": "residual1", "hidden": "hidden"}
PARTS = {"attention": "attention", "feed_forward": "feedForward", "norms": "norms", "total": "total"}


def query_value(name, value):
    """One value of an exercise's playground query, under its settings key's form."""
    key = KEYS[name]
    if key == "input":
        return [float(v) for v in value.split(",")]
    if key == "normFirst":
        assert value in ("true", "false"), value
        return value == "true"
    if key == "activation":
        assert value in ("relu", "gelu"), value
        return value
    return int(value)


def exercise_value(settings, spec):
    """The number an exercise's core line names: output|norm1|residual1|hidden T J,
    attention H T S (from 1), or count PART D H F."""
    words = spec.split()
    if words[0] == "count":
        return counts(*map(int, words[2:]))[PARTS[words[1]]]
    s = settings_of(settings)
    numbers = block(s)
    L = s["tokens"]
    if words[0] == "attention":
        head, query, key = map(int, words[1:])
        return numbers["attentionWeights"][((head - 1) * L + query - 1) * L + key - 1]
    row, column = map(int, words[1:])
    columns = s["dimFeedforward"] if words[0] == "hidden" else s["dModel"]
    return numbers[GRIDS[words[0]]][(row - 1) * columns + column - 1]


def main():
    torch.set_flush_denormal(False)
    torch.set_num_threads(1)
    check_claims(claims())
    lessons = lesson_cases("encoder-widget", KEYS, query_value, exercise_value)
    write_expected(__file__, CASES + lessons, run, [])


if __name__ == "__main__":
    main()
