"""``python -m sabai_rules``: the ``sabai`` command line."""

from sabai_rules.cli import main

main()
