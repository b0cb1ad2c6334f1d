"""Write README.md from nbs/index.ipynb without Quarto (cells marked `#| hide` are left out)."""
from pathlib import Path
import nbformat

def main():
    root = Path(__file__).resolve().parents[1]
    nb = nbformat.read(root / 'nbs' / 'index.ipynb', as_version=4)
    parts = []
    for c in nb.cells:
        if c.cell_type == 'markdown':
            parts.append(c.source)
        elif c.cell_type == 'code' and '#| hide' not in c.source:
            parts.append('```python\n' + c.source + '\n```')
            for o in c.get('outputs', []):
                text = o.get('text') or o.get('data', {}).get('text/plain')
                if text: parts.append('```\n' + ''.join(text).rstrip() + '\n```')
    (root / 'README.md').write_text('\n\n'.join(parts) + '\n')

if __name__ == '__main__':
    main()
