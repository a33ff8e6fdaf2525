"""Reading every shipped data file through load_yaml, against PyYAML's bare C loader.

load_yaml composes with the same C loader, then walks the node tree once (owsqt/rules/data/
yamlguard.py: duplicate keys, alias budget, nesting, the line of every key path) before
constructing. The ratio is what the checks and the line records cost over the bare load.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from bench.harness import Measurement, measure
from owsqt.rules.data.datafile import load_yaml

REPO = Path(__file__).resolve().parents[1]


def run() -> list[Measurement]:
    paths = sorted((REPO / "resources").rglob("*.yaml")) + sorted(
        (REPO / "scenarios").glob("*.yaml")
    )
    texts = [path.read_text(encoding="utf-8") for path in paths]
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    def checked() -> None:
        for path in paths:
            load_yaml(path)

    def bare() -> None:
        for text in texts:
            yaml.load(text, Loader=loader)

    return [measure("datafile.load_all_shipped", checked, bare, repeats=15)]
