"""Problems found when a journal is checked again, and the refusal of a file that has them."""

from __future__ import annotations

from dataclasses import dataclass

from owsqt.journal.textformat import JournalError

EMAIL_RULE = "e-mail play"  # the "rule number" of the e-mail exchange's own checks


@dataclass(frozen=True, slots=True)
class Problem:
    """A rule an entry breaks, found when a file is checked again (re-validation)."""

    entry: int
    rule: str
    message: str

    def __str__(self) -> str:
        return f"entry {self.entry}: {self.rule}: {self.message}"


class ImportRefused(JournalError):
    """An opponent's file whose chain and signatures hold but whose actions break rules."""

    def __init__(self, problems: list[Problem]) -> None:
        listed = "; ".join(str(problem) for problem in problems[:5])
        more = f" and {len(problems) - 5} more" if len(problems) > 5 else ""
        super().__init__(f"the file breaks the rules: {listed}{more}")
        self.problems = problems
