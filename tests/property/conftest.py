"""Report how much the property machines played."""

from __future__ import annotations

import pytest

from tests.property.test_machine import COUNTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if COUNTS["actions"]:
        actions, rounds, refusals = COUNTS["actions"], COUNTS["rounds"], COUNTS["refusals"]
        terminalreporter.write_line(
            f"property machines: {actions:,} actions applied in {rounds:,} rounds, "
            f"{COUNTS['chance']:,} chance outcomes taken, {refusals:,} illegal actions refused"
        )
