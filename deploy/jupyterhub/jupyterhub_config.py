"""JupyterHub for a class of the pokelab kit: the hub's logins are the pupils, its groups the classes.

Run from the kit's checkout (after ``make install`` with the ``hub`` extra and
``npm ci``, which installs the hub's proxy into ``node_modules``)::

    POKELAB_HUB_PASSWORD=... jupyterhub -f deploy/jupyterhub/jupyterhub_config.py

Every setting a school changes is an environment variable (defaults in brackets):

- ``POKELAB_HUB_STATE`` [``./hub-state``]: the hub's own database (SQLite), its
  cookie secret and the pupils' home folders. Keep it out of the pupils' reach.
- ``POKELAB_HUB_CLASSES`` [``7b``]: the classes, separated by spaces or commas.
  Each class is two hub groups: ``pokelab-<class>`` (its pupils) and
  ``pokelab-<class>-teachers``; ``pokelab.hub.identity`` reads them back from the
  hub. Put users in them on the hub's admin page (or ``POST /hub/api/groups/<group>/users``).
- ``POKELAB_HUB_PASSWORD`` (no default: the hub refuses to start without it): the
  shared password of JupyterHub's ``shared-password`` authenticator. Only users the
  hub already has (added by an administrator) may log in. Anyone who knows the
  password can log in as any of them: fine for trying the kit out, not for a school
  year — there, set ``c.JupyterHub.authenticator_class`` to your school's login
  (an OAuthenticator, LTI, LDAP) and keep the rest.
- ``POKELAB_HUB_PORT`` [8000], ``POKELAB_HUB_API_PORT`` [8081] (the hub itself),
  ``POKELAB_PROXY_API_PORT`` [8001] (the proxy's API), ``POKELAB_HUB_IP`` [127.0.0.1]
  (the public address; ``0.0.0.0`` for the classroom network, behind TLS).
- ``POKELAB_CLASS_DB`` [``sqlite:///<state>/classes.db``] and
  ``POKELAB_CLASS_SERVICE_PORT`` [8765]: the kit's class service (today the table
  server, ``python -m pokelab.class_service --hub``), started by the hub as the service
  ``pokelab-class``. It alone holds the class database and its key
  (``<state>/pokelab-class-key``, made at first start: keep it with the database's
  backups); pupils' servers get only its address through the proxy
  (``POKELAB_TABLES_URL``), and every request it answers carries a hub login.
- ``POKELAB_HUB_PUBLIC_URL`` [``http://<POKELAB_HUB_IP>:<POKELAB_HUB_PORT>``]: the
  address pupils' kernels reach the hub's proxy at (``POKELAB_TABLES_URL`` is it
  plus ``/services/pokelab-class``).
- ``POKELAB_CLASS_AUTH_CACHE_SECONDS`` [10]: how long the class service keeps the
  hub's answer for a token (``0``: asks the hub on every request; a revoked token
  works at most this long).
- ``POKELAB_HUB_CULL_SECONDS`` [3600]: a server idle this long is stopped by
  ``jupyterhub-idle-culler``, so a class's kernels end after the lesson.
- ``POKELAB_HUB_ALLOW_ROOT`` [unset]: ``1`` lets the hub run as root (a throwaway
  container only: the pupils' servers then run as root too); otherwise it refuses.
- ``POKELAB_HUB_ADMIN_TOKEN`` (unset: no such service): a token for the service
  ``pokelab-roster``, which may add users, put them in groups and issue their
  tokens through the hub's REST API (a script that loads a class list; the tests).

Pupils run on this machine as the hub's own system user (``SimpleLocalProcessSpawner``,
one home folder each under the state folder): one account for everyone, so this is a
hub for one teacher's machine. A school server gives each pupil a system user
(``c.JupyterHub.spawner_class = "localprocess"``, or The Littlest JupyterHub's
systemd spawner) or a container (DockerSpawner, KubeSpawner on Zero to JupyterHub).
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

c = get_config()  # noqa: F821 -- JupyterHub defines get_config() for the files it loads

KIT = Path(__file__).resolve().parents[2]
STATE = Path(os.environ.get("POKELAB_HUB_STATE", "hub-state")).resolve()
STATE.mkdir(parents=True, exist_ok=True)


def _port(name: str, default: int) -> int:
    value = os.environ.get(name, str(default))
    if not value.isdigit() or not 0 < int(value) < 65536:
        raise SystemExit(f"{name} is a port number from 1 to 65535, not {value!r}")
    return int(value)


CLASSES = [name for name in re.split(r"[\s,]+", os.environ.get("POKELAB_HUB_CLASSES", "7b")) if name]
if not CLASSES or not all(re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.]{0,59}", name) for name in CLASSES):
    raise SystemExit(f"POKELAB_HUB_CLASSES names classes of letters, digits, _ and . (not {CLASSES!r})")
GROUPS = [group for name in CLASSES for group in (f"pokelab-{name}", f"pokelab-{name}-teachers")]

PASSWORD = os.environ.get("POKELAB_HUB_PASSWORD", "")
if len(PASSWORD) < 8:
    raise SystemExit("set POKELAB_HUB_PASSWORD (8 characters or more), or replace the authenticator in this file")

# --- the hub, its database and its proxy -------------------------------------------------------
c.JupyterHub.ip = os.environ.get("POKELAB_HUB_IP", "127.0.0.1")
c.JupyterHub.port = _port("POKELAB_HUB_PORT", 8000)
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = _port("POKELAB_HUB_API_PORT", 8081)
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{_port('POKELAB_PROXY_API_PORT', 8001)}"
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
# the proxy pinned in the kit's package.json (npm ci), else one on the PATH
_proxy = KIT / "node_modules" / ".bin" / "configurable-http-proxy"
c.ConfigurableHTTPProxy.command = [str(_proxy) if _proxy.exists() else "configurable-http-proxy"]

# --- who may log in ----------------------------------------------------------------------------
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = PASSWORD
c.Authenticator.allow_existing_users = True  # the users an administrator added, no one else

# --- the classes: two hub groups each, and what their members may reach ------------------------
c.JupyterHub.load_groups = {group: {"users": []} for group in GROUPS}
CLASS_SERVICE = "pokelab-class"
CLASS_SERVICE_URL = f"http://127.0.0.1:{_port('POKELAB_CLASS_SERVICE_PORT', 8765)}"
c.JupyterHub.load_roles = [
    {
        # a class's pupils and teachers may use the kit's class service and nothing else beyond their own server
        "name": "pokelab-class-member",
        "description": "use the pokelab class service",
        "scopes": [f"access:services!service={CLASS_SERVICE}"],
        "groups": GROUPS,
    },
    {
        # jupyterhub-idle-culler's own list: find idle servers and stop them (no admin)
        "name": "pokelab-idle-culler",
        "description": "stop servers idle after the lesson",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
]

# --- the services the hub starts -----------------------------------------------------------------
CLASS_DB = os.environ.get("POKELAB_CLASS_DB", f"sqlite:///{STATE / 'classes.db'}")
_port_of_service = CLASS_SERVICE_URL.rsplit(":", 1)[1]
c.JupyterHub.services = [
    {
        # The kit's class service: only this process gets the class database's URL and its key
        # (pokelab.hub.secrets). It has no scopes of its own: every request carries a hub token,
        # and HubAuth asks the hub whose it is (GET /hub/api/user with that token), then requires
        # access:services!service=pokelab-class. Routed by the proxy at /services/pokelab-class/.
        "name": CLASS_SERVICE,
        "url": CLASS_SERVICE_URL,
        "command": [sys.executable, "-m", "pokelab.class_service", "--db", CLASS_DB, "--port", _port_of_service,
                    "--hub", "--key-file", str(STATE / "pokelab-class-key"),
                    "--hub-cache-seconds", os.environ.get("POKELAB_CLASS_AUTH_CACHE_SECONDS", "10")],
        "cwd": str(KIT),
        "environment": {"PYTHONPATH": str(KIT)},
        "oauth_no_confirm": True,
        "display": False,
    },
    {
        "name": "idle-culler",
        "command": [
            sys.executable, "-m", "jupyterhub_idle_culler",
            f"--timeout={int(os.environ.get('POKELAB_HUB_CULL_SECONDS', '3600'))}",
        ],
    },
]
ADMIN_TOKEN = os.environ.get("POKELAB_HUB_ADMIN_TOKEN", "")
if ADMIN_TOKEN:
    c.JupyterHub.services.append({"name": "pokelab-roster", "api_token": ADMIN_TOKEN})
    c.JupyterHub.load_roles.append({
        "name": "pokelab-roster",
        "description": "add users, put them in their class groups and issue their tokens",
        "scopes": ["admin:users", "groups", "tokens", "read:services"],
        "services": ["pokelab-roster"],
    })

# --- each pupil's own server -------------------------------------------------------------------
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "home" / "{username}")
c.Spawner.cmd = [shutil.which("jupyterhub-singleuser") or "jupyterhub-singleuser"]


def _classwork(spawner: object) -> None:
    """Before a pupil's server starts: their own copies of the lessons, the apps and the rulebooks in their home folder.

    ``classwork/`` follows ``scripts/classwork.py`` (as ``make lab`` does): a lesson missing is copied,
    one nobody changed is updated, one the pupil ran or saved is kept. ``apps/`` (the Voilà apps, served
    from the pupil's own server at ``/user/<name>/voila/render/apps/…``) and ``docs/`` (the rulebooks the
    lessons link to, one folder up from ``classwork/``) are the kit's, refreshed at every start.
    """
    home = Path(c.SimpleLocalProcessSpawner.home_dir_template.format(username=spawner.user.name))
    home.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(KIT / "scripts" / "classwork.py"), "--into", str(home / "classwork")],
                   check=True, timeout=120, capture_output=True)
    for folder in ("apps", "docs"):
        shutil.copytree(KIT / folder, home / folder, dirs_exist_ok=True)


c.Spawner.pre_spawn_hook = _classwork
c.Spawner.default_url = "/lab/tree/classwork/00-start-here.ipynb"
# Each pupil's server may use 1 GB: a league bot that asks for memory without end fails in its own thread
# and its author's kernel plays on (docs/security.md). The local spawners only pass it on (MEM_LIMIT); The
# Littlest JupyterHub's systemd spawner, DockerSpawner and KubeSpawner (Zero to JupyterHub) enforce it.
c.Spawner.mem_limit = "1G"
# Pupils' kernels get the class service's address through the hub's proxy, never the class database's;
# their own hub token (JUPYTERHUB_API_TOKEN) may use that service and nothing more than the hub's default.
_public_host = c.JupyterHub.ip if c.JupyterHub.ip not in ("", "0.0.0.0", "::") else "127.0.0.1"
PUBLIC_URL = os.environ.get("POKELAB_HUB_PUBLIC_URL", f"http://{_public_host}:{c.JupyterHub.port}").rstrip("/")
c.Spawner.environment = {"POKELAB_TABLES_URL": f"{PUBLIC_URL}/services/{CLASS_SERVICE}"}
c.Spawner.server_token_scopes = [
    "users:activity!user", "access:servers!server",  # JupyterHub's own "server" role
    f"access:services!service={CLASS_SERVICE}",  # held only by the class groups (the role above)
]
if os.geteuid() == 0:
    # This spawner runs every pupil as the hub's own user: run as root, every pupil would be root.
    if os.environ.get("POKELAB_HUB_ALLOW_ROOT") != "1":
        raise SystemExit("this hub runs pupils as its own user: start it as an ordinary user (or, in a throwaway "
                         "container only, set POKELAB_HUB_ALLOW_ROOT=1)")
    c.Spawner.args = ["--allow-root"]
