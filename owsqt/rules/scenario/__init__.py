"""The scenarios (19.0), the Turn Record Track, and the Ruleset that bundles every
definition fixed for a game (map, tables, counters, scenarios)."""
