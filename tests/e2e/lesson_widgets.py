"""The lessons whose widget is a given element, for the expected-number generators beside this
file: each English lesson's path, its front matter's `widget:` block and its page's URL."""
import pathlib

import yaml

LESSONS = pathlib.Path(__file__).resolve().parents[2] / "lessons"


def lesson_widgets(element):
    """(name, url, widget) for every English lesson whose widget is `element`, in file order;
    name is "lesson <file>" as the expected JSON names a lesson's case."""
    found = []
    for path in sorted(LESSONS.glob("*/*.md")):
        if path.name.endswith(".zh.md"):
            continue
        front = path.read_text().split("---\n")[1]
        widget = (yaml.safe_load(front) or {}).get("widget") or {}
        if widget.get("element") == element:
            found.append((f"lesson {path.relative_to(LESSONS)}", url_of(path), widget))
    return found


def url_of(path):
    """/lessons/<module>/<lesson>/: the numbers before the names dropped, as the site does."""
    module, lesson = path.parent.name.split("-", 1)[1], path.stem.split("-", 1)[1]
    return f"/lessons/{module}/{lesson}/"
