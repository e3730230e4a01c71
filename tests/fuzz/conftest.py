"""Report what the fuzzer ran: files, exit codes, and the slowest command (measured, never
asserted)."""

from __future__ import annotations

import pytest

from tests.fuzz.test_cli_fuzz import SEEN, SLOWEST


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SEEN["files"]:
        codes = ", ".join(f"{k}: {v:,}" for k, v in sorted(SEEN.items()) if k != "files")
        slowest = SLOWEST[0]
        terminalreporter.write_line(
            f"record fuzzer: {SEEN['files']:,} files, commands by exit code ({codes}); slowest: "
            f"sabai {slowest.command} in {slowest.seconds:.2f} s"
        )
