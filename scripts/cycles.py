#!/usr/bin/env python3
"""Import cycles between modules of the crate (python3, standard library only).

Usage: python3 scripts/cycles.py [--edges] [SRC_DIR]   (default: src)
       --edges also lists what each top-level module of a crate imports.

Reads every module file reachable from src/lib.rs and src/main.rs through `mod`
declarations, and lists the paths each one names: `use` trees and inline paths that
start with `crate::`, `super::` or `self::`, and `use` paths that start with a child
module. A name re-exported by a module (`pub use child::Name;` in a `mod.rs`) is
followed to the module that defines it, so a child importing `super::Name` depends on
its sibling `child`, not on the facade, and the re-export itself (a module publishing
its own child) is no edge. Comments and string literals are skipped, and so are test
modules (`tests`, inline or in files), which may use any part of the crate.

Each path gives an edge at one level of the module tree: between two top-level modules
of a crate, or between two children of one module (the module's own file counts as one
of them, named `mod`; the crate root's, `(root)`). Reports every cycle (strongly connected set of more than one
module) at every level, with the lines that make its edges; exits with 1 if there is
one, else 0.
"""

import os
import re
import sys

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"


def strip(text):
    """The text with comments and string/char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not re.match(r"\w", text[i - 1:i] or " "):
            hashes = re.match(r"r(#*)\"", text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append(re.sub(r"[^\n]", " ", text[i:end]))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append(re.sub(r"[^\n]", " ", text[i:j + 1]))
            i = j + 1
        elif c == "'":
            # A char literal ('a', '\n', '\u{..}'), not a lifetime ('a).
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of segments; () is the crate root
        self.file = file
        self.children = {}  # name -> Module (file modules only)
        self.reexports = {}  # name -> absolute path (tuple) it names
        self.uses = []  # (line, absolute path, inline module path)


def parse_use_tree(text):
    """The paths of a use tree (without `use` and `;`), as lists of segments; the
    last segment of each is the name imported (`self` kept as such)."""
    text = text.strip()
    paths = []

    def walk(s, prefix):
        s = s.strip()
        if not s:
            return
        if s.startswith("{") or "::{" in s or s.startswith("::{"):
            head, _, rest = s.partition("{")
            head = [p for p in head.strip().rstrip(":").split("::") if p]
            inner = rest[: rest.rfind("}")]
            for part in split_top(inner):
                walk(part, prefix + head)
            return
        s = re.sub(r"\s+as\s+" + IDENT + r"$", "", s)
        paths.append(prefix + [p.strip() for p in s.split("::") if p.strip()])

    walk(text, [])
    return paths


def split_top(s):
    parts, depth, cur = [], 0, []
    for ch in s:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    parts.append("".join(cur))
    return parts


def resolve(segments, here, children):
    """The absolute path of `segments` named in module `here` (a tuple), or None for
    paths outside the crate (std, other crates)."""
    if not segments:
        return None
    first = segments[0]
    if first == "crate":
        return tuple(segments[1:])
    if first in ("super", "self"):
        base = list(here)
        i = 0
        while i < len(segments) and segments[i] in ("super", "self"):
            if segments[i] == "super":
                if not base:
                    return None
                base.pop()
            i += 1
        return tuple(base + segments[i:])
    if first in children:
        return tuple(list(here) + segments)
    return None


def scan(src, root_file, crate):
    """Every module file of the crate rooted at `root_file`."""
    modules = {}

    def load(path, file, mod_dir):
        m = Module(path, file)
        modules[path] = m
        raw = open(file, encoding="utf-8").read()
        text = strip(raw)
        lines_at = [0]
        for k, ch in enumerate(text):
            if ch == "\n":
                lines_at.append(k + 1)

        def line_of(pos):
            lo, hi = 0, len(lines_at) - 1
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if lines_at[mid] <= pos:
                    lo = mid
                else:
                    hi = mid - 1
            return lo + 1

        # Inline modules (`mod tests { ... }`): the module path at each offset.
        inline = []  # (start, end, name)
        for mm in re.finditer(r"\bmod\s+(" + IDENT + r")\s*\{", text):
            depth, j = 1, mm.end()
            while j < len(text) and depth:
                depth += {"{": 1, "}": -1}.get(text[j], 0)
                j += 1
            inline.append((mm.start(), j, mm.group(1)))

        def module_at(pos):
            p = list(path)
            for start, end, name in inline:
                if start <= pos < end:
                    p.append(name)
            return tuple(p)

        # File modules declared here (`mod x;`, maybe with #[path = "..."]).
        decl = re.compile(
            r'((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(' + IDENT + r")\s*;"
        )
        for mm in decl.finditer(text):
            attrs, name = mm.group(1), mm.group(2)
            where = re.search(r'#\[path\s*=\s*"([^"]+)"\]', raw[mm.start():mm.end()])
            if where:
                child = os.path.join(os.path.dirname(file), where.group(1))
                child_dir = os.path.join(os.path.dirname(child), name)
            else:
                a = os.path.join(mod_dir, name + ".rs")
                b = os.path.join(mod_dir, name, "mod.rs")
                child = a if os.path.exists(a) else b
                child_dir = os.path.join(mod_dir, name)
            if not os.path.exists(child):
                continue
            sub = module_at(mm.start()) + (name,)
            m.children[name] = load(sub, child, child_dir)

        children_here = set(m.children)
        for mm in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text):
            here = module_at(mm.start())
            kids = children_here if here == path else set()
            for segs in parse_use_tree(mm.group(2)):
                if segs and segs[-1] == "self":
                    segs = segs[:-1]
                target = resolve(segs, here, kids)
                if target is None:
                    continue
                facade = mm.group(1) and here == path and target[: len(path)] == path
                if not facade:
                    m.uses.append((line_of(mm.start()), target, here))
                if mm.group(1) and here == path and segs and segs[-1] != "*":
                    m.reexports[segs[-1]] = target
        used = set()
        for mm in re.finditer(r"\buse\s+[^;]+;", text):
            used.update(range(mm.start(), mm.end()))
        for mm in re.finditer(r"(?<![\w:])(?:crate|super|self)(?:\s*::\s*" + IDENT + r")+", text):
            if mm.start() in used:
                continue
            here = module_at(mm.start())
            segs = [s.strip() for s in mm.group(0).split("::")]
            target = resolve(segs, here, set())
            if target is not None and segs[0] != "self":
                m.uses.append((line_of(mm.start()), target, here))
        return m

    root_dir = os.path.dirname(root_file)
    load((), root_file, root_dir)
    return modules


def defining_module(target, modules, seen=None):
    """The file module that defines what the absolute path `target` names, following
    re-exports."""
    seen = seen or set()
    for k in range(len(target), -1, -1):
        prefix = target[:k]
        if prefix in modules:
            m = modules[prefix]
            if k < len(target) and target[k] in m.reexports and (prefix, target[k]) not in seen:
                seen.add((prefix, target[k]))
                again = m.reexports[target[k]] + target[k + 1:]
                return defining_module(again, modules, seen)
            return prefix
    return ()


def edges(modules, src):
    """(level, from, to) -> [file:line] for every dependency between two modules."""
    out = {}
    for m in modules.values():
        for line, target, here in m.uses:
            if "tests" in here:
                continue
            t = defining_module(target, modules)
            s = m.path
            if s == t:
                continue
            k = 0
            while k < min(len(s), len(t)) and s[k] == t[k]:
                k += 1
            level = s[:k]
            own = "(root)" if not level else "mod"
            a = s[k] if len(s) > k else own
            b = t[k] if len(t) > k else own
            where = "%s:%d" % (os.path.relpath(m.file, os.path.dirname(src)), line)
            places = out.setdefault((level, a, b), [])
            if where not in places:
                places.append(where)
    return out


def cycles(graph):
    """Strongly connected sets of more than one node (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def main():
    args = sys.argv[1:]
    show_edges = "--edges" in args
    args = [a for a in args if a != "--edges"]
    src = args[0] if args else "src"
    bad = 0
    for root, crate in (("lib.rs", "library"), ("main.rs", "binary")):
        root_file = os.path.join(src, root)
        if not os.path.exists(root_file):
            continue
        modules = scan(src, root_file, crate)
        found = edges(modules, src)
        levels = {}
        for (level, a, b) in found:
            levels.setdefault(level, {}).setdefault(a, set()).add(b)
        if show_edges:
            for a, bs in sorted(levels.get((), {}).items()):
                print("%s crate: %s -> %s" % (crate, a, ", ".join(sorted(bs))))
        for level in sorted(levels):
            name = "::".join(level) if level else "(top level)"
            for comp in cycles(levels[level]):
                bad += 1
                print("%s crate, %s: cycle between %s" % (crate, name, ", ".join(comp)))
                for a in comp:
                    for b in comp:
                        if (level, a, b) in found:
                            places = found[(level, a, b)]
                            more = " (+%d more)" % (len(places) - 3) if len(places) > 3 else ""
                            print("    %s -> %s: %s%s" % (a, b, ", ".join(places[:3]), more))
    if bad:
        print("%d cycle(s)" % bad)
        return 1
    print("no cycles")
    return 0


if __name__ == "__main__":
    sys.exit(main())
