"""Write README.md from nbs/index.ipynb without Quarto (cells marked `#| hide` are left out).

Links to notebooks (`[00_mechanisms](00_mechanisms.ipynb)`) are relative to nbs/ in the docs page and are
rewritten to `nbs/...` for the README, which sits at the repository root. The script fails when a linked
notebook does not exist, and names (without failing) the notebooks the README does not link.
"""
import re, sys
from pathlib import Path
import nbformat

_re_nb_link = re.compile(r'\]\((\d\d_[\w-]+\.ipynb)\)')

def main():
    root = Path(__file__).resolve().parents[1]
    nbs = root / 'nbs'
    nb = nbformat.read(nbs / 'index.ipynb', as_version=4)
    parts = []
    for c in nb.cells:
        if c.cell_type == 'markdown':
            parts.append(c.source)
        elif c.cell_type == 'code' and '#| hide' not in c.source:
            parts.append('```python\n' + c.source + '\n```')
            for o in c.get('outputs', []):
                text = o.get('text') or o.get('data', {}).get('text/plain')
                if text: parts.append('```\n' + ''.join(text).rstrip() + '\n```')
    text = '\n\n'.join(parts) + '\n'
    linked = set(_re_nb_link.findall(text))
    missing = sorted(n for n in linked if not (nbs / n).exists())
    if missing:
        print(f"README links to notebooks that do not exist: {', '.join(missing)}"); return 1
    unlisted = sorted(p.name for p in nbs.glob('[0-9][0-9]_*.ipynb') if p.name not in linked)
    if unlisted: print(f"note: the README's map does not link {', '.join(unlisted)}")
    (root / 'README.md').write_text(_re_nb_link.sub(r'](nbs/\1)', text))
    return 0

if __name__ == '__main__':
    sys.exit(main())
