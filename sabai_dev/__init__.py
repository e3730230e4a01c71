"""Development code of sabai-rules: used by the tests, the docs build and the tools; never
imported by :mod:`sabai_rules`, and not shipped in the wheel.

* :mod:`sabai_dev.scenarios` — the scenario runner: the rules' examples (``tests/scenarios/``,
  YAML, read with PyYAML) played by the engine and checked step by step;
* :mod:`sabai_dev.traceability` — the scanner that links each rule to the code and tests that cite
  it, and the traceability gate;
* :mod:`sabai_dev.catalogue_checks` — the consistency checks of the rule catalogue (the catalogue
  reader itself is :mod:`sabai_rules.model.catalogue`);
* :mod:`sabai_dev.impact_page` — the rulebook's page of what each ruling changes, in a site's
  language, from the committed run of ``sabai impact``;
* :mod:`sabai_dev.table_records` — a full record as a table would have written it (version 2:
  no deal, the faces it saw), for the tests and the benchmark of the referee on unknown cards.

Reading scenarios needs PyYAML (the ``test`` and ``docs`` extras), which sabai-rules itself does
not depend on.
"""
