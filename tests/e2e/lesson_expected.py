"""What the expected-number scripts beside this file (<element>-expected.py) read from the
lessons and how they check them against PyTorch: the English lessons whose widget is a given
element (path, widget block, text, URL), each exercise block's fields, the exercises answered by
PyTorch under their playground settings (no listed mistake may be right), the prose's claims,
and the JSON file a script writes. Each script keeps only its own PyTorch."""
import contextlib
import importlib.util
import io
import pathlib
import re
import urllib.parse

import yaml

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "lessons"


def url_of(path):
    """/lessons/<module>/<lesson>/: the numbers before the names dropped, as the site does."""
    module, lesson = path.parent.name.split("-", 1)[1], path.stem.split("-", 1)[1]
    return f"/lessons/{module}/{lesson}/"


def name_of(path):
    """How the expected files name a lesson's case: "lesson 03-a-layer/03-dropout.md"."""
    return f"lesson {path.relative_to(LESSONS)}"


def lessons_with(element):
    """(path, widget block, text, url) of every English lesson whose widget is `element`, in file order."""
    for path in sorted(LESSONS.glob("*/*.md")):
        if path.name.endswith(".zh.md"):
            continue
        text = path.read_text()
        widget = (yaml.safe_load(text.split("---\n")[1]) or {}).get("widget") or {}
        if widget.get("element") == element:
            yield path, widget, text, url_of(path)


def lesson_widgets(element):
    """(name, url, widget) for every English lesson whose widget is `element`; name as name_of."""
    return [(name_of(path), url, widget) for path, widget, _, url in lessons_with(element)]


def python_code(lesson):
    """The first Python block of a lesson ("07-learning/03-lamb.md"), to run as the lesson
    prints it."""
    return (LESSONS / lesson).read_text().split("```python\n")[1].split("```")[0]


def printed_by(lesson):
    """What a lesson's Python block prints, line by line."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(python_code(lesson), {})
    return printed.getvalue().splitlines()


def golden_generator(family):
    """tests/golden/<family>/generate.py as a module: the one definition the core's golden data
    was made with, for a widget's numbers to come from the same lines (the module writes
    nothing on import)."""
    path = pathlib.Path(__file__).resolve().parents[1] / "golden" / family / "generate.py"
    spec = importlib.util.spec_from_file_location(f"{family}_generate", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def widget_settings(widget, keys):
    """The settings a widget block names: `keys` maps its front-matter names to settings keys."""
    return {key: widget[name] for name, key in keys.items() if name in widget}


def exercises(text):
    """Each exercise block's top-level fields (question, answer, playground, core, ...), and
    under "mistakes" the list of the likely wrong answers it names."""
    found = []
    for block in re.findall(r"```exercise\n(.*?)```", text, re.S):
        fields = dict(re.match(r"(\w+): ?(.*)", line).groups() for line in block.splitlines() if re.match(r"\w+:", line))
        fields["mistakes"] = re.findall(r"^  (-?[\d.]+):", block, re.M)
        found.append(fields)
    return found


def check_claims(claims):
    """Each (text, value): the value rounds to the text as written (a tiny value to 0.0000...)."""
    out = []
    for text, value in claims:
        decimals = len(text.split(".")[1]) if "." in text else 0
        assert f"{value:.{decimals}f}" == text or (float(text) == 0 and abs(value) < 0.5 * 10 ** -decimals), (text, value)
        out.append({"text": text, "value": value})
    return out


def lesson_cases(element, keys, parse, answer):
    """The lessons whose widget is `element`: their settings (`keys` maps front-matter names to
    settings keys), and each exercise with a core line answered by `answer(settings, core)`
    under its playground query (`parse(name, text)` reads one query value)."""
    cases = []
    for path, widget, text, url in lessons_with(element):
        base = widget_settings(widget, keys)
        answered = []
        for fields in exercises(text):
            if "core" not in fields:
                continue
            settings = playground_settings(base, fields.get("playground") or fields.get("settings"), keys, parse)
            value = answer(settings, fields["core"])
            assert abs(value - float(fields["answer"])) <= float(fields.get("tolerance", 0.005)), (fields["question"], value, fields["answer"])
            answered.append({"core": fields["core"], "settings": settings, "answer": fields["answer"], "pytorch": value})
        cases.append({"name": name_of(path), "url": url, **base, "exercises": answered})
    return cases


def playground_settings(base, query, keys, parse):
    """`base` with what an exercise's query sets: each name mapped by `keys` to a settings key,
    its value read by `parse(name, text)`."""
    settings = dict(base)
    for name, value in urllib.parse.parse_qsl(query or ""):
        settings[keys[name]] = parse(name, value)
    return settings


def check_lesson_exercises(element, keys, parse, answer):
    """Every exercise of the lessons whose widget is `element`, by check_exercises:
    answer(settings, core) is PyTorch's number under the lesson's settings with the exercise's
    playground query over them."""
    claims = []
    for path, widget, text, _ in lessons_with(element):
        base = widget_settings(widget, keys)
        claims += check_exercises(path, text, name_of(path), lambda exercise: answer(
            playground_settings(base, exercise["playground"], keys, parse), exercise["core"]))
    return claims


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


def layer_lesson_cases(element, keys, defaults, value_of, check_text=None):
    """The cases of the lessons whose widget is `element` (name, url and the settings their block
    names), and their exercises checked by check_exercises: value_of(exercise, settings) is
    PyTorch's number under the lesson's settings over `defaults`. check_text(path, settings),
    if given, checks the numbers the lesson's prose states."""
    cases, claims = [], []
    for path, widget, text, url in lessons_with(element):
        named = widget_settings(widget, keys)
        cases.append({"name": name_of(path), "url": url, **named})
        settings = {**defaults, **named}
        if check_text:
            check_text(path, settings)
        claims += check_exercises(path, text, name_of(path), lambda exercise: value_of(exercise, settings))
    return cases, claims


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
