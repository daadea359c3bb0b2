#!/usr/bin/env python3
"""What an app compiles and resolves when it adds touchlog for the recorder, and a check that it stays small.

The recorder's closure is read from SwiftPM itself (`swift package describe` with the default traits off, which is
how docs/recorder.md tells an app to add the package): every target reachable from the TouchlogRecorder and
TouchlogRecorderUIKit products. It prints each target with its lines of Swift and fails when

- the closure compiles more than LIMIT lines,
- a target in it depends on another package's product or on a system library (zlib, SQLite), or
- a source in it imports a module an app must not get from the recorder (the format, the model, the store, NIO, XML).

UIKitStandIn is left out of the count: it stands in for UIKit on Linux and macOS only (its dependency is conditional
on those platforms in Package.swift), so an iOS app never compiles it.

With --app it also makes a throwaway app package beside nothing of the project's, which adds this checkout with
`traits: []` and depends on TouchlogRecorderUIKit, resolves it (printing how many packages SwiftPM fetched) and builds
it; it fails when any package is resolved or the build fails.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

LIMIT = 7000
PRODUCTS = ["TouchlogRecorder", "TouchlogRecorderUIKit"]
# Modules whose code an app linking the recorder must not compile: the format's readers and importers (zlib, XML),
# the model, the store and its drivers.
FORBIDDEN_IMPORTS = {
    "TouchlogFormat", "ResponderCore", "TouchlogStore", "TouchlogReplay", "TouchlogReport", "CZlib", "GRDB",
    "PostgresNIO", "NIOCore", "NIOPosix", "NIOSSL", "FoundationXML", "SQLite3",
}
IMPORT_LINE = re.compile(r"^\s*(?:@_exported\s+|@testable\s+)?import\s+(?:\w+\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


def package_root():
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def describe(root):
    # No scratch folder is needed: with the default traits off nothing remote has to be resolved to describe it.
    out = subprocess.run(
        ["swift", "package", "--package-path", root, "--disable-default-traits", "describe", "--type", "json"],
        check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def closure(description):
    targets = {t["name"]: t for t in description["targets"]}
    products = {p["name"]: p for p in description["products"]}
    todo = [name for product in PRODUCTS for name in products[product]["targets"]]
    seen = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(targets[name].get("target_dependencies", []))
    return [targets[name] for name in sorted(seen)]


def count_lines(root, target):
    total = 0
    imports = set()
    for source in target.get("sources", []):
        with open(os.path.join(root, target["path"], source), encoding="utf-8") as handle:
            text = handle.read()
        total += text.count("\n")
        imports.update(IMPORT_LINE.findall(text))
    return total, imports


def check_closure(root, description):
    problems = []
    total = 0
    print(f"The recorder's compiled closure (products {', '.join(PRODUCTS)}, default traits off):")
    for target in closure(description):
        name = target["name"]
        if target["path"].startswith("Tests/"):
            print(f"  {name:<24} {'-':>6}  (stands in for UIKit off iOS; not compiled by an app)")
            continue
        if target.get("type") == "system-target" or target.get("module_type") == "SystemLibraryTarget":
            problems.append(f"{name} is a system library; the recorder must not link one")
        if target.get("product_dependencies"):
            problems.append(f"{name} depends on {', '.join(target['product_dependencies'])} of another package")
        lines, imports = count_lines(root, target)
        for module in sorted(imports & FORBIDDEN_IMPORTS):
            problems.append(f"{name} imports {module}, which an app linking the recorder must not compile")
        total += lines
        print(f"  {name:<24} {lines:>6} lines")
    print(f"  {'total':<24} {total:>6} lines (limit {LIMIT})")
    if total > LIMIT:
        problems.append(f"the recorder compiles {total} lines of Swift, more than {LIMIT}")
    return problems


def check_app(root, description):
    """Resolves and builds a throwaway app that adds this checkout the way docs/recorder.md says."""
    problems = []
    host_tools = {t["c99name"] for t in description["targets"] if t.get("type") == "executable"}
    with tempfile.TemporaryDirectory(prefix="touchlog-app-probe-") as app:
        # SwiftPM names a path dependency after its folder: link the checkout under the package's own name.
        link = os.path.join(app, "touchlog")
        os.symlink(root, link)
        probe = os.path.join(app, "AppProbe")
        os.makedirs(os.path.join(probe, "Sources", "AppProbe"))
        with open(os.path.join(probe, "Package.swift"), "w", encoding="utf-8") as handle:
            handle.write(
                "// swift-tools-version:6.1\n"
                "import PackageDescription\n"
                "let package = Package(\n"
                '    name: "AppProbe", platforms: [.iOS(.v16), .macOS(.v13)],\n'
                f'    dependencies: [.package(path: "{link}", traits: [])],\n'
                '    targets: [.target(name: "AppProbe", dependencies: [\n'
                '        .product(name: "TouchlogRecorderUIKit", package: "touchlog")])])\n')
        with open(os.path.join(probe, "Sources", "AppProbe", "AppProbe.swift"), "w", encoding="utf-8") as handle:
            # What docs/recorder.md has an app write, less what needs a real UIKit.
            handle.write(
                "import TouchlogRecorder\nimport TouchlogRecorderUIKit\n\n"
                'let configuration = RecorderConfiguration(recognizerEffects: ["dismissKeyboard": .endEditing])\n'
                "let screen = Size(390, 844)\n")
        scratch = os.path.join(app, "build")
        subprocess.run(["swift", "package", "--package-path", probe, "--scratch-path", scratch, "resolve"], check=True)
        checkouts = os.path.join(scratch, "checkouts")
        resolved = sorted(os.listdir(checkouts)) if os.path.isdir(checkouts) else []
        print(f"An app adding touchlog with traits: [] resolves {len(resolved)} packages"
              + (f": {', '.join(resolved)}" if resolved else ""))
        if resolved:
            problems.append("the app resolved other packages: " + ", ".join(resolved))
        build = subprocess.run(
            ["swift", "build", "--package-path", probe, "--scratch-path", scratch], capture_output=True, text=True)
        plugins = sorted(set(re.findall(r"Compiling plugin (\w+)", build.stdout)))
        compiled = sorted(set(re.findall(r"Compiling (\w+) ", build.stdout)) - {"plugin"})
        # A build-tool plugin's tool is built for the build machine wherever the plugin is declared, even when the
        # target it serves (TouchlogReport) is not built: it runs nowhere and is never linked into the app.
        tools = [name for name in compiled if name in host_tools]
        linked = [name for name in compiled if name not in host_tools]
        print(f"and compiles the modules {', '.join(linked)}" if linked else "and compiles nothing")
        if plugins or tools:
            print(f"  (for the build machine only, never linked: plugin {', '.join(plugins)}, tool {', '.join(tools)})")
        if build.returncode != 0:
            problems.append("the app did not build:\n" + build.stdout[-3000:] + build.stderr[-3000:])
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", action="store_true", help="also resolve and build a throwaway app that links it")
    arguments = parser.parse_args()
    root = package_root()
    description = describe(root)
    problems = check_closure(root, description)
    if arguments.app:
        problems += check_app(root, description)
    for problem in problems:
        print(f"recorder footprint: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
