"""Compile the engine in place with mypyc, or remove what that left, so that the test suite runs
on the compiled build.

    python tools/build_compiled.py          # compile the modules of the mypyc hook, in place
    python tools/build_compiled.py --clean  # remove every compiled module from the tree
    python tools/build_compiled.py --check  # exit 1 unless the engine imports compiled
    python tools/build_compiled.py --list   # the source files it compiles, one per line

The modules are those the wheel's mypyc build hook compiles (``include`` of
``[tool.hatch.build.targets.wheel.hooks.mypyc]`` in ``pyproject.toml``), with the same options,
so the suite tests what the compiled wheel ships. An extension module next to its ``.py`` file is
imported instead of it, which is how the suite, run from the tree, tests the compiled build
(pytest must then skip collecting those source files for their doctests: ``--ignore`` each file
that ``--list`` prints; the doctests run on the pure-Python package).
Needs mypy and setuptools (the ``test`` extra). Exit status: 0 done, 1 a failed compile or check,
2 a bad argument.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The artefacts of a compile: one extension per module, and mypyc's shared library at the root.
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def hook_config() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        project = tomllib.load(handle)
    config: dict[str, object] = project["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"][
        "mypyc"
    ]
    return config


def modules() -> list[str]:
    """The source files the hook compiles, relative to the root, in a stable order."""
    out: list[str] = []
    for entry in hook_config()["include"]:  # type: ignore[attr-defined]
        path = ROOT / entry
        if path.is_dir():
            out.extend(str(p.relative_to(ROOT)) for p in sorted(path.rglob("*.py")))
        else:
            out.append(str(entry))
    return out


def compiled_files() -> list[Path]:
    found = [p for p in (ROOT / "sabai_rules").rglob("*") if p.name.endswith(SUFFIXES)]
    found += [p for p in ROOT.glob("*__mypyc*") if p.name.endswith(SUFFIXES)]
    return sorted(found)


def clean() -> int:
    for path in compiled_files():
        path.unlink()
    return 0


def build() -> int:
    clean()
    config = hook_config()
    options = dict(config.get("options", {}))  # type: ignore[call-overload]
    mypy_args = list(config.get("mypy-args", []))  # type: ignore[call-overload]
    with tempfile.TemporaryDirectory() as scratch:
        # mypyc's C sources and its ops listing go to the scratch directory, not the tree.
        options["target_dir"] = str(Path(scratch) / "c")
        setup = (
            "from mypyc.build import mypycify\n"
            "from setuptools import setup\n"
            "setup(name='sabai-rules-compiled', packages=[], py_modules=[],\n"
            f"      ext_modules=mypycify({mypy_args + modules()!r}, **{options!r}))\n"
        )
        script = Path(scratch) / "setup.py"
        script.write_text(setup, encoding="utf-8")
        process = subprocess.run(
            [
                sys.executable,
                str(script),
                "build_ext",
                "--inplace",
                "--build-lib",
                str(Path(scratch) / "lib"),
                "--build-temp",
                str(Path(scratch) / "temp"),
            ],
            cwd=ROOT,
            env={**os.environ, "MYPY_CACHE_DIR": str(Path(scratch) / "mypy_cache")},
            capture_output=True,
            text=True,
            check=False,
        )
    if process.returncode != 0:
        print(process.stdout[-4000:], process.stderr[-4000:], sep="\n", file=sys.stderr)
        print("build_compiled: mypyc failed (output above)", file=sys.stderr)
        return 1
    print(f"build_compiled: {len(compiled_files())} extension modules in place")
    return 0


def check() -> int:
    """Whether every module of the hook imports as an extension module."""
    code = (
        "import importlib, sys\n"
        "names = sys.argv[1:]\n"
        "pure = [n for n in names if importlib.import_module(n).__file__.endswith('.py')]\n"
        "print('\\n'.join(pure))\n"
    )
    names = [m.removesuffix(".py").replace("/", ".").removesuffix(".__init__") for m in modules()]
    process = subprocess.run(
        [sys.executable, "-c", code, *names],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if process.returncode != 0 or process.stdout.strip():
        pure = process.stdout.strip().replace("\n", ", ") or process.stderr.strip()[-300:]
        print(f"build_compiled: not compiled: {pure}", file=sys.stderr)
        return 1
    print(f"build_compiled: {len(names)} modules import compiled")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--clean", action="store_true", help="remove the compiled modules")
    group.add_argument("--check", action="store_true", help="check the engine imports compiled")
    group.add_argument("--list", action="store_true", help="print the source files it compiles")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(modules()))
        return 0
    if args.clean:
        return clean()
    if args.check:
        return check()
    return build()


if __name__ == "__main__":
    sys.exit(main())
