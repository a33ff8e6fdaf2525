"""Network play (issue 40): a game's journal carried through a Matrix room. The room is only
its transport: what arrives is checked and appended exactly as an imported e-mail file is,
so the homeserver is trusted with nothing (docs/network-play.md)."""
