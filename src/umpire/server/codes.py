"""Seat codes as mail and press show them: never in full, except in the mails that hand a code
to its holder (the welcome and the rotation mails)."""

from __future__ import annotations

import re


def masked(code: str) -> str:
    """A seat code as mail other than the welcome and rotation mails shows it: its first two
    characters only, so that one leaked printout does not give the code away."""
    return f"{code[:2]}{'*' * max(len(code) - 2, 0)}" if code else ""


def hide_code(text: str, code: str) -> str:
    """``text`` with every copy of ``code`` masked, in any case: press that quotes its
    sender's heading (pasted from a printout) does not hand his code to the recipients."""
    if not code:
        return text
    return re.sub(re.escape(code), masked(code), text, flags=re.IGNORECASE)
