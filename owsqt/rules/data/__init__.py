"""Validated YAML: the data-file reader, the rule tables, the counters and the order of
battle export. An error names the file, the key path and what was expected."""
