#!/usr/bin/env python
"""Re-execute notebooks in place so their stored outputs are what today's code computes.

    python tools/execute_nb.py nbs/11_rdt.ipynb [more.ipynb ...] [--slow | --only CELL_ID ...] [--timeout 3600]

Cells marked `#| slow` are skipped (as are `#| eval: false` cells and the closing `nbdev_export()` call) and keep their stored outputs unless `--slow` is given (they hold the
paper-setting runs, which take many minutes); `--only` runs just the slow cells with those ids. Cells run top to bottom in one kernel, from the notebook's folder,
with the environment of the caller (so `PYTHONPATH` and `DP_LIT_DATA` apply). A failing cell stops the run with
its traceback and the notebook is left unchanged. Run `nbdev_clean` afterwards.
"""
import argparse, os, re, sys, time
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

_SLOW = re.compile(r'^\s*#\s*\|\s*slow\b', re.M)
_SKIP = re.compile(r'^\s*#\s*\|\s*(eval\s*:\s*false|skip_exec)\b', re.M)


def run(path: Path, slow: bool, timeout: int, only=()) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=timeout, kernel_name='python3', resources={'metadata': {'path': str(path.parent)}})
    t0 = time.time()
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != 'code' or _SKIP.search(cell.source) or 'nbdev_export(' in cell.source:
                continue
            if _SLOW.search(cell.source) and not (slow or cell.get('id') in only):
                continue
            t = time.time()
            try:
                client.execute_cell(cell, i)
            except CellExecutionError as e:
                sys.exit(f"{path}: cell {i} failed; notebook not written\n{e}")
            dt = time.time() - t
            if dt > 20:
                print(f"  cell {i}: {dt:.0f} s", flush=True)
    nbformat.write(nb, path)
    print(f"{path}: executed in {time.time() - t0:.0f} s", flush=True)


if __name__ == '__main__':
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument('notebooks', nargs='+', type=Path)
    p.add_argument('--slow', action='store_true', help='also run the #| slow cells')
    p.add_argument('--only', nargs='+', default=(), metavar='CELL_ID', help='run only these #| slow cells (by cell id)')
    p.add_argument('--timeout', type=int, default=3600, help='seconds allowed per cell')
    a = p.parse_args()
    # the inline backend stores figures as outputs; a non-interactive one (Agg, often set in the shell) would drop them silently
    os.environ['MPLBACKEND'] = 'module://matplotlib_inline.backend_inline'
    for nb in a.notebooks:
        run(nb.resolve(), a.slow, a.timeout, set(a.only))
