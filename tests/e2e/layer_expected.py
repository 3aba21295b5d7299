"""What the layer widgets' PyTorch scripts (embedding-expected.py, dropout-expected.py) read
from the lessons: the English lessons whose widget is a given element, with their widget block
and URL, and the fields of each exercise block, whose answers (and listed mistakes) they check
against PyTorch. Shared so each script keeps only its own PyTorch."""
import pathlib
import re

from lesson_widgets import LESSONS, lesson_widgets


def lessons_with(element):
    """(path, widget block, text, url) of every English lesson whose widget is `element`."""
    for name, url, widget in lesson_widgets(element):
        path = LESSONS / name.removeprefix("lesson ")
        yield path, widget, path.read_text(), url


def exercises(text):
    """Each exercise block's top-level fields (question, answer, playground, core, ...), and
    under "mistakes" the list of the likely wrong answers it names."""
    found = []
    for block in re.findall(r"```exercise\n(.*?)```", text, re.S):
        fields = dict(re.match(r"(\w+): ?(.*)", line).groups() for line in block.splitlines() if re.match(r"\w+:", line))
        fields["mistakes"] = re.findall(r"^  (-?[\d.]+):", block, re.M)
        found.append(fields)
    return found


def name_of(path):
    """How the expected files name a lesson's case: "lesson 03-a-layer/03-dropout.md"."""
    return f"lesson {path.relative_to(LESSONS)}"


def check_exercises(path, text, lesson_name, value_of):
    """Every exercise of a lesson against PyTorch: value_of(exercise) is PyTorch's number for its
    `core` line under its `playground` query; the stated answer must lie within the tolerance
    and no listed mistake may. Returns the claims the expected file records."""
    claims = []
    for i, exercise in enumerate(exercises(text), 1):
        value = value_of(exercise)
        answer = float(exercise["answer"])
        tolerance = float(exercise.get("tolerance", 0.005))
        assert abs(value - answer) <= tolerance, f"{path.name} exercise {i}: PyTorch {value}, the lesson says {answer}"
        for mistake in exercise["mistakes"]:
            assert abs(value - float(mistake)) > tolerance, f"{path.name} exercise {i}: the mistake {mistake} is right"
        claims.append({"lesson": lesson_name, "exercise": i, "playground": exercise["playground"], "core": exercise["core"], "answer": answer, "pytorch": value})
    return claims


def write_expected(script, cases, run, claims):
    """Writes <script>.json beside the script: each case with run(case) as its "expected"."""
    import json

    import torch

    script = pathlib.Path(script)
    out = {
        "generator": f"tests/e2e/{script.name}",
        "torch": torch.__version__,
        "cases": [{**case, "expected": run(case)} for case in cases],
        "exercises": claims,
    }
    script.with_suffix(".json").write_text(json.dumps(out, indent=1) + "\n")
