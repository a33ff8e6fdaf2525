"""Validated YAML loading shared by every data file: tables, map, units and scenarios."""

from __future__ import annotations

import difflib
import math
import os
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import TypeVar

import yaml
from yaml.constructor import ConstructorError

from owsqt.rules.core.plaintext import unsafe_character
from owsqt.rules.data.yamlguard import (
    MAX_BYTES,
    PureSafeLoader,
    YamlRefusal,
    check_document,
    child_index,
    child_key,
    count_nodes,
    mapping_key,
    nesting_refusal,
)

__all__ = [
    "RESOURCES_ENV",
    "DataError",
    "Node",
    "load_yaml",
    "resources_dir",
]

T = TypeVar("T")

_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")

#: Environment variable that points the program at another resources directory.
RESOURCES_ENV = "OWSQT_RESOURCES"

# The C loader is many times faster on the large map and unit files; fall back quietly when
# PyYAML was built without libyaml, to the pure-Python one bounded in depth.
_Loader: type = getattr(yaml, "CSafeLoader", PureSafeLoader)

# What libyaml says when it stops at its own nesting limit (1000 levels).
_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"


def resources_dir() -> Path:
    """Return the resources directory: $OWSQT_RESOURCES if set; else resources/ beside the
    package in a source tree (owsqt/ and resources/ side by side at the repository root,
    an editable install included); else the copy an installed wheel carries inside the
    package (owsqt/_shipped/, setup.py). scenarios/ sits beside it in either place."""
    override = os.environ.get(RESOURCES_ENV)
    if override:
        return Path(override)
    package = Path(__file__).resolve().parents[2]
    if (package.parent / "pyproject.toml").is_file():  # a source tree, not site-packages
        return package.parent / "resources"
    return package / "_shipped" / "resources"


def scenarios_dir(resources: Path | None = None) -> Path:
    """The scenarios' folder: scenarios/ beside `resources` (resources_dir() by default)."""
    return (resources or resources_dir()).parent / "scenarios"


class DataError(Exception):
    """A data file is missing, is not valid YAML, or holds a value of the wrong shape.

    Attributes:
        file: the path exactly as it was given to the loader.
        key_path: where in the document, e.g. ``crt.rows[3].results[2]``; ``""`` for the document.
        expected: what was expected, e.g. ``"an integer from 1 to 10"``.
        found: a short description of what was found instead, or ``None``.
        line: 1-based line in the file when known, else ``None``.
    """

    def __init__(
        self,
        file: Path | str,
        key_path: str,
        expected: str,
        found: str | None = None,
        *,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.file = file
        self.key_path = key_path
        self.expected = expected
        self.found = found
        self.line = line
        self.column = column
        super().__init__(self._compose())

    def _compose(self) -> str:
        if self.key_path:
            where = f"at {self.key_path}"
        elif self.line is not None:
            where = f"line {self.line}"
            if self.column is not None:
                where += f", column {self.column}"
        else:
            where = ""
        text = f"{self.file}: {where + ': ' if where else ''}expected {self.expected}"
        if self.found is not None:
            text += f", found {self.found}"
        if self.key_path and self.line is not None:
            text += f" (line {self.line})"
        return text


def describe(value: object) -> str:
    """Describe a YAML value briefly for an error message."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        # YAML 1.1 reads yes/no/on/off as booleans, which surprises people: say so.
        return f"the boolean {str(value).lower()}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    text = repr(value)
    if len(text) > 60:
        text = text[:57] + "..."
    return text


def _describe_key(raw: object) -> str:
    if isinstance(raw, bool):
        return (
            f"the key {str(raw).lower()} (YAML reads an unquoted yes/no/on/off/true/false as "
            "a boolean: quote it)"
        )
    return f"the key {describe(raw)}"


def load_yaml(path: Path) -> Node:
    """Read one YAML document with the safe loader and return its root as a :class:`Node`.

    A missing or unreadable file, text that is not UTF-8, YAML syntax errors and hostile or
    ambiguous YAML (a key twice in one mapping, aliases beyond the budget, nesting too deep:
    see :mod:`owsqt.rules.data.yamlguard`) all raise :class:`DataError` naming the file and,
    where it is known, the line. Nothing is constructed before the checks pass.
    """
    try:
        text = _read_bounded(Path(path)).decode("utf-8")
    except FileNotFoundError:
        raise DataError(path, "", "an existing YAML file", "no such file") from None
    except UnicodeDecodeError as err:
        raise DataError(path, "", "UTF-8 text", f"undecodable bytes ({err.reason})") from None
    except OSError as err:
        found = f"an unreadable file ({err.strerror or err})"
        raise DataError(path, "", "a readable YAML file", found) from None

    lines: dict[str, int] = {}
    loader = _Loader(text)
    try:
        try:
            count_nodes(_Loader(text))  # before anything is composed
            root = loader.get_single_node()
        except yaml.MarkedYAMLError as err:
            if err.problem != _LIBYAML_TOO_DEEP or err.problem_mark is None:
                raise
            stop = err.problem_mark
            raise nesting_refusal(stop.line + 1, stop.column + 1) from None
        if root is None:
            data = None
        else:
            lines = check_document(root, loader.construct_object)
            data = loader.construct_document(root)
    except YamlRefusal as refusal:
        raise DataError(
            path,
            refusal.key_path,
            refusal.expected,
            refusal.found,
            line=refusal.line,
            column=refusal.column,
        ) from None
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        problem = err.problem or err.context or "unreadable"
        # The safe loader reports tags such as !!python/object as constructor errors; they are
        # well-formed YAML, so do not call them syntax errors.
        kind = "an unsupported tag" if isinstance(err, ConstructorError) else "a syntax error"
        raise DataError(
            path,
            "",
            "valid YAML",
            f"{kind} ({problem})",
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as err:
        raise DataError(path, "", "valid YAML", f"a syntax error ({err})") from None
    finally:
        loader.dispose()
    return Node(data, path, "", lines)


def _read_bounded(path: Path) -> bytes:
    """The bytes of the regular file at `path`, refused (DataError) beyond MAX_BYTES before
    they are read: a pipe, a device or a folder is refused before it is opened."""
    if path.exists() and not path.is_file():
        raise DataError(path, "", "a regular YAML file", "a folder, a pipe or a device")
    with path.open("rb") as handle:
        data = handle.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        limit = f"a YAML file of at most {MAX_BYTES // 2**20} MiB"
        raise DataError(path, "", limit, "a larger file")
    return data


class Node:
    """One value read from a YAML file, with its place, so every check can report it.

    Loaders walk a document with :meth:`get` / :meth:`optional` / :meth:`as_list` /
    :meth:`as_mapping` and convert leaves with the ``as_*`` methods; each of them raises
    :class:`DataError` naming the file, the key path and what was expected. Call
    :meth:`check_keys` on every mapping so misspelt keys are reported rather than ignored.
    """

    __slots__ = ("_lines", "file", "key_path", "value")

    def __init__(
        self,
        value: object,
        file: Path | str,
        key_path: str = "",
        lines: dict[str, int] | None = None,
    ) -> None:
        self.value = value
        self.file = file
        self.key_path = key_path
        self._lines = lines if lines is not None else {}

    def __repr__(self) -> str:
        return f"Node({self.value!r}, {str(self.file)!r}, {self.key_path!r})"

    @property
    def line(self) -> int | None:
        """The 1-based line where this value starts, when the file was read from YAML."""
        return self._lines.get(self.key_path)

    @property
    def is_null(self) -> bool:
        """True when the YAML value is null (``~``, ``null`` or left empty)."""
        return self.value is None

    def error(self, expected: str, found: str | None = None) -> DataError:
        """Build (not raise) a DataError located at this node; ``found`` defaults to its value."""
        if found is None:
            found = describe(self.value)
        return DataError(self.file, self.key_path, expected, found, line=self.line)

    def _child(self, value: object, key_path: str) -> Node:
        return Node(value, self.file, key_path, self._lines)

    def _require_mapping(self) -> dict[object, object]:
        if not isinstance(self.value, dict):
            raise self.error("a mapping")
        return self.value

    def has(self, key: str) -> bool:
        """Whether this mapping holds ``key``."""
        return key in self._require_mapping()

    def get(self, key: str) -> Node:
        """The value under ``key`` of this mapping; a missing key raises DataError."""
        mapping = self._require_mapping()
        if key not in mapping:
            raise DataError(self.file, self.key_path, f"key '{key}'", line=self.line)
        return self._child(mapping[key], child_key(self.key_path, key))

    def optional(self, key: str) -> Node | None:
        """The value under ``key``, or None when the key is absent or its value is null."""
        mapping = self._require_mapping()
        if mapping.get(key) is None:
            return None
        return self._child(mapping[key], child_key(self.key_path, key))

    def check_keys(self, required: Iterable[str] = (), optional: Iterable[str] = ()) -> None:
        """Require every key in ``required`` and allow only those and ``optional``.

        An unknown key is reported at its own path with the closest allowed spelling.
        """
        mapping = self._require_mapping()
        required = tuple(required)
        allowed = required + tuple(optional)
        present = set()
        for raw in mapping:
            key = mapping_key(raw)
            if key is None:
                raise self.error("text keys", _describe_key(raw))
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                choices = ", ".join(f"'{k}'" for k in allowed) or "no keys"
                path = child_key(self.key_path, key)
                raise DataError(
                    self.file,
                    path,
                    f"one of the keys {choices}",
                    f"unknown key {key!r}{hint}",
                    line=self._lines.get(path, self.line),
                )
            present.add(key)
        for key in required:
            if key not in present:
                raise DataError(self.file, self.key_path, f"key '{key}'", line=self.line)

    def keys_exactly(self, *keys: str) -> None:
        """Require exactly these keys, no more and no fewer."""
        self.check_keys(required=keys)

    def as_mapping(self) -> dict[str, Node]:
        """This mapping as ``{key: Node}`` in file order; integer keys become their text."""
        result: dict[str, Node] = {}
        for raw, value in self._require_mapping().items():
            key = mapping_key(raw)
            if key is None:
                raise self.error("text keys", _describe_key(raw))
            child = self._child(value, child_key(self.key_path, key))
            bad = unsafe_character(key)
            if bad is not None:  # a key may be a name (the air units': air.py)
                raise child.error("a key on one line", f"the character {bad} in {describe(key)}")
            result[key] = child
        return result

    def as_list(self, *, length: int | None = None, min_length: int | None = None) -> list[Node]:
        """This sequence as a list of Nodes, optionally of an exact or minimum length."""
        if not isinstance(self.value, list):
            raise self.error("a list")
        count = len(self.value)
        if length is not None and count != length:
            raise self.error(f"a list of {length} items", f"{count} items")
        if min_length is not None and count < min_length:
            raise self.error(f"a list of at least {min_length} items", f"{count} items")
        return [
            self._child(item, child_index(self.key_path, i)) for i, item in enumerate(self.value)
        ]

    def as_int(self, minimum: int | None = None, maximum: int | None = None) -> int:
        """An integer (booleans and floats refused), optionally within ``[minimum, maximum]``."""
        expected = _bounded("an integer", minimum, maximum)
        value = self.value
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.error(expected)
        if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
            raise self.error(expected)
        return value

    def as_optional_int(self, minimum: int | None = None, maximum: int | None = None) -> int | None:
        """Like :meth:`as_int`, but null reads as None (e.g. a supply line of any length)."""
        if self.value is None:
            return None
        return self.as_int(minimum, maximum)

    def as_str(self, *, allow_empty: bool = False) -> str:
        """A text value on one line; numbers and booleans are refused so YAML surprises are
        caught, and so are line breaks and control characters: an id or a name goes into
        game files and the log, where it must read back as written (plaintext.py)."""
        if not isinstance(self.value, str):
            raise self.error("text")
        if not allow_empty and not self.value.strip():
            raise self.error("non-empty text")
        bad = unsafe_character(self.value)
        if bad is not None:
            raise self.error("text on one line", f"the character {bad} in {describe(self.value)}")
        return self.value

    def as_id(self) -> str:
        """An id: lower-case letters, digits and hyphens, such as ``we-are-coming``. Ids are
        words of a game file's header (a scenario, its options), parts of the names of the
        files players send, and the names actions give units (docs/pbem-format.md)."""
        text = self.as_str()
        if not _ID.fullmatch(text):
            raise self.error("an id of lower-case letters, digits and hyphens")
        return text

    def as_scalar_text(self) -> str:
        """A text or integer scalar as text: for printed labels such as ``9`` or ``30+``."""
        value = self.value
        if isinstance(value, str):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        raise self.error("text or an integer")

    def as_bool(self) -> bool:
        """A YAML boolean (true/false)."""
        if not isinstance(self.value, bool):
            raise self.error("true or false")
        return self.value

    def as_fraction(
        self, minimum: Fraction | int | None = None, maximum: Fraction | int | None = None
    ) -> Fraction:
        """An exact number: accepts ``2``, ``0.5`` (read as the decimal written), ``"1/2"``."""
        expected = _bounded("a number such as 2, 0.5 or 1/2", minimum, maximum)
        value = self.value
        try:
            if isinstance(value, bool):
                raise ValueError
            if isinstance(value, int):
                result = Fraction(value)
            elif isinstance(value, float):
                if not math.isfinite(value):
                    raise ValueError
                # repr() is the shortest decimal that reads back as this float, i.e. what the
                # author typed, so 0.1 becomes exactly 1/10 rather than a binary approximation.
                result = Fraction(Decimal(repr(value)))
            elif isinstance(value, str):
                result = Fraction(value.strip())
            else:
                raise ValueError
        except (ValueError, ZeroDivisionError):
            raise self.error(expected) from None
        if (minimum is not None and result < minimum) or (maximum is not None and result > maximum):
            raise self.error(expected)
        return result

    def as_choice(self, options: Iterable[str]) -> str:
        """One of the given words."""
        options = tuple(options)
        value = self.value
        if not isinstance(value, str) or value not in options:
            raise self.error("one of " + ", ".join(f"'{o}'" for o in options))
        return value

    def as_parsed(self, parse: Callable[[str], T], expected: str) -> T:
        """Parse a text or integer scalar with ``parse``; its ValueError becomes a DataError.

        ``expected`` describes the accepted form, e.g. ``"a result such as '1/3' or '-/1'"``.
        """
        value = self.value
        if isinstance(value, str):
            text = value
        elif isinstance(value, int) and not isinstance(value, bool):
            text = str(value)
        else:
            raise self.error(expected)
        try:
            return parse(text)
        except ValueError:
            raise self.error(expected) from None


def _bounded(noun: str, minimum: object, maximum: object) -> str:
    if minimum is not None and maximum is not None:
        return f"{noun} from {minimum} to {maximum}"
    if minimum is not None:
        return f"{noun} of at least {minimum}"
    if maximum is not None:
        return f"{noun} of at most {maximum}"
    return noun
