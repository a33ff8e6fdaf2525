"""Tools for developers, outside the product's import graph: the fuzzers."""
