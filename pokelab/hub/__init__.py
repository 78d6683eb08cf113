"""The kit on a JupyterHub: who the pupil is, asked of the hub itself (``pokelab.hub.identity``).

Under JupyterHub a kernel's environment names its user and holds a token
(``JUPYTERHUB_USER``, ``JUPYTERHUB_API_TOKEN``, ``JUPYTERHUB_API_URL``); the hub
answers who owns that token and which groups they are in. Classes are hub groups
``pokelab-<class>``, their teachers ``pokelab-<class>-teachers``
(``deploy/jupyterhub/jupyterhub_config.py``). Outside a hub
``identity.hub_identity()`` is ``None`` and the join codes and tokens work as before.
"""
