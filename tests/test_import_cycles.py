"""No module of owsqt or of the tools imports itself back through others (issue: the house).

Package-level cycles are caught by the acyclic_siblings contract of lint-imports; this
test catches cycles between single modules too, deferred imports inside functions
included, so that a new one fails the build with its chain."""

from __future__ import annotations

import grimp


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one module (or a self-import)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    imported = sorted(graph.find_modules_directly_imported_by(child))
                    work.append((child, iter(imported)))
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                self_import = graph.direct_import_exists(importer=module, imported=module)
                if len(component) > 1 or self_import:
                    found.append(sorted(component))
    return found


def test_no_module_imports_itself_back():
    graph = grimp.build_graph("owsqt", "tools", include_external_packages=False)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    graph = grimp.ImportGraph()
    for name in ("a", "a.b", "a.c", "a.d"):
        graph.add_module(name)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.b")
    graph.add_import(importer="a.d", imported="a.b")
    assert _cycles(graph) == [["a.b", "a.c"]]
