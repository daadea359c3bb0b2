#!/usr/bin/env python3
"""Check every sample log against the touchlog/1 JSON Schema and the cross-line rules, and prove the checks bite.

Each line of sample-logs/*.jsonl, and of the recordings TouchlogRecorder's tests keep as goldens, is validated against docs/touchlog-1.schema.json; then the rules one line cannot
express are checked per session: the header comes first, `t` never goes backwards, nothing but a snapshot comes
before the first snapshot, ids are unique within a snapshot and every referenced id exists, touches begin before
they move or end. The deliberately cut last line of a `*-truncated.jsonl` file (a crashed recording) is the only
line skipped, and such a file must really end that way.

Then every fixture in Tests/Schema/invalid/ must be rejected, at the line and for the reason listed in
EXPECTED_REJECTIONS below: a checker that accepts a broken log, or rejects it for the wrong reason, fails the run.

Prints one line per file and closes with `N passed, N failed` (files); exits 1 on any failure.

Needs Python 3.9+ and the `jsonschema` package (4.x, for draft 2020-12). CI installs it with
`python3 -m pip install jsonschema` when `import jsonschema` fails (wired in .ci/run).

usage: python3 Tests/Schema/check_schema.py [-v]
"""
import json
import sys
from pathlib import Path

try:
    import jsonschema
except ImportError:
    sys.stderr.write("check_schema: the Python package 'jsonschema' is missing: install it with "
                     "'python3 -m pip install jsonschema' and run again\n")
    sys.exit(2)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_PATH = ROOT / "docs" / "touchlog-1.schema.json"
SAMPLES = ROOT / "sample-logs"
INVALID = Path(__file__).resolve().parent / "invalid"
RECORDER_GOLDENS = [ROOT / "Tests" / "TouchlogRecorderTests" / "Golden", ROOT / "Tests" / "TouchlogRecorderUIKitTests" / "Golden"]

# fixture name -> (line the first error must point at, text the error must contain)
EXPECTED_REJECTIONS = {
    "bad-phase.jsonl": (3, "'pressed' is not one of"),
    "missing-frame.jsonl": (2, "'frame' is a required property"),
    "string-x.jsonl": (3, "'196.5' is not of type 'number'"),
    "event-before-snapshot.jsonl": (2, "'touch' record before the first snapshot"),
    "t-backwards.jsonl": (5, "t goes backwards: 1.42 after 1.511"),
    "header-not-first.jsonl": (1, "the first record must be the 'session' header"),
    "unknown-id.jsonl": (3, "'promoFeild' is not an id of this session"),
    "target-for-action-without-answer.jsonl": (3, "'target' is a required property"),
    "object-without-class.jsonl": (2, "'class' is a required property"),
    "duplicate-id.jsonl": (2, "id 'emailField' appears twice in this snapshot"),
    "nan-number.jsonl": (3, "'NaN' is not a JSON number"),
    "cut-line-in-middle.jsonl": (3, "malformed JSON"),
    "keyboard-frame-three-numbers.jsonl": (4, "[0, 516, 393] is too short"),
    "key-without-length.jsonl": (4, "'key' record: needs 'text' or 'length'"),
    "ended-without-began.jsonl": (3, "touch 7 'ended' without 'began'"),
    "controller-cycle.jsonl": (2, "controllers form a cycle: 'parentVC' -> 'childVC' -> 'parentVC'"),
    "set-without-field.jsonl": (3, "'set' record: names no View field to change"),
    "unknown-type-without-t.jsonl": (3, "'t' is a required property"),
    "insert-live-id.jsonl": (3, "inserted id 'emailField' belongs to a view that is still in the hierarchy"),
    "recognizer-bad-state.jsonl": (3, "'swiped' is not one of"),
    "dropped-moves-on-began.jsonl": (3, "'began' is not one of ['ended', 'cancelled']"),
    "part-without-continues.jsonl": (1, "'continues' is a dependency of 'part'"),
    "dropped-without-to.jsonl": (5, "'to' is a required property"),
}

# record types that must come after the first snapshot (events and observations); unknown types are exempt
AFTER_SNAPSHOT = {"touch", "key", "set", "insert", "remove", "call", "action", "firstResponder", "keyboard", "sent",
                  "targetForAction", "keyWindow", "recognizer", "selection", "controlState", "time"}
BRANCH = {"session": "SessionRecord", "snapshot": "SnapshotRecord", "touch": "TouchRecord", "key": "KeyRecord",
          "set": "SetRecord", "insert": "InsertRecord", "remove": "RemoveRecord", "call": "CallRecord",
          "action": "ActionRecord", "firstResponder": "FirstResponderRecord", "keyboard": "KeyboardRecord",
          "sent": "SentRecord", "targetForAction": "TargetForActionRecord",
          "keyWindow": "KeyWindowRecord", "recognizer": "RecognizerRecord", "selection": "SelectionRecord",
          "controlState": "ControlStateRecord",
          "time": "TimeRecord",
          "dropped": "DroppedRecord"}


class LineError(Exception):
    def __init__(self, column, message):
        super().__init__(message)
        self.column = column
        self.message = message


def reject_constant(name):
    # Python's json module accepts NaN and Infinity; RFC 8259 and touchlog do not.
    raise ValueError(f"'{name}' is not a JSON number: write a finite number or leave the field out")


def reject_duplicate_keys(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise ValueError(f"key '{key}' appears twice in one object: keep one")
        seen[key] = value
    return seen


def parse_line(text):
    try:
        return json.loads(text, parse_constant=reject_constant, object_pairs_hook=reject_duplicate_keys)
    except json.JSONDecodeError as e:
        raise LineError(e.colno, f"malformed JSON ({e.msg.lower()} column {e.colno}): fix the line; a recording "
                                 f"cut by a crash may only end with the cut line") from None
    except ValueError as e:
        raise LineError(1, str(e)) from None


class SchemaChecker:
    """Validates one record; for a known type reports the errors of that type's branch, not oneOf's summary."""

    def __init__(self, schema):
        cls = jsonschema.Draft202012Validator
        cls.check_schema(schema)
        self.whole = cls(schema)
        self.branches = {t: cls({"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": f"#/$defs/{d}"})
                         for t, d in BRANCH.items()}
        self.unknown = cls({"$schema": schema["$schema"], "$defs": schema["$defs"], "$ref": "#/$defs/UnknownRecord"})

    def errors(self, record):
        if self.whole.is_valid(record):
            return []
        rtype = record.get("type") if isinstance(record, dict) else None
        validator = self.branches.get(rtype, self.unknown) if isinstance(rtype, str) else None
        errs = list(validator.iter_errors(record)) if validator else []
        if not errs:
            errs = [jsonschema.exceptions.best_match(self.whole.iter_errors(record))]
        out = []
        for e in sorted(errs, key=lambda e: list(e.absolute_path).__repr__()):
            where = "/".join(str(p) for p in e.absolute_path) or "record"
            if rtype == "key" and e.validator == "anyOf" and not e.absolute_path:
                out.append("'key' record: needs 'text' or 'length'")
            elif rtype == "set" and e.validator == "anyOf" and not e.absolute_path:
                out.append("'set' record: names no View field to change: add the field and its new value")
            elif rtype is None:
                out.append(f"{where}: {e.message}")
            else:
                out.append(f"'{rtype}' record, {where}: {e.message}")
        return out


def snapshot_ids(record, errors_out):
    """All object ids a snapshot declares, and the ids it references, reporting duplicates."""
    declared, refs = set(), []

    def declare(i):
        if i in declared:
            errors_out.append(f"id '{i}' appears twice in this snapshot: ids must be unique within a session")
        declared.add(i)

    def view(v):
        if not isinstance(v, dict):
            return
        declare(v.get("id"))
        for a in v.get("actions") or []:
            if isinstance(a, dict) and a.get("target") is not None:
                refs.append(("action target", a["target"]))
        if isinstance(v.get("delegate"), str):
            refs.append(("delegate", v["delegate"]))
        for g in v.get("gestureRecognizers") or []:
            if isinstance(g, dict):
                declare(g.get("id"))
                if isinstance(g.get("delegate"), str):
                    refs.append(("recognizer delegate", g["delegate"]))
                for a in g.get("actions") or []:
                    if isinstance(a, dict) and a.get("target") is not None:
                        refs.append(("recognizer action target", a["target"]))
                for other in g.get("requireToFail") or []:
                    refs.append(("requireToFail", other))
        for s in v.get("subviews") or []:
            view(s)

    for w in record.get("windows") or []:
        view(w)
    for d in record.get("detachedViews") or []:
        view(d)
    for c in record.get("controllers") or []:
        if isinstance(c, dict):
            declare(c.get("id"))
            for field in ("view", "parent", "presentingViewController"):
                if c.get(field) is not None:
                    refs.append((f"controller {field}", c[field]))
    app = record.get("application") or {}
    declare(app.get("id", "application"))
    delegate = app.get("delegate")
    if isinstance(delegate, dict) and "id" in delegate:
        declare(delegate["id"])
    for o in record.get("objects") or []:
        if isinstance(o, dict):
            declare(o.get("id"))
    return declared, refs


def controller_cycles(record):
    """Messages for controllers whose parent/presentingViewController links lead back to themselves."""
    links = {}
    for c in record.get("controllers") or []:
        if isinstance(c, dict):
            links[c.get("id")] = [c[f] for f in ("parent", "presentingViewController") if c.get(f) is not None]
    reported, out = set(), []

    def visit(node, path):
        if node in path:
            cycle = path[path.index(node):] + [node]
            if frozenset(cycle) not in reported:
                reported.add(frozenset(cycle))
                out.append("controllers form a cycle: " + " -> ".join(f"'{c}'" for c in cycle)
                           + ": a controller cannot contain or present one of its ancestors")
            return
        for nxt in links.get(node, []):
            visit(nxt, path + [node])

    for start in links:
        visit(start, [])
    return out


def tree_of(views):
    """Parent -> child ids for a list of Views (recognizers count as children of their view)."""
    children = {}

    def add(v):
        if not isinstance(v, dict):
            return
        kids = [g.get("id") for g in v.get("gestureRecognizers") or [] if isinstance(g, dict)]
        for sv in v.get("subviews") or []:
            if isinstance(sv, dict):
                kids.append(sv.get("id"))
                add(sv)
        children[v.get("id")] = kids

    for v in views:
        add(v)
    return children


def subtree_of(children, root):
    out, stack = [], [root]
    while stack:
        i = stack.pop()
        out.append(i)
        stack += children.get(i, [])
    return out


def subtree_ids(v):
    if not isinstance(v, dict):
        return []
    ids = [v.get("id")] + [g.get("id") for g in v.get("gestureRecognizers") or [] if isinstance(g, dict)]
    for s in v.get("subviews") or []:
        ids += subtree_ids(s)
    return ids


def references(record):
    """(what, id) pairs an event or observation names; null means 'none' and is not a reference."""
    rtype = record.get("type")
    fields = {"set": ["view"], "remove": ["view"], "call": ["view"], "insert": ["parent"],
              "firstResponder": ["view", "window"], "sent": ["target", "sender"], "action": ["target", "sender"],
              "touch": ["window", "view"], "targetForAction": ["responder", "target", "sender"],
              "keyWindow": ["window"], "recognizer": ["id"]}.get(rtype, [])
    return [(f, record[f]) for f in fields if isinstance(record.get(f), str)]


class SessionState:
    def __init__(self):
        self.last_t = None
        self.snapshot_seen = False
        self.known = set()
        self.children = {}  # the live view tree: id -> child ids
        self.active_touches = set()


def check_lines(lines, errors):
    """Cross-line checks over (line number, record) pairs; appends (line, column, message) to errors."""
    state = None
    for lineno, rec in lines:
        rtype = rec.get("type")
        if state is None and rtype != "session":
            errors.append((lineno, 1, f"the first record must be the 'session' header, found '{rtype}': "
                                      f"start the file with the recorder's session line"))
            state = SessionState()
        if rtype == "session":
            state = SessionState()
            continue
        t = rec.get("t")
        if isinstance(t, (int, float)) and not isinstance(t, bool):
            if state.last_t is not None and t < state.last_t:
                errors.append((lineno, 1, f"t goes backwards: {t} after {state.last_t}: records must be in "
                                          f"time order within a session"))
            state.last_t = t if state.last_t is None else max(t, state.last_t)
        if rtype in AFTER_SNAPSHOT and not state.snapshot_seen:
            errors.append((lineno, 1, f"'{rtype}' record before the first snapshot: the recorder must write a "
                                      f"snapshot of the hierarchy before any event"))
            continue
        if rtype == "snapshot":
            dup = []
            declared, refs = snapshot_ids(rec, dup)
            errors += [(lineno, 1, m) for m in dup + controller_cycles(rec)]
            state.children = tree_of(rec.get("windows") or [])
            for what, i in refs:
                if i not in declared:
                    errors.append((lineno, 1, f"{what} '{i}' is not an id in this snapshot"))
            state.snapshot_seen = True
            state.known |= declared
            continue
        if rtype == "insert":
            live = {i for kids in state.children.values() for i in kids} | set(state.children)
            for i in subtree_ids(rec.get("view")):
                if i in live:
                    errors.append((lineno, 1, f"inserted id '{i}' belongs to a view that is still in the hierarchy: "
                                              f"remove it first or give the new view its own id"))
                state.known.add(i)
            new = tree_of([rec.get("view")])
            state.children.update(new)
            if rec.get("parent") in state.children and isinstance(rec.get("view"), dict):
                state.children[rec["parent"]].append(rec["view"].get("id"))
        if rtype == "remove" and isinstance(rec.get("view"), str):
            for kids in state.children.values():
                if rec["view"] in kids:
                    kids.remove(rec["view"])
            for i in subtree_of(state.children, rec["view"]):
                state.children.pop(i, None)
        for what, i in references(rec):
            if i not in state.known:
                errors.append((lineno, 1, f"{what} '{i}' is not an id of this session: "
                                          f"check the spelling or record the object in a snapshot first"))
        if rtype == "touch":
            key, phase = rec.get("touch"), rec.get("phase")
            if phase == "began":
                if key in state.active_touches:
                    errors.append((lineno, 1, f"touch {key} 'began' again before it ended"))
                state.active_touches.add(key)
            elif key not in state.active_touches:
                errors.append((lineno, 1, f"touch {key} '{phase}' without 'began'"))
            if phase in ("ended", "cancelled"):
                state.active_touches.discard(key)


def check_file(path, schema_checker):
    """All errors in one file as 'path:line:column: message' strings, in line order."""
    errors = []
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        return [f"{path}:1:1: not UTF-8 (byte {e.start}): save the log as UTF-8"]
    raw_lines = text.split("\n")
    ends_with_newline = raw_lines[-1] == ""
    if ends_with_newline:
        raw_lines.pop()
    truncated_by_name = path.name.endswith("-truncated.jsonl")
    if truncated_by_name:
        cut = raw_lines[-1] if raw_lines else ""
        try:
            parse_line(cut)
            cut_is_broken = False
        except LineError:
            cut_is_broken = True
        if ends_with_newline or not cut_is_broken:
            how = "ends with a newline" if ends_with_newline else "has a complete last line"
            errors.append((len(raw_lines), 1, f"the file is named '*-truncated.jsonl' but {how}: cut the last "
                                              f"line mid-JSON without a newline, or rename the file"))
        else:
            raw_lines.pop()  # the deliberately cut line: the only line this checker skips
    records = []
    for lineno, line in enumerate(raw_lines, start=1):
        line = line[:-1] if line.endswith("\r") else line
        if not line.strip():
            continue
        try:
            rec = parse_line(line)
        except LineError as e:
            errors.append((lineno, e.column, e.message))
            continue
        if not isinstance(rec, dict):
            errors.append((lineno, 1, "a record must be a JSON object"))
            continue
        errs = schema_checker.errors(rec)
        errors += [(lineno, 1, m) for m in errs]
        if not errs:
            records.append((lineno, rec))
    check_lines(records, errors)
    errors.sort(key=lambda e: (e[0], e[1]))
    rel = path.relative_to(ROOT)
    return [f"{rel}:{line}:{col}: {msg}" for line, col, msg in errors]


def main(argv):
    verbose = "-v" in argv
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    checker = SchemaChecker(schema)
    passed = failed = 0

    samples = sorted(SAMPLES.glob("*.jsonl"))
    if not samples:
        print(f"FAIL no sample logs found in {SAMPLES}")
        failed += 1
    # What TouchlogRecorder writes: its golden recordings must be valid lines too.
    recorded = sorted(p for folder in RECORDER_GOLDENS for p in folder.glob("*.jsonl"))
    if not recorded:
        print("FAIL no recorder golden recordings found")
        failed += 1
    samples += recorded
    for path in samples:
        errs = check_file(path, checker)
        if errs:
            failed += 1
            print(f"FAIL {path.relative_to(ROOT)}")
            for e in errs:
                print(f"  {e}")
        else:
            passed += 1
            print(f"ok   {path.relative_to(ROOT)}")

    fixtures = sorted(INVALID.glob("*.jsonl"))
    names = {p.name for p in fixtures}
    for missing in sorted(set(EXPECTED_REJECTIONS) - names):
        failed += 1
        print(f"FAIL {INVALID.relative_to(ROOT)}/{missing}: listed in EXPECTED_REJECTIONS but the file is missing")
    for path in fixtures:
        rel = path.relative_to(ROOT)
        if path.name not in EXPECTED_REJECTIONS:
            failed += 1
            print(f"FAIL {rel}: no expected rejection listed: add it to EXPECTED_REJECTIONS")
            continue
        line, fragment = EXPECTED_REJECTIONS[path.name]
        errs = check_file(path, checker)
        hit = [e for e in errs if f":{line}:" in e.split(": ", 1)[0] + ":" and fragment in e]
        if hit:
            passed += 1
            print(f"ok   {rel} rejected as expected" + (f": {hit[0]}" if verbose else ""))
        else:
            failed += 1
            if not errs:
                print(f"FAIL {rel}: accepted, but it must be rejected at line {line} ({fragment!r})")
            else:
                print(f"FAIL {rel}: rejected for another reason; expected line {line} with {fragment!r}, got:")
                for e in errs:
                    print(f"  {e}")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
