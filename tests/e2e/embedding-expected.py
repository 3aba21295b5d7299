"""What PyTorch says about the embeddings the <embedding-widget> specs set up: F.embedding's
output (one table row per position) and the gradient autograd sends back to the table, in
float32. The cases are the specs' own, the widget of every lesson whose element is an
<embedding-widget> (read from its front matter, named "lesson <file>"), and every exercise of
those lessons: its playground query over the lesson's settings, the number its `core:` line
names, and its stated answer, which this script checks against PyTorch before writing (the
lesson's claims; no likely mistake it lists may be right), and the numbers the exercises'
workings and likely mistakes state (WORKINGS). Writes embedding-expected.json beside this file; run with a Python that has
PyTorch: /usr/bin/python3 tests/e2e/embedding-expected.py"""
import torch
import torch.nn.functional as F

from lesson_expected import check_claims, exercises, layer_lesson_cases, write_expected

VOCABULARY = ["<pad>", "the", "cat", "sat", "on", "mat"]
DIM = 4
DEFAULT_WEIGHT = [
    0, 0, 0, 0,
    0.5, -0.25, 0.75, 0,
    1, 0.5, -0.5, 0.25,
    -0.5, 1, 0.25, -1,
    0.25, -0.5, -1, 0.5,
    0.75, 0.5, -0.25, -0.5,
]
DEFAULTS = {"weight": DEFAULT_WEIGHT, "indices": [1, 2, 3, 4, 1, 5], "paddingIdx": None, "gradOutput": "ones"}

# Each case is the widget's settings under their keys (the defaults where not given).
CASES = [
    {"name": "default"},
    {"name": "padding 0", "paddingIdx": 0, "indices": [1, 2, 0, 0]},
    {"name": "repeats and padding", "paddingIdx": 0, "indices": [0, 2, 2, 0, 5], "gradOutput": [
        1, -2, 0.5, 3, 2, 0.25, -1, 1, 4, 4, 4, 4, -0.5, 1.5, 2, -3, 0.75, -0.25, 1, 2]},
    {"name": "no padding", "indices": [0, 0, 3]},
    {"name": "the first number of the typed 2.5", "weight": [2.5 if i == 4 else v for i, v in enumerate(DEFAULT_WEIGHT)]},
    {"name": "a word added", "indices": [1, 2, 3, 4, 1, 5, 2]},
]


def run(case):
    settings = {**DEFAULTS, **case}
    n = len(settings["indices"])
    weight = torch.tensor(settings["weight"], dtype=torch.float32).view(len(VOCABULARY), DIM).requires_grad_(True)
    indices = torch.tensor(settings["indices"], dtype=torch.long)
    out = F.embedding(indices, weight, padding_idx=settings["paddingIdx"])
    grad = settings["gradOutput"]
    grad = torch.ones(n, DIM) if grad == "ones" else torch.tensor(grad, dtype=torch.float32).view(n, DIM)
    out.backward(grad)
    return {"output": out.detach().flatten().tolist(), "gradWeight": weight.grad.flatten().tolist()}


def query_settings(query, base):
    """The widget's settings from a link's query, over `base` (the names the links use)."""
    settings = dict(base)
    for part in query.split("&"):
        name, value = part.split("=", 1)
        if name == "indices":
            settings["indices"] = [int(v) for v in value.split(",")]
        elif name == "padding_idx":
            settings["paddingIdx"] = None if value == "none" else int(value)
        elif name == "grad_output":
            settings["gradOutput"] = "ones" if value == "ones" else [float(v) for v in value.split(",")]
        elif name == "weight":
            settings["weight"] = [float(v) for v in value.split(",")]
        else:
            raise ValueError(f"unknown query name {name}")
    return settings


def number(expected, spec):
    """The number an exercise's core line names: output P,D or grad_weight WORD,D."""
    what, at = spec.split(None, 1)
    row, dim = at.split(",")
    if what == "output":
        return expected["output"][(int(row) - 1) * DIM + int(dim) - 1]
    return expected["gradWeight"][VOCABULARY.index(row) * DIM + int(dim) - 1]


KEYS = {"weight": "weight", "indices": "indices", "padding_idx": "paddingIdx", "grad_output": "gradOutput"}


def embedding_workings(path, settings):
    """The numbers the embedding lesson's exercises state in their workings and likely mistakes,
    each under the settings it is about: the lesson's widget, or an exercise's playground query
    over it (exercises 2 to 4)."""
    under = [query_settings(exercise["playground"], settings) for exercise in exercises(path.read_text())]
    rows = lambda flat, width: [flat[i:i + width] for i in range(0, len(flat), width)]  # noqa: E731
    output = lambda case: rows(run(case)["output"], DIM)  # noqa: E731  position p is [p - 1]
    grad = lambda case, word: run(case)["gradWeight"][VOCABULARY.index(word) * DIM]  # noqa: E731  first number
    upstream = lambda case: [row[0] for row in rows(case["gradOutput"], DIM)]  # noqa: E731  first numbers, by position
    # 1: position 6 of the widget: the row it copies, and what the mistakes read instead.
    mat, the, pad = output(settings)[5], output(settings)[4], output(settings)[6]
    claims = [("0.75", mat[0]), ("0.5", mat[1]), ("-0.25", mat[2]), ("-0.5", mat[3]),
              ("0.75", the[2]), ("0", pad[2])]
    # 2: each position sends back its own number; the row of "the" and the rows the working lists.
    numbered = under[1]
    sent = upstream(numbered)
    claims += [("1", sent[0]), ("5", sent[4]), ("6", grad(numbered, "the")), ("2", grad(numbered, "cat")),
               ("3", grad(numbered, "sat")), ("4", grad(numbered, "on")), ("6", grad(numbered, "mat")),
               ("7", sent[6]), ("8", sent[7]), ("0", grad(numbered, "<pad>")),
               ("2", grad(settings, "the")), ("36", sum(sent))]
    # 3: the same gradient with "the" as the padding word.
    moved = under[2]
    sent = upstream(moved)
    claims += [("7", sent[6]), ("8", sent[7]), ("15", grad(moved, "<pad>")), ("0", grad(moved, "the")),
               ("6", grad(numbered, "the")), ("0", grad(numbered, "<pad>")),
               ("2", grad({**moved, "gradOutput": "ones"}, "<pad>"))]
    # 4: the padding row typed as 1, 2, 3, 4: position 8 copies it, and the row still gets no gradient.
    typed = under[3]
    claims += [(text, value) for text, value in zip(["1", "2", "3", "4"], output(typed)[7])]
    claims += [("0", grad(typed, "<pad>")), ("0", output(settings)[7][1])]
    return claims


WORKINGS = {"02-embedding.md": embedding_workings}


def check_text(path, settings):
    """The numbers a lesson's exercises state in their workings and mistakes, under its widget's settings."""
    check_claims(WORKINGS.get(path.name, lambda *_: [])(path, settings))


def lesson_cases():
    return layer_lesson_cases("embedding-widget", KEYS, DEFAULTS,
                              lambda exercise, settings: number(run(query_settings(exercise["playground"], settings)), exercise["core"]),
                              check_text)


def main():
    lessons, claims = lesson_cases()
    write_expected(__file__, CASES + lessons, run, claims)


if __name__ == "__main__":
    main()
