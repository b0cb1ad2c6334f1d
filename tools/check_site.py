#!/usr/bin/env python
"""Load every page of the built site in headless Chromium, offline, and fail on what a reader would meet broken.

    python tools/check_site.py [SITE_DIR] [--screenshots index,rdt,...]

SITE_DIR defaults to `_preview` (built by `tools/preview_docs.sh`). Each page is copied with a small probe script
put first in its <head>; Chromium (Debian package `chromium`) loads the copy with every host name unresolvable, so
nothing can come from the network, waits until MathJax has typeset the page, and dumps the DOM with the probe's
findings. A page fails on:

- raw TeX: text a reader sees (outside code, scripts and styles) that still holds `$...$`, `\\(`, `\\[` or `\\begin{`,
  and MathJax error boxes;
- console errors and uncaught exceptions; resources that fail to load (scripts, styles, images); any resource whose
  URL is not on the site itself (fetched from the network);
- images that are not decoded (`naturalWidth` 0);
- links to a page of the site that does not exist, or to an anchor that no element of the target page has;
- mentions of files outside the repository (`../shared/...`).

Screenshots of the pages named by `--screenshots` go to SITE_DIR/screenshots/. Exit status 1 if any page fails.
"""
import argparse, concurrent.futures as cf, html, json, os, re, shutil, subprocess, sys, tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit, unquote

PROBE = r"""<script>
(function () {
  var R = window.__probe = {errors: [], failed: []};
  var oe = console.error;
  console.error = function () { R.errors.push(Array.prototype.map.call(arguments, String).join(' ')); return oe.apply(console, arguments); };
  window.addEventListener('error', function (e) {
    var t = e.target;
    if (t && t !== window && (t.src || t.href)) R.failed.push((t.tagName || '') + ' ' + (t.src || t.href));
    else R.errors.push('uncaught: ' + (e.message || e));
  }, true);
  window.addEventListener('unhandledrejection', function (e) { R.errors.push('unhandled rejection: ' + e.reason); });
  function report() {
    var imgs = Array.prototype.filter.call(document.images, function (i) { return !(i.complete && i.naturalWidth > 0); })
                   .map(function (i) { return (i.getAttribute('src') || '').slice(0, 80); });
    var res = performance.getEntriesByType('resource').map(function (r) { return r.name; });
    var jax = Array.prototype.map.call(document.querySelectorAll('.MathJax_Error, merror, .mjx-merror, [data-mjx-error]'), function (e) {
      var s = e.closest ? e.closest('.MathJax, .MathJax_Display, .MathJax_Preview') : null, tex = '';
      var n = s ? s.nextElementSibling : null; if (n && n.type && n.type.indexOf('math/tex') === 0) tex = n.textContent;
      return ((e.getAttribute('title') || e.textContent || '') + ' in ' + tex).slice(0, 200); });
    var out = document.createElement('script'); out.type = 'application/json'; out.id = '__probe_result__';
    out.textContent = JSON.stringify({errors: R.errors, failed: R.failed, broken_images: imgs, resources: res,
                                      mathjax: !!window.MathJax, mathjax_errors: jax});
    document.body.appendChild(out);
  }
  window.addEventListener('load', function () {
    if (window.MathJax && MathJax.Hub && MathJax.Hub.Queue) MathJax.Hub.Queue(report); else setTimeout(report, 0);
  });
})();
</script>"""

CHROMIUM = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
            '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND',
            '--allow-file-access-from-files']
RAW_TEX = re.compile(r'\$[^$\n]{1,200}?[\\^_{}][^$\n]{0,200}?\$|\\\(|\\\[|\\begin\{')
OUTSIDE = re.compile(r'\.\./shared/|shared/(papers|specs)/')


def chromium():
    for c in ('chromium', 'chromium-browser', 'google-chrome'):
        if shutil.which(c): return shutil.which(c)
    sys.exit("check_site: no Chromium found (Debian package `chromium`)")


class _Page(HTMLParser):
    "Ids, links and the visible text (outside script, style, code, pre, math) of a dumped DOM."
    SKIP = {'script', 'style', 'code', 'pre', 'kbd', 'samp', 'math', 'svg', 'textarea'}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids, self.links, self.text, self.all_text, self.depth, self.probe, self._in_probe = set(), [], [], [], [], None, False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get('id'): self.ids.add(a['id'])
        if tag == 'a' and a.get('name'): self.ids.add(a['name'])
        if tag == 'a' and a.get('href'): self.links.append(a['href'])
        cls = a.get('class') or ''
        if tag in self.SKIP or 'MathJax' in cls or 'mjx' in cls: self.depth.append(tag)
        self._in_probe = a.get('id') == '__probe_result__'

    def handle_endtag(self, tag):
        if self.depth and self.depth[-1] == tag: self.depth.pop()
        self._in_probe = False

    def handle_data(self, data):
        if self._in_probe: self.probe = json.loads(data); return
        if not self.depth: self.text.append(data)
        if not (self.depth and self.depth[-1] in ('script', 'style')): self.all_text.append(data)   # code blocks too


def load(page, site, tmp, browser, budget_ms):
    "Render one page with the probe; its parsed DOM."
    src = (site / page).read_text()
    probed = src.replace('<head>', '<head>' + PROBE, 1) if '<head>' in src else PROBE + src
    copy = site / f'.probe-{page}'
    copy.write_text(probed)
    try:
        r = subprocess.run([browser, *CHROMIUM, f'--user-data-dir={tmp / page}', f'--virtual-time-budget={budget_ms}',
                            '--dump-dom', copy.as_uri()], capture_output=True, text=True, timeout=180)
    finally:
        copy.unlink(missing_ok=True)
    p = _Page(); p.feed(r.stdout)
    return p


def check(site, budget_ms=30000, workers=2, screenshots=()):
    site = Path(site).resolve()
    pages = sorted(f.name for f in site.glob('*.html') if not f.name.startswith('.probe-'))
    if not pages: sys.exit(f"check_site: no pages in {site} (build them with tools/preview_docs.sh)")
    browser = chromium()
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        with cf.ThreadPoolExecutor(workers) as ex:
            doms = dict(zip(pages, ex.map(lambda pg: load(pg, site, tmp, browser, budget_ms), pages)))
        if screenshots:
            (site / 'screenshots').mkdir(exist_ok=True)
            for pg in screenshots:
                subprocess.run([browser, *CHROMIUM, f'--user-data-dir={tmp / ("shot-" + pg)}', '--window-size=1280,2400',
                                f'--virtual-time-budget={budget_ms}', f'--screenshot={site / "screenshots" / (pg + ".png")}',
                                (site / f'{pg}.html').as_uri()], capture_output=True, timeout=180)
    problems, stats = {}, dict(pages=len(pages), links=0, anchors=0, formulas=0)
    for pg, d in doms.items():
        bad = []
        if d.probe is None: bad.append("the page did not finish loading (no probe result)"); problems[pg] = bad; continue
        text = ' '.join(d.text)
        bad += [f"raw TeX: {m.group(0)[:60]!r}" for m in RAW_TEX.finditer(text)]
        bad += [f"MathJax error: {e}" for e in d.probe['mathjax_errors']]
        bad += [f"console: {e[:160]}" for e in d.probe['errors']]
        bad += [f"failed to load: {e[:120]}" for e in d.probe['failed']]
        bad += [f"image not decoded: {s}" for s in d.probe['broken_images']]
        bad += [f"fetched from outside the site: {u[:120]}" for u in d.probe['resources'] if not u.startswith(('file:', 'data:'))]
        bad += [f"mentions a file outside the repository: {m.group(0)!r}" for m in OUTSIDE.finditer(' '.join(d.all_text))]
        for href in d.links:
            u = urlsplit(href)
            if u.scheme in ('http', 'https', 'mailto', 'data') or href.startswith('//'): continue
            stats['links'] += 1
            target = pg if not u.path else unquote(u.path)
            if target not in doms:
                bad.append(f"link to a missing page: {href}"); continue
            if u.fragment:
                stats['anchors'] += 1
                if u.fragment not in doms[target].ids and unquote(u.fragment) not in doms[target].ids: bad.append(f"link to a missing anchor: {href}")
        if bad: problems[pg] = bad
    return problems, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('site', nargs='?', default='_preview')
    ap.add_argument('--screenshots', default='', help='comma-separated page names (without .html) to screenshot')
    ap.add_argument('--budget-ms', type=int, default=30000, help="Chromium's virtual time budget per page")
    a = ap.parse_args()
    problems, stats = check(a.site, a.budget_ms, screenshots=[s for s in a.screenshots.split(',') if s])
    for pg, bad in sorted(problems.items()):
        print(f"{pg}: {len(bad)} problem(s)")
        for b in bad[:25]: print('   ', b)
        if len(bad) > 25: print(f"    ... and {len(bad) - 25} more")
    print(f"{stats['pages']} pages, {stats['links']} links within the site ({stats['anchors']} to anchors) checked offline in "
          f"Chromium: {len(problems)} page(s) with problems")
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
