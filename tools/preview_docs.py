"""Render the documentation pages without Quarto: nbdev's notebook processing, then nbconvert to HTML.

Quarto (what `nbdev_docs` uses) cannot be installed on machines without internet access. This script
does what `nbdev_proc_nbs` does minus its Quarto check -- refresh nbdev.yml/sidebar.yml, rebuild the
module index, run nbdev's processors (show_doc, hidden cells, directives) into `_proc/` -- and converts
each processed notebook to a standalone HTML page in `_preview/`.
"""
import subprocess, sys
from pathlib import Path

from nbdev.config import get_config
from nbdev.quarto import refresh_quarto_yml, nbdev_sidebar
from nbdev.serve import proc_nbs
import nbdev.doclinks

def main():
    cfg = get_config()
    refresh_quarto_yml()
    nbdev.doclinks._build_modidx()
    nbdev_sidebar.__wrapped__(path=cfg.nbs_path)
    cache = proc_nbs(cfg.nbs_path, n_workers=0)
    out = cfg.config_path / '_preview'
    out.mkdir(exist_ok=True)
    nbs = sorted(p for p in Path(cache).glob('*.ipynb'))
    subprocess.run([sys.executable, '-m', 'nbconvert', '--to', 'html', '--output-dir', str(out), *map(str, nbs)], check=True)
    print(f"{len(nbs)} pages written to {out}")

if __name__ == '__main__':
    main()
