"""What the expected-numbers scripts of the class widgets share (softmax-expected.py,
cross-entropy-expected.py): the lessons that show an element, their widget blocks, their
exercises answered by PyTorch under their playground settings, and the prose's claims checked
against PyTorch's values."""
import pathlib
import re
import urllib.parse

import yaml

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "lessons"


def url_of(path):
    """/lessons/<module>/<lesson>/: the numbers before the names dropped, as the site does."""
    module, lesson = path.parent.name.split("-", 1)[1], path.stem.split("-", 1)[1]
    return f"/lessons/{module}/{lesson}/"


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
    for path in sorted(LESSONS.glob("*/*.md")):
        if path.name.endswith(".zh.md"):
            continue
        text = path.read_text()
        widget = (yaml.safe_load(text.split("---\n")[1]) or {}).get("widget") or {}
        if widget.get("element") != element:
            continue
        base = {key: widget[name] for name, key in keys.items() if name in widget}
        exercises = []
        for block in re.findall(r"```exercise\n(.*?)```", text, re.S):
            # The block's top-level "key: value" lines (the course's own format, not YAML).
            fields = dict(re.findall(r"^(\w+): ?(.*)$", block, re.M))
            if "core" not in fields:
                continue
            settings = dict(base)
            for name, value in urllib.parse.parse_qsl(fields.get("playground") or fields.get("settings") or ""):
                settings[keys[name]] = parse(name, value)
            value = answer(settings, fields["core"])
            assert abs(value - float(fields["answer"])) <= float(fields.get("tolerance", 0.005)), (fields["question"], value, fields["answer"])
            exercises.append({"core": fields["core"], "settings": settings, "answer": fields["answer"], "pytorch": value})
        cases.append({"name": f"lesson {path.relative_to(LESSONS)}", "url": url_of(path), **base, "exercises": exercises})
    return cases
