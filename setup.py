"""Packaging for dp_lit: every field is read from settings.ini, the single source nbdev also reads."""
from configparser import ConfigParser
import setuptools

config = ConfigParser(delimiters=['='])
config.read('settings.ini', encoding='utf-8')
cfg = config['DEFAULT']

def _reqs(key):
    "Whitespace-separated requirement list stored under `key` in settings.ini."
    return cfg.get(key, '').split()

licenses = {'apache2': ('Apache Software License 2.0', 'OSI Approved :: Apache Software License')}
lic = licenses[cfg['license']]
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive']
py_versions = ['3.10', '3.11', '3.12', '3.13']
min_python = cfg['min_python']
extras = {name: _reqs(f'{name}_requirements') for name in ('dev', 'compare', 'dist')}
extras['all'] = sorted({r for v in extras.values() for r in v})

setuptools.setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    license=lic[0],
    classifiers=['Development Status :: ' + statuses[int(cfg['status'])],
                 'Intended Audience :: ' + cfg['audience'].title(),
                 'Natural Language :: ' + cfg['language'].title(),
                 'License :: ' + lic[1]]
                + ['Programming Language :: Python :: ' + v for v in py_versions[py_versions.index(min_python):]],
    url=cfg['git_url'],
    packages=setuptools.find_packages(include=[cfg['lib_name'], cfg['lib_name'] + '.*']),
    include_package_data=True,
    install_requires=_reqs('requirements'),
    extras_require=extras,
    python_requires='>=' + min_python,
    long_description=open('README.md', encoding='utf-8').read(),
    long_description_content_type='text/markdown',
    zip_safe=False,
    entry_points={'console_scripts': cfg.get('console_scripts', '').split(),
                  'nbdev': [f"{cfg['lib_path']}={cfg['lib_path']}._modidx:d"]},
    author=cfg['author'], author_email=cfg['author_email'],
    description=cfg['description'], keywords=cfg['keywords'],
)
