#!/usr/bin/env python3
"""Puts the page together as one file: bundle.py OUT index.html style.css app.js worker.js dlx-web.js

The styles and the page's script go inline; the worker's source (the
WebAssembly module's JavaScript, its wasm inlined, then worker.js) goes
into a <script type="text/plain" id="worker-source">, from which app.js
makes the worker through a Blob: that is what works from file://.
"""
import sys


def inline(text: str, what: str) -> str:
    # Inside <script> and <style> only "</script", "</style" and "<!--" end or confuse the element.
    for bad in ("</script", "</style", "<!--"):
        if bad in text.lower():
            sys.exit(f"bundle.py: {what} holds {bad!r}, which would end its element early")
    return text


def main() -> None:
    out, page, style, app, worker, module = sys.argv[1:7]

    def read(path: str) -> str:
        with open(path, encoding="utf-8") as f:
            return f.read()

    html = read(page)
    swaps = {
        '<link rel="stylesheet" href="style.css">': "<style>\n" + inline(read(style), "style.css") + "</style>",
        '<script src="app.js"></script>': "<script>\n" + inline(read(app), "app.js") + "</script>",
        '<script type="text/plain" id="worker-source"></script>':
            '<script type="text/plain" id="worker-source">\n'
            + inline(read(module), "dlx-web.js") + "\n" + inline(read(worker), "worker.js") + "</script>",
    }
    for old, new in swaps.items():
        if html.count(old) != 1:
            sys.exit(f"bundle.py: {page} should hold {old!r} once")
        html = html.replace(old, new)
    with open(out, "w", encoding="utf-8") as f:
        f.write(html)


main()
