"""The Replacement Segment at the table (17.3, 17.4): the Replacements dock."""
