#!/usr/bin/env python3
"""Measure a replay page in headless Chromium: its size, the time from opening it to its first drawing, and the
time an ArrowRight step takes, at 1280 and 390 px wide. A benchmark (make bench-replay-page), not a test.

Prints one JSON object per width: bytes, load_to_drawn_s (navigation start to `html[data-ready]`, the page's
script having decoded every event and drawn the moment), step_ms (mean of 50 ArrowRight presses), the contract's
attributes at the moment opened, and any request that left the page (there must be none).

usage: python3 Tests/ReplayPage/measure_page.py PAGE.html [--at SECONDS]
"""
import argparse
import json
import os
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("page")
    parser.add_argument("--at", default=None, help="open at #t=SECONDS (default: the start)")
    args = parser.parse_args()
    path = Path(args.page).resolve()
    url = path.as_uri() + (f"#t={args.at}" if args.at else "")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 1000})
            outside = []

            def route(route_, request):
                if request.url.startswith(("file:", "data:")):
                    route_.continue_()
                else:
                    outside.append(request.url)
                    route_.abort()

            context.route("**/*", route)
            page = context.new_page()
            start = time.time()
            page.goto(url, timeout=120_000)
            page.wait_for_selector("html[data-ready]", timeout=120_000)
            drawn = time.time() - start
            state = page.eval_on_selector(
                "#screen", "s => [s.dataset.t, s.dataset.seq, s.dataset.firstResponder, s.dataset.keyboard]")
            steps = time.time()
            for _ in range(50):
                page.keyboard.press("ArrowRight")
            step_ms = (time.time() - steps) / 50 * 1000
            print(json.dumps({"width": width, "bytes": path.stat().st_size, "load_to_drawn_s": round(drawn, 2),
                              "step_ms": round(step_ms, 1), "state": state, "outside": outside}))
            context.close()
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
