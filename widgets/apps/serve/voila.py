"""Voilà's settings for the classroom apps (``make app``, ``pokelab app`` and the browser tests read this file).

Voilà loads it with ``--Voila.config_file_paths=widgets/apps/serve`` (issue 29):

- a page's kernel shuts down as soon as the page closes: Voilà's page sends a
  shutdown beacon on ``beforeunload`` carrying the ``_xsrf`` cookie, but Voilà
  never sets that cookie, so the server refused it (403 "'_xsrf' argument
  missing") and every closed page left its kernel running. The hook below sets
  the cookie when a page is served; the XSRF check itself stays on.
- a kernel whose page went away without a word (a crashed tab, a laptop lid
  shut) is culled once it has had no connection and done nothing for a while.
- the pages use the ``pokelab`` template (``voila/templates/pokelab`` here): the
  lab template without its Font Awesome stylesheets from a CDN, so no request
  leaves the machine, and a list of the apps in both languages (``tree.html``).
"""

import os

c = get_config()  # noqa: F821 - traitlets defines it in a config file

HERE = os.path.dirname(os.path.abspath(__file__))
#: Seconds without a connection and without work before a kernel is culled, and how often to look.
IDLE_CULL_SECONDS = 300
CULL_EVERY_SECONDS = 60


def set_xsrf_cookie(handler, notebook, cwd):
    """Set the ``_xsrf`` cookie on the page's reply (tornado sets it when the token is first read).

    Voilà's page posts it back with the shutdown beacon when it closes; returns
    ``None`` so the notebook is served unchanged.
    """
    handler.xsrf_token  # noqa: B018 - reading it sets the cookie


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
c.VoilaConfiguration.template = "pokelab"
# The list of apps is our template's tree.html (both languages, an English and a Chinese link per
# app), served by Voilà's classic tree page instead of its JupyterLab file browser ("Select items
# to open with Voilà.", English only).
c.VoilaConfiguration.classic_tree = True
# Voilà finds a template on the Jupyter data path: ours is in this folder's voila/templates/.
os.environ["JUPYTER_PATH"] = os.pathsep.join(filter(None, [HERE, os.environ.get("JUPYTER_PATH")]))
c.MappingKernelManager.cull_idle_timeout = IDLE_CULL_SECONDS
c.MappingKernelManager.cull_interval = CULL_EVERY_SECONDS
c.MappingKernelManager.cull_connected = False
