"""The most a journal may hold, checked before the work each limit bounds (docs/pbem-format.md).

A file from an opponent is read before anything of it can be trusted, so every size that
costs time or memory to read has a limit, far above what the program writes and far below
what could stall it. The figures the margins are measured on: the set-up of the campaign
(operation-winter-storm, both sides) is 102 entries in 1,126 lines, 51 KB; its longest
record is a placement of 364 characters; a sealed box (pbem.SEAL_PADDING) is about 1,400
characters of base64 per 1,024 bytes of action.
"""

from __future__ import annotations

# The whole file: a long campaign with every roll and undo is a few MB.
MAX_FILE_BYTES = 64 * 1024 * 1024

# Lines are written at most 78 characters long (textformat.LINE_WIDTH); 4,096 leaves room
# for a file that was edited or re-flowed, and refuses a record stuffed onto one line.
MAX_LINE_CHARS = 4096

# A record joined from its lines: the largest written is a sealed box, ~1.4 KB; an action
# or a line of the log is a few hundred characters. 64 KiB is 45 boxes.
MAX_RECORD_CHARS = 64 * 1024

# The lines of the file: written lines average 45 characters, so a file within the size
# limit has at most ~1.5 million; fewer than 32 characters a line is not a written journal.
MAX_LINES = MAX_FILE_BYTES // 32

# Entries: the campaign is 23 turns; at ~1,500 actions a turn (every move, attack, roll
# and undo) it is ~35,000 entries. Each entry costs a signature check and a replay.
MAX_ENTRIES = 100_000

# One file of an e-mail game (a part: a player's entries up to his send) holds at most
# this many. A part is one side's share of a turn between the opponent's, never a whole
# turn, which the estimate above puts at ~1,500 entries with every undo; the largest side
# of the campaign has 263 counters. An opponent's reply is refused beyond it before it is
# parsed (owsqt/journal/parts.py), and a player's own program asks him to send before his
# file holds more (session/email.py), so that no honest file is ever refused by it.
MAX_FILE_ENTRIES = 2_000

# An action's JSON: the deepest the program writes is 2 levels (an object and its lists of
# units or hexes), and its numbers are strengths, counts and points.
MAX_JSON_DEPTH = 16
MAX_NUMBER_DIGITS = 30  # also the seed of the header; Python refuses int() over 4,300

# A message quotes at most this much of the text it refuses.
QUOTE_CHARS = 40
