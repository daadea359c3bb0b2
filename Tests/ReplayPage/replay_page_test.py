#!/usr/bin/env python3
"""Drive `touchlog replay SESSION --format html` pages in headless Chromium, against what the replay says.

For sample sessions, the page is written by the touchlog binary and the replay trace of the same session
(`--format jsonl`) is the reference. In Chromium (Debian's, through Playwright's `executable_path`; Playwright
cannot download browsers here) each page is

- opened at `#t=SECONDS` for several moments (at records, between them, before the first): the `<svg id="screen">`
  must carry `data-t` (that moment), `data-seq`, `data-first-responder` and `data-keyboard` as the trace's last line
  at or before the moment gives them;
- stepped with ArrowRight and ArrowLeft, event by event: each step shows the next (previous) line of the trace, and
  the address follows (`#t=` the line's time);
- clicked on a touch that began: the hit-test panel shows the model's explanation;
- watched for requests: every request is routed, and one that is not `file:` or `data:` fails the run.

Screenshots at 1280 and 390 px wide go to --screenshots (default .build/replay-page), for a person to look at.

Prints one line per check group and `N passed, N failed`; exits 1 on any failure, 2 when Playwright or Chromium
is missing (`python3 -m pip install playwright`, `apt-get install -y chromium`; .ci/run installs both).

usage: python3 Tests/ReplayPage/replay_page_test.py [--touchlog .build/debug/touchlog] [--screenshots DIR]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# (sample log, why it is here)
SAMPLES = [
    ("03-hidden-promo-field-keeps-typing.jsonl", "first responder hidden while keys go on; keyboard up"),
    ("04-keyboard-covers-delivery-notes.jsonl", "keyboard shows over the field"),
    ("09-transparent-toast-blocks-add-to-bag.jsonl", "an inserted view fades; taps blocked"),
    ("02-login-dismissing-window.jsonl", "the keyboard hides on a tap outside"),
]

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    sys.stderr.write("replay_page_test: the Python package 'playwright' is missing: "
                     "python3 -m pip install playwright\n")
    sys.exit(2)

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {what}")


def moment(t):
    """The page's spelling of a time: at most six decimals, no trailing zeros (JavaScript's Number to string)."""
    value = round(t * 1e6) / 1e6
    return str(int(value)) if value == int(value) else repr(value)


def run(touchlog, *args, stdout=None):
    return subprocess.run([touchlog, *args], check=True, stdout=stdout or subprocess.PIPE,
                          stderr=subprocess.PIPE, text=stdout is None)


def trace(touchlog, db, session):
    out = run(touchlog, "replay", "--db", db, session, "--format", "jsonl").stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def expected_at(lines, t):
    """The trace's last line at or before t (the first line before everything)."""
    chosen = lines[0]
    for line in lines:
        if line["t"] <= t + 5e-7:
            chosen = line
    return chosen


def state(page):
    return page.eval_on_selector("#screen", """svg => ({
        t: svg.getAttribute('data-t'), seq: svg.getAttribute('data-seq'),
        fr: svg.getAttribute('data-first-responder'), kb: svg.getAttribute('data-keyboard'),
        hash: location.hash })""")


def agrees(got, line, t_text, what):
    fr = line.get("firstResponder") or ""
    kb = "up" if line.get("keyboardVisible") else "down"
    check(got["t"] == t_text, f"{what}: data-t {got['t']!r}, expected {t_text!r}")
    check(got["seq"] == str(line["seq"]), f"{what}: data-seq {got['seq']}, expected {line['seq']}")
    check(got["fr"] == fr, f"{what}: data-first-responder {got['fr']!r}, expected {fr!r}")
    check(got["kb"] == kb, f"{what}: data-keyboard {got['kb']!r}, expected {kb!r}")
    check(got["hash"] == "#t=" + t_text, f"{what}: address {got['hash']!r}, expected '#t={t_text}'")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--touchlog", default=str(ROOT / ".build/debug/touchlog"))
    parser.add_argument("--screenshots", default=str(ROOT / ".build/replay-page"))
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        sys.stderr.write(f"replay_page_test: no Chromium at {CHROMIUM}: apt-get install -y chromium\n")
        return 2
    shots = Path(args.screenshots)
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        db = str(Path(tmp) / "touchlog.sqlite")
        run(args.touchlog, "ingest", "--quiet", "--db", db, *[str(ROOT / "sample-logs" / s) for s, _ in SAMPLES])
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for sample, why in SAMPLES:
            header = json.loads((ROOT / "sample-logs" / sample).read_text().splitlines()[0])
            session = header["session"]
            lines = trace(args.touchlog, db, session)
            page_path = Path(tmp) / f"replay-{session}.html"
            with open(page_path, "w") as out:
                run(args.touchlog, "replay", "--db", db, session, "--format", "html", stdout=out)
            url = page_path.as_uri()
            outside = []
            context = browser.new_context(viewport={"width": 1280, "height": 1000})

            def route(route_, request):
                if request.url.startswith(("file:", "data:")):
                    route_.continue_()
                else:
                    outside.append(request.url)
                    route_.abort()

            context.route("**/*", route)
            page = context.new_page()
            errors = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: None if r.url.startswith(("file:", "data:")) else outside.append(r.url))

            def open_at(t_text):
                page.goto("about:blank")
                page.goto(f"{url}#t={t_text}")
                page.wait_for_selector("html[data-ready]")

            # Moments: before the first record, at records, halfway between two, the last.
            times = sorted({line["t"] for line in lines})
            moments = [times[0], times[-1]] + times[1:-1:max(1, len(times) // 6)]
            moments += [(a + b) / 2 for a, b in zip(times, times[1:]) if b - a > 0.01][:4]
            for t in moments:
                t_text = moment(t)
                open_at(t_text)
                agrees(state(page), expected_at(lines, float(t_text)), t_text, f"{sample} at #t={t_text}")
            open_at(moment(times[0] - 1) if times[0] >= 1 else "0")
            got = state(page)
            first = expected_at(lines, times[0])
            check(got["seq"] == str(first["seq"]), f"{sample} before the first record: data-seq {got['seq']}")

            # Event by event from the start, then back.
            open_at(moment(lines[0]["t"]))
            index = max(k for k, line in enumerate(lines) if line["t"] <= lines[0]["t"] + 5e-7)
            page.focus("body")
            steps = min(len(lines) - 1 - index, 40)
            for _ in range(steps):
                page.keyboard.press("ArrowRight")
                index += 1
                agrees(state(page), lines[index], moment(lines[index]["t"]), f"{sample} ArrowRight to line {lines[index]['seq']}")
            for _ in range(min(steps, 10)):
                page.keyboard.press("ArrowLeft")
                index -= 1
                agrees(state(page), lines[index], moment(lines[index]["t"]), f"{sample} ArrowLeft to line {lines[index]['seq']}")

            # A touch that began: its dot shows the model's hit test.
            began = next((line for line in lines if line["type"] == "touch" and line.get("phase") == "began"), None)
            if began:
                open_at(moment(began["t"]))
                # Several records may share the moment: step back to the touch's own line.
                for _ in range(10):
                    if state(page)["seq"] == str(began["seq"]):
                        break
                    page.keyboard.press("ArrowLeft")
                page.click("circle.touch", force=True)
                text = page.inner_text("#explain")
                check(text.startswith("hit test at"), f"{sample}: the touch's hit test, got {text[:80]!r}")
                hit = began.get("view") or ""
                check(f"({hit})" in text or not hit, f"{sample}: the hit test names the hit view {hit!r}")

            # The findings the report makes of this session are listed and each jumps to its moment.
            findings = page.eval_on_selector_all("#findings button[data-seek]", "bs => bs.map(b => b.getAttribute('data-seek'))")
            report = json.loads(run(args.touchlog, "report", "--db", db, "--no-config", "--session", session,
                                    "--format", "json").stdout)
            starts = sorted(f["span"]["start"] for p in report["problems"] for f in p["findings"])
            check(sorted(float(s) for s in findings) == starts,
                  f"{sample}: findings on the page {findings}, the report's {starts}")
            if findings:
                page.click("#findings button[data-seek]")
                check(state(page)["t"] == moment(float(findings[0])), f"{sample}: a finding's button jumps to it")

            # A click on the timeline jumps to the moment under it.
            page.locator("#timeline").scroll_into_view_if_needed()
            box = page.locator("#timeline").bounding_box()
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            clicked = state(page)
            middle = (times[0] + times[-1]) / 2
            check(abs(float(clicked["t"]) - middle) <= (times[-1] - times[0]) / 25,
                  f"{sample}: a click mid-timeline shows {clicked['t']}, expected about {middle}")
            line = expected_at(lines, float(clicked["t"]))
            check(clicked["seq"] == str(line["seq"]) and clicked["hash"] == "#t=" + clicked["t"],
                  f"{sample}: after a click on the timeline, line {clicked['seq']} and {clicked['hash']}")

            # Play at 200x from the start, by the keyboard: the moment moves on and the address follows it.
            open_at(moment(times[0]))
            page.focus("#play")
            page.keyboard.press("Enter")
            check(page.get_attribute("#play", "aria-pressed") == "true", f"{sample}: Enter on Play plays")
            page.select_option("#speed", "200")
            page.wait_for_timeout(600)
            page.focus("#play")
            page.keyboard.press("Enter")
            page.wait_for_timeout(500)
            played = state(page)
            check(float(played["t"]) > times[0], f"{sample}: playing moved the moment on ({played['t']})")
            check(played["hash"] == "#t=" + played["t"], f"{sample}: after playing the address is {played['hash']}")
            line = expected_at(lines, float(played["t"]))
            check(played["fr"] == (line.get("firstResponder") or "") and played["seq"] == str(line["seq"]),
                  f"{sample}: after playing the drawing is line {line['seq']}'s, got {played}")

            page.goto(f"{url}#t={moment(times[len(times) // 2])}")
            page.wait_for_selector("html[data-ready]")
            page.screenshot(path=str(shots / f"{Path(sample).stem}-1280.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(shots / f"{Path(sample).stem}-390.png"), full_page=True)
            width = page.evaluate("document.documentElement.scrollWidth")
            check(width <= 390, f"{sample}: at 390 px the page is {width} px wide (scrolls sideways)")
            check(not outside, f"{sample}: requests left the page: {outside}")
            check(not errors, f"{sample}: script errors: {errors}")
            print(f"{sample}: {len(lines)} lines, {len(moments)} moments, {steps} steps ({why})")
            context.close()
        browser.close()
    print(f"{passed} passed, {failed} failed; screenshots in {shots}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
