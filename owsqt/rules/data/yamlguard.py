"""The guard against hostile YAML: size, duplicate keys, alias bombs, deep nesting and numbers
too long to read.

Before anything is composed, the file's size is bounded (:data:`MAX_BYTES`) and one pass over
its parser events, each dropped once counted, bounds its values (:data:`MAX_NODES`), so that a
list of millions of items is refused before it costs a node tree. One iterative walk of the
composed node tree, before anything is constructed, then checks the rest and records the line
of every key path. Aliases are shared nodes in the tree, so a "billion laughs" costs nothing
until something expands it: the walk counts every node it reaches a second time and stops at
:data:`ALIAS_BUDGET`, long before the expansion grows.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import yaml

__all__ = [
    "ALIAS_BUDGET",
    "MAX_BYTES",
    "MAX_DIGITS",
    "MAX_NESTING",
    "MAX_NODES",
    "PureSafeLoader",
    "YamlRefusal",
    "check_document",
    "child_index",
    "child_key",
    "count_nodes",
    "mapping_key",
    "nesting_refusal",
]

#: Lists and mappings may nest this deep; the shipped data uses 10 levels.
MAX_NESTING = 50

#: Aliases may repeat this many nodes in all, counting everything under each alias.
ALIAS_BUDGET = 1000

#: A data file is at most this large; the largest shipped is under 20 KB.
MAX_BYTES = 4 * 1024 * 1024

#: A data file holds at most this many values (scalars, lists, mappings, aliases); the
#: largest shipped holds about 1,300.
MAX_NODES = 200_000

#: An integer or a float is written in at most this many characters: Python refuses int()
#: over 4,300 digits, and no count, strength or hex of the game needs more than a few.
MAX_DIGITS = 30
_NUMBER_TAGS = ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float")

_STR_TAG = "tag:yaml.org,2002:str"
_MERGE_TAG = "tag:yaml.org,2002:merge"
_MERGE_KEY = object()  # the merge key "<<" in the duplicate check, apart from any text key
_QUOTE = 40  # messages quote at most this much of the offending text


class YamlRefusal(Exception):
    """Hostile or ambiguous YAML refused before construction; load_yaml adds the file."""

    def __init__(
        self,
        expected: str,
        found: str,
        *,
        line: int,
        column: int | None = None,
        key_path: str = "",
    ) -> None:
        self.expected = expected
        self.found = found
        self.line = line
        self.column = column
        self.key_path = key_path
        super().__init__(f"line {line}: expected {expected}, found {found}")


def nesting_refusal(line: int, column: int | None = None, *, alias: bool = False) -> YamlRefusal:
    """The refusal of a list or mapping nested deeper than :data:`MAX_NESTING` (1-based place)."""
    return YamlRefusal(
        f"lists and mappings nested at most {MAX_NESTING} levels deep",
        "deeper nesting through an alias" if alias else "deeper nesting",
        line=line,
        column=column,
    )


class PureSafeLoader(yaml.SafeLoader):
    """The pure-Python safe loader (for a PyYAML built without libyaml), bounded in depth.

    Its composer recurses once per level, so a deeply nested file would end in RecursionError;
    this one stops at :data:`MAX_NESTING` levels. (libyaml stops at 1000 levels by itself, and
    :func:`check_document` holds both loaders to :data:`MAX_NESTING`.)
    """

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: yaml.Node | None, index: Any) -> yaml.Node | None:
        if not self.check_event(yaml.SequenceStartEvent, yaml.MappingStartEvent):
            return super().compose_node(parent, index)
        if self._depth >= MAX_NESTING:
            event: yaml.Event = self.peek_event()  # type: ignore[no-untyped-call]
            mark = event.start_mark or self.get_mark()
            raise nesting_refusal(mark.line + 1, mark.column + 1)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def count_nodes(loader: yaml.SafeLoader) -> None:
    """Read a fresh ``loader``'s events to the end, each dropped once counted, and refuse the
    document at the value beyond :data:`MAX_NODES` or nested deeper than :data:`MAX_NESTING`:
    a memory of one event, whatever the file holds, before anything is composed (the loader
    is spent: compose with another)."""
    values = depth = 0
    while loader.check_event():
        event = loader.get_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if not isinstance(event, yaml.NodeEvent):  # a scalar, an alias, a list or mapping
            continue
        mark = event.start_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, None)
        values += 1
        if values > MAX_NODES:
            raise YamlRefusal(
                f"at most {MAX_NODES:,} values in a data file", "more", line=line, column=column
            )
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_NESTING:
                raise nesting_refusal(line, column)


def number_refusal(node: yaml.ScalarNode, key_path: str) -> YamlRefusal | None:
    """The refusal of a number written in more than :data:`MAX_DIGITS` characters (None: it
    is no number, or short enough), before anything converts it."""
    if node.tag not in _NUMBER_TAGS or len(node.value) <= MAX_DIGITS:
        return None
    return YamlRefusal(
        f"a number of at most {MAX_DIGITS} characters",
        f"one of {len(node.value):,}",
        line=node.start_mark.line + 1,
        column=node.start_mark.column + 1,
        key_path=key_path,
    )


def child_key(key_path: str, key: str) -> str:
    """The key path of ``key`` in the mapping at ``key_path``."""
    return f"{key_path}.{key}" if key_path else key


def child_index(key_path: str, index: int) -> str:
    """The key path of item ``index`` in the list at ``key_path``."""
    return f"{key_path}[{index}]"


def mapping_key(raw: object) -> str | None:
    """A mapping key as text: text as is, integers as digits, anything else None."""
    # Integer keys (hex numbers such as 2428, die rolls) are common in our files; anything
    # else (booleans from an unquoted `no:`, nulls, floats) is almost certainly a mistake.
    if isinstance(raw, str):
        return raw
    if isinstance(raw, int) and not isinstance(raw, bool):
        return str(raw)
    return None


def _quote(text: str) -> str:
    if len(text) > _QUOTE:
        text = text[: _QUOTE - 3] + "..."
    return repr(text)


# One node to visit: the node, its key path, how many lists and mappings hold it, the line
# where it is written (its key's line in a mapping, its list's line in a list), and the alias
# it was reached through as (key path, line), or None outside any alias.
_Visit = tuple[yaml.Node, str, int, int, tuple[str, int] | None]


def check_document(
    root: yaml.Node, construct_key: Callable[[yaml.ScalarNode], object]
) -> dict[str, int]:
    """Check a composed document and return the 1-based line of every key path in it.

    Raises :class:`YamlRefusal` for a key given twice in one mapping, a list or mapping as a
    key, nesting deeper than :data:`MAX_NESTING`, aliases that repeat more than
    :data:`ALIAS_BUDGET` nodes and a number longer than :data:`MAX_DIGITS`. ``construct_key``
    builds the value of a scalar key that is not plain text (integers, booleans), so ``1``
    and ``0x1`` are the same key. The walk keeps no
    Python recursion, so no nesting can exhaust the stack.
    """
    lines: dict[str, int] = {}
    seen: set[int] = set()
    repeated = 0
    stack: list[_Visit] = [(root, "", 0, root.start_mark.line + 1, None)]
    while stack:
        node, path, depth, written, alias = stack.pop()
        first_visit = id(node) not in seen
        if first_visit:
            seen.add(id(node))
        else:
            if alias is None:
                alias = (path, written)
            repeated += 1
            if repeated > ALIAS_BUDGET:
                raise YamlRefusal(
                    f"aliases (*name) that repeat at most {ALIAS_BUDGET} values in all",
                    "more (an alias bomb?)",
                    line=alias[1],
                    key_path=alias[0],
                )
        # What an alias repeats is placed where the alias is written, not at its anchor.
        lines.setdefault(path, node.start_mark.line + 1 if alias is None else alias[1])
        if isinstance(node, yaml.ScalarNode):
            refusal = number_refusal(node, path)
            if refusal is not None:
                raise refusal
            continue
        line = node.start_mark.line + 1
        if depth >= MAX_NESTING:
            if alias is not None:
                raise nesting_refusal(alias[1], alias=True)
            raise nesting_refusal(line, node.start_mark.column + 1)
        if isinstance(node, yaml.SequenceNode):
            for index in range(len(node.value) - 1, -1, -1):
                stack.append((node.value[index], child_index(path, index), depth + 1, line, alias))
        elif isinstance(node, yaml.MappingNode):
            children = _mapping_children(node, path, construct_key, check=first_visit)
            for child, child_path, key_line in reversed(children):
                stack.append((child, child_path, depth + 1, key_line, alias))
    return lines


def _mapping_children(
    node: yaml.MappingNode,
    path: str,
    construct_key: Callable[[yaml.ScalarNode], object],
    *,
    check: bool,
) -> list[tuple[yaml.Node, str, int]]:
    """The values of a mapping to visit, as (node, key path, key line), merges last.

    With ``check``, a key given twice and a list or mapping as a key are refused. The values
    of a merge key (``<<: *base``) come after the mapping's own keys so that its own keys,
    which win over merged ones, give the lines.
    """
    children: list[tuple[yaml.Node, str, int]] = []
    merges: list[tuple[yaml.Node, str, int]] = []
    first_keys: dict[object, yaml.Node] = {}
    for key_node, value_node in node.value:
        key_line = key_node.start_mark.line + 1
        if not isinstance(key_node, yaml.ScalarNode):
            kind = "a list" if isinstance(key_node, yaml.SequenceNode) else "a mapping"
            raise YamlRefusal("a text or number as key", f"{kind} as key", line=key_line)
        if key_node.tag == _MERGE_TAG:
            key: object = _MERGE_KEY
            key_path = path
            # `<<: *base` or `<<: [*base, *other]`: the merged keys become this mapping's.
            merged = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
            merges.extend((item, path, key_line) for item in merged)
        else:
            refusal = number_refusal(key_node, path)
            if refusal is not None:
                raise refusal
            key = key_node.value if key_node.tag == _STR_TAG else construct_key(key_node)
            text = mapping_key(key)
            key_path = path if text is None else child_key(path, text)
            if text is not None:
                children.append((value_node, key_path, key_line))
        if check and first_keys.setdefault(key, key_node) is not key_node:
            first_line = first_keys[key].start_mark.line + 1
            raise YamlRefusal(
                "each key once in a mapping",
                f"{_quote(key_node.value)} again (first on line {first_line})",
                line=key_line,
                column=key_node.start_mark.column + 1,
                key_path=key_path,
            )
    return children + merges
