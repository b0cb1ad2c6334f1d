"""Render the documentation pages without Quarto: nbdev's notebook processing, then nbconvert to HTML.

Quarto (what `nbdev_docs` uses) cannot be installed on machines without internet access. This script
does what `nbdev_proc_nbs` does minus its Quarto check -- refresh nbdev.yml and the generated sidebar.yml,
rebuild the module index, run nbdev's processors (show_doc, hidden cells, directives) into `_proc/` --
and converts each processed notebook to a standalone HTML page in `_preview/`, named as Quarto would
name it (`mechanisms.html`, ...), so the API links between pages work offline.

Every notebook is processed in its own fresh process, so one page that fails does not stop the others;
the script lists the pages that failed and exits with status 1 if any did (CI relies on this).

What Quarto would do and nbconvert does not is done here: the YAML front matter becomes the page's title
and summary, cells marked `#| echo: false` (the API entries) show their output only, `#| output: false`
cells show their code only, directive lines are removed, Quarto link attributes (`{target=...}`) are
dropped, and a navigation bar lists every page in sidebar order. MathJax is served from the site itself (copied
from the `jupyter_server_mathjax` package of the `dev` extra), so formulas render with no network.
"""
import multiprocessing as mp, os, re, shutil, sys, time, traceback
from pathlib import Path

import yaml


def _process(src:str, dst:str):
    "Run nbdev's doc processors on one notebook (in a fresh process, as nbdev's own `proc_nbs` does)."
    os.environ['IN_TEST'] = '1'
    from execnb.nbio import read_nb, write_nb
    nb = read_nb(src)
    _WithMethods()(nb)
    write_nb(nb, dst)


_DUNDERS = {'__call__', '__getstate__', '__setstate__', '__enter__', '__exit__', '__iter__', '__len__', '__getitem__'}


def _methods(cell):
    "Public methods (and documented protocol methods) defined in the body of each class of an exported cell."
    import ast
    out = {}
    for t in cell.parsed_() or []:
        if isinstance(t, ast.ClassDef):
            out[t.name] = [f.name for f in t.body if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))
                           and (not f.name.startswith('_') or f.name in _DUNDERS)
                           and not any(isinstance(d, ast.Name) and d.id in ('property', 'staticmethod') or
                                       isinstance(d, ast.Attribute) and d.attr in ('setter', 'getter') for d in f.decorator_list)]
    return out


def _add_method_docs_factory():
    from nbdev.process import Processor, mk_cell
    from nbdev.processors import _want_doc
    class add_method_docs(Processor):
        "After each class's API entry, an entry for each public method the class defines (nbdev documents only the class)."
        def begin(self):
            nb = self.nb
            methods = {}
            for c in nb.cells:
                if _want_doc(c): methods.update(_methods(c))
            for i in reversed(range(len(nb.cells))):
                c = nb.cells[i]
                body = '\n'.join(l for l in c.source.splitlines() if not l.lstrip().startswith('#|')).strip()
                m = re.fullmatch(r'show_doc\((\w+)\)', body) if c.cell_type == 'code' else None
                if not m or not methods.get(m[1]): continue
                for name in reversed(methods[m[1]]):
                    shown = f"{m[1]}.{name}".replace('_', '\\_') if name.startswith('__') else None   # not bold in the heading
                    new = mk_cell(f'show_doc({m[1]}.{name}, title_level=4' + (f', name={shown!r})' if shown else ')')); new.has_sd = True
                    nb.cells.insert(i + 1, new)
    return add_method_docs


def _WithMethods():
    from nbdev.processors import FilterDefaults, add_show_docs
    extra = _add_method_docs_factory()
    class WithMethods(FilterDefaults):
        def base_procs(self):
            procs = super().base_procs()
            return procs[:procs.index(add_show_docs) + 1] + [extra] + procs[procs.index(add_show_docs) + 1:]
    return WithMethods()


def _run_one(args):
    src, dst = args
    t0 = time.perf_counter()
    try:
        _process(src, dst)
        return src, None, time.perf_counter() - t0
    except Exception as e:
        msg = ''.join(traceback.format_exception_only(type(e), e)).strip()
        cause = e.__cause__
        if cause is not None: msg += '\n  caused by: ' + ''.join(traceback.format_exception_only(type(cause), cause)).strip()
        return src, msg, time.perf_counter() - t0


_re_dir = re.compile(r'^\s*#\|\s*([\w-]+):?\s*(.*?)\s*$')
_re_attr = re.compile(r'\{target="_blank"[^}]*\}')


def _directives(src):
    "Split a code cell into its leading `#|` directives (dict) and the rest of its source."
    lines, d = src.splitlines(), {}
    i = 0
    while i < len(lines) and _re_dir.match(lines[i]):
        k, v = _re_dir.match(lines[i]).groups(); d[k] = v; i += 1
    return d, '\n'.join(lines[i:]).strip('\n')


def _front_matter(nb):
    "The processed notebook's front matter (a raw cell at the top) as a dict, and that cell's index."
    for i, c in enumerate(nb.cells[:3]):
        if c.cell_type == 'raw' and c.source.lstrip().startswith('---'):
            return yaml.safe_load(c.source.strip().strip('-')) or {}, i
    return {}, None


_pages = {}   # notebook file name -> page file name, filled in main()

def _local_links(text, site):
    "Drop Quarto link attributes; point links at the site and at notebooks to the local pages."
    text = _re_attr.sub('', text)
    if site: text = text.replace(site + '/', '')
    return re.sub(r'\]\(([\w-]+\.ipynb)(#[^)]*)?\)', lambda m: f"]({_pages.get(m[1], m[1])}{m[2] or ''})", text)


def _class_names():
    "Names of the classes the package defines (so their API entries read `class X(`, not `def X(`)."
    import ast
    root = Path(__file__).resolve().parents[1] / 'dp_lit'
    return {n.name for p in root.rglob('*.py') for n in ast.walk(ast.parse(p.read_text())) if isinstance(n, ast.ClassDef)}


_CLASSES = None


def _api_entry(md):
    "An API entry as a reader should see it: classes as classes, no `NoneType` annotation on parameters without one."
    global _CLASSES
    if _CLASSES is None: _CLASSES = _class_names()
    md = re.sub(r'^def (\w+)\(', lambda m: f"class {m[1]}(" if m[1] in _CLASSES else m[0], md, flags=re.M)
    md = re.sub(r'(\w):NoneType=', r'\1=', md)
    return _shared_parameter_docs(md)


_PARAM_DOCS = None


def _shared_parameter_docs(md):
    "Below a signature, the meaning of each shared privacy parameter it lists without a comment (`dp_lit.base.PARAMETER_DOCS`)."
    global _PARAM_DOCS
    if _PARAM_DOCS is None:
        try:
            from dp_lit.base import PARAMETER_DOCS as _PARAM_DOCS
        except ImportError:
            _PARAM_DOCS = {}
    m = re.search(r'```python\n(.*?)```', md, flags=re.S)
    if not m or not _PARAM_DOCS: return md
    bare = []
    for line in m[1].splitlines():
        code = line.split('#', 1)[0]
        names = re.findall(r'(?:^|[(,\s])(\w+)\s*(?::[^=,]*)?=', code)
        if '#' in line: names = names[:-1]                       # the last parameter on a commented line has its comment
        bare += [n for n in names if n in _PARAM_DOCS and n not in bare]
    if not bare: return md
    notes = '\n'.join(f"- `{n}`: {_PARAM_DOCS[n]}" for n in bare)
    return md[:m.end()] + f"\n\n{notes}\n" + md[m.end():]


def _to_page(nb, site, nav):
    "Rewrite a processed notebook the way Quarto would render it; returns (notebook, output file name, title)."
    import nbformat
    fm, i = _front_matter(nb)
    title = fm.get('title') or 'Untitled'
    if i is not None:
        head = f"# {title}\n\n" + (f"> {fm['description']}\n" if fm.get('description') else '')
        nb.cells[i] = nbformat.v4.new_markdown_cell(head)
    cells = []
    for c in nb.cells:
        if c.cell_type == 'markdown':
            if c.source.strip().startswith('<!-- WARNING'): continue
            c.source = _local_links(c.source, site)
        elif c.cell_type == 'code':
            d, body = _directives(c.source)
            if d.get('include', '').lower() == 'false': continue
            c.source = body
            if d.get('echo', '').lower() == 'false': c.metadata.setdefault('tags', []).append('remove_input')
            if d.get('output', '').lower() == 'false': c.outputs = []
            if not c.source.strip() and not c.get('outputs'): continue
            for o in c.get('outputs', []):
                data = o.get('data', {})
                if 'text/markdown' in data:
                    md = data['text/markdown']
                    md = ''.join(md) if isinstance(md, list) else md
                    md = re.sub(r'^---\s*$', '', md, flags=re.M)        # show_doc's rule, kept by Quarto as a divider
                    data['text/markdown'] = _api_entry(_local_links(md, site))
        cells.append(c)
    nb.cells = [nbformat.v4.new_markdown_cell(nav)] + cells
    nb.metadata.pop('widgets', None)              # saved widget state makes nbconvert load the widget manager from a CDN
    for c in nb.cells:                            # progress bars: keep their text form, drop the widget view
        for o in c.get('outputs', []):
            if 'application/vnd.jupyter.widget-view+json' in o.get('data', {}): del o['data']['application/vnd.jupyter.widget-view+json']
        if c.get('outputs'): c.outputs = [o for o in c.outputs if o.get('output_type') != 'display_data' or o.get('data')]
    return nb, fm.get('output-file') or 'index.html', title


_re_heading = re.compile(r'(<(h[1-6]) id="([^"]+)"[^>]*>)(.*?)(</\2>)', re.S)


def _pandoc_slug(text):
    "The id Pandoc (so Quarto) gives a heading: lower case, punctuation but _ - . dropped, spaces to hyphens, from the first letter."
    s = re.sub(r'[^\w\s.-]', '', text.lower(), flags=re.U)
    s = re.sub(r'\s', '-', s.strip())
    return re.sub(r'^[^a-z]+', '', s)


def _alias_ids(html):
    "Give every heading the ids Quarto gives it (`#budget`, `#privaterdtclassifier.fit`, `#the-release-scan-...`), beside nbconvert's."
    import html as _h
    have = set(re.findall(r'id="([^"]+)"', html))
    def alias(m):
        text = _h.unescape(re.sub(r'<[^>]+>', '', re.sub(r'<a class="anchor-link".*?</a>', '', m[4], flags=re.S))).replace('\u00b6', '')
        extra = ''
        for a in dict.fromkeys((m[3].lower(), _pandoc_slug(text))):
            if a and a not in have: have.add(a); extra += f'<span id="{_h.escape(a)}"></span>'
        return m[1] + extra + m[4] + m[5]
    return _re_heading.sub(alias, html)


_re_private_link = re.compile(r'<a href="[\w.-]*\.html#_[^"]*">(<code>_[^<]*</code>)</a>')


def _unlink_private(html):
    "Private names are not documented pages: show them as code, not as links to entries that do not exist."
    return _re_private_link.sub(r'\1', html)


_re_requirejs = re.compile(r'<script[^>]*src="https?://[^"]*require(?:\.min)?\.js"[^>]*>\s*</script>')


# The PyPI package ships the STIX-Web fonts only: tell MathJax's HTML-CSS output to use them (it asks for TeX fonts first).
_MATHJAX_FONTS = ('<script type="text/x-mathjax-config">MathJax.Hub.Config({"HTML-CSS": {availableFonts: ["STIX-Web"], '
                  'preferredFont: "STIX-Web", webFont: "STIX-Web", imageFont: null}});</script>')


def _vendor_mathjax(out):
    "Copy MathJax 2.7 from the installed `jupyter_server_mathjax` package (PyPI) into the site; its URL, or None if absent."
    try:
        import jupyter_server_mathjax
    except ImportError:
        return None
    src = Path(jupyter_server_mathjax.__file__).parent / 'static'
    if not (src / 'MathJax.js').exists(): return None
    shutil.copytree(src, out / 'mathjax', dirs_exist_ok=True)
    cfgs = sorted(p.stem for p in (src / 'config').glob('TeX-AMS*full.js'))   # the package ships the HTML-CSS/MathML one
    if not cfgs: return None
    return f'mathjax/MathJax.js?config={cfgs[0]},Safe'


def _html(pages, out, nav_items, site):
    from nbconvert import HTMLExporter
    from traitlets.config import Config
    import nbformat
    cfg = Config()
    cfg.TagRemovePreprocessor.remove_input_tags = {'remove_input'}
    cfg.TagRemovePreprocessor.enabled = True
    cfg.HTMLExporter.preprocessors = ['nbconvert.preprocessors.TagRemovePreprocessor']
    cfg.TemplateExporter.exclude_input_prompt = True      # no 'In [ ]:' / 'Out[0]:' beside every cell, as on the site
    cfg.TemplateExporter.exclude_output_prompt = True
    mathjax = _vendor_mathjax(out)                        # math renders with no network; else nbconvert's CDN default
    if mathjax: cfg.HTMLExporter.mathjax_url = mathjax
    else: print("jupyter_server_mathjax is not installed: pages load MathJax from the network (pip install jupyter-server-mathjax)")
    exp = HTMLExporter(config=cfg)
    nav = ' · '.join(f'[{t}]({f})' for f, t in nav_items)
    css = (Path(__file__).resolve().parents[1] / 'nbs' / 'styles.css')
    extra = f'<style>{css.read_text()}</style>' if css.exists() else ''
    for p in pages:
        nb = nbformat.read(p, as_version=4)
        nb, fname, title = _to_page(nb, site, '**dp_lit** — ' + nav)
        nb.metadata['title'] = title
        html, _ = exp.from_notebook_node(nb)
        html = _unlink_private(_alias_ids(_re_requirejs.sub('', html)))
        if mathjax: html = html.replace(f'<script src="{mathjax}">', _MATHJAX_FONTS + f'<script src="{mathjax}">', 1)                 # require.js serves widgets, which no page has: no script from the network
        (out / fname).write_text(html.replace('</head>', extra + '</head>', 1))


def main():
    from nbdev.config import get_config
    from nbdev.quarto import refresh_quarto_yml, nbdev_sidebar
    from nbdev.doclinks import nbglob
    import nbdev.doclinks
    cfg = get_config()
    refresh_quarto_yml()
    nbdev.doclinks._build_modidx()
    nbdev_sidebar.__wrapped__(path=cfg.nbs_path)            # nbs/sidebar.yml is generated (not tracked)
    order = yaml.safe_load((cfg.nbs_path / 'sidebar.yml').read_text())['website']['sidebar']['contents']
    cache = cfg.config_path / '_proc'
    shutil.rmtree(cache, ignore_errors=True); cache.mkdir()
    for f in ('_quarto.yml', 'nbdev.yml', 'sidebar.yml', 'styles.css'):
        if (cfg.nbs_path / f).exists(): shutil.copy2(cfg.nbs_path / f, cache / f)
    srcs = [cfg.nbs_path / o for o in order if o.endswith('.ipynb')]
    jobs = [(str(s), str(cache / s.name)) for s in srcs]
    n = int(os.environ.get('DOCS_WORKERS', min(2, os.cpu_count() or 1)))
    t0 = time.perf_counter()
    with mp.get_context('spawn').Pool(n, maxtasksperchild=1) as pool:
        results = pool.map(_run_one, jobs, chunksize=1)
    failed = [(s, m) for s, m, _ in results if m]
    for s, m, t in results: print(f"{'FAILED' if m else 'ok':>6} {Path(s).name:<28} {t:5.1f} s")
    ok = [Path(d) for (s, d), (_, m, _) in zip(jobs, results) if not m]
    out = cfg.config_path / '_preview'
    shutil.rmtree(out, ignore_errors=True); out.mkdir()
    site = f"{cfg.doc_host.rstrip('/')}{cfg.doc_baseurl.rstrip('/')}"
    import nbformat
    nav_items = []
    for d in ok:
        fm, _ = _front_matter(nbformat.read(d, as_version=4))
        nav_items.append((fm.get('output-file') or 'index.html', fm.get('title') or d.stem))
        _pages[d.name] = nav_items[-1][0]
    _html(ok, out, nav_items, site)
    print(f"{len(ok)} of {len(jobs)} pages written to {out} in {time.perf_counter() - t0:.0f} s")
    for s, m in failed: print(f"\npage {Path(s).name} FAILED:\n{m}")
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
