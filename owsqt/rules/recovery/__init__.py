"""The Recovery and Replacement Phase (17.0): disruption and fired markers removed,
construction turned to entrenchment. Replacements (17.3) come here."""
