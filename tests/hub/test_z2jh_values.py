"""deploy/jupyterhub/z2jh-values.yaml: the same class service, roles and groups as the kit's jupyterhub_config.py, and valid for the chart.

The first test reads the kit's own hub config (run as JupyterHub runs it, on a
traitlets ``Config``) and the values file side by side. The second validates the
values, merged over the chart's ``values.yaml`` as Helm merges them, against the
chart's own ``values.schema.yaml`` with ``jsonschema``. The chart is not part of
the kit: point ``POKELAB_Z2JH_CHART`` at the ``jupyterhub/`` folder of a checkout
of jupyterhub/zero-to-jupyterhub-k8s (checked at commit
48ea50e34daddde55d76e30df6ecd47e4abd4d8e, chart appVersion 5.5.0).
"""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

pytestmark = pytest.mark.hub

ROOT = Path(__file__).resolve().parents[2]
VALUES = ROOT / "deploy" / "jupyterhub" / "z2jh-values.yaml"
CONFIG = ROOT / "deploy" / "jupyterhub" / "jupyterhub_config.py"
CHART_ENV = "POKELAB_Z2JH_CHART"


def _kit_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    from traitlets.config import Config  # JupyterHub's configuration library

    for name, value in {"POKELAB_HUB_STATE": str(tmp_path), "POKELAB_HUB_PASSWORD": "a-password-for-tests",
                        "POKELAB_HUB_ALLOW_ROOT": "1", "POKELAB_HUB_CLASSES": "7b"}.items():
        monkeypatch.setenv(name, value)
    config = Config()
    exec(compile(CONFIG.read_text(), str(CONFIG), "exec"), {"get_config": lambda: config, "__file__": str(CONFIG)})
    return config


def test_the_values_give_the_class_service_the_roles_and_groups_the_kits_config_gives(tmp_path, monkeypatch) -> None:
    kit = _kit_config(tmp_path, monkeypatch)
    values = yaml.safe_load(VALUES.read_text())
    hub = values["hub"]
    service = next(s for s in kit.JupyterHub.services if s["name"] == "pokelab-class")
    chart_service = hub["services"]["pokelab-class"]
    # the same program with the same hub flags (the paths and ports are each deployment's own)
    assert chart_service["command"][:4] == ["python3", "-m", "pokelab.class_service", "--hub"]
    assert service["command"][1:4] == ["-m", "pokelab.class_service", "--db"] and "--hub" in service["command"]
    assert "--key-file" in chart_service["command"] and "--db" not in chart_service["command"]
    for key in ("display", "oauth_no_confirm"):
        assert chart_service[key] == service[key], key
    roles = {role["name"]: role for role in kit.JupyterHub.load_roles}
    member = hub["loadRoles"]["pokelab-class-member"]
    assert member["scopes"] == roles["pokelab-class-member"]["scopes"] == ["access:services!service=pokelab-class"]
    assert member["groups"] == roles["pokelab-class-member"]["groups"] == list(kit.JupyterHub.load_groups)
    assert hub["config"]["JupyterHub"]["load_groups"] == kit.JupyterHub.load_groups
    assert hub["config"]["Spawner"]["server_token_scopes"] == kit.Spawner.server_token_scopes
    assert values["singleuser"]["extraEnv"]["POKELAB_TABLES_URL"].endswith("/services/pokelab-class")
    assert kit.Spawner.environment["POKELAB_TABLES_URL"].endswith("/services/pokelab-class")
    culler = next(s for s in kit.JupyterHub.services if s["name"] == "idle-culler")
    assert values["cull"]["enabled"] is True and f"--timeout={values['cull']['timeout']}" in culler["command"]
    # the chart runs the service in the hub's pod: its port is on the hub's k8s Service, open to the proxy only
    assert chart_service["url"] == f"http://hub:{hub['service']['extraPorts'][0]['port']}"
    assert hub["networkPolicy"]["ingress"][0]["ports"] == [{"port": hub["service"]["extraPorts"][0]["port"]}]


def _merged(base: Any, over: Any) -> Any:
    """``over`` merged into ``base`` as Helm merges values files: mappings key by key, anything else replaced."""
    if isinstance(base, dict) and isinstance(over, dict):
        merged = dict(base)
        for key, value in over.items():
            merged[key] = _merged(base[key], value) if key in base else copy.deepcopy(value)
        return merged
    return copy.deepcopy(over)


def test_the_values_pass_the_charts_own_values_schema() -> None:
    chart = os.environ.get(CHART_ENV)
    if not chart:
        pytest.skip(f"{CHART_ENV} is not set: the chart's values.schema.yaml is not part of the kit")
    jsonschema = pytest.importorskip("jsonschema")
    schema = yaml.safe_load((Path(chart) / "values.schema.yaml").read_text())
    defaults = yaml.safe_load((Path(chart) / "values.yaml").read_text())
    values = yaml.safe_load(VALUES.read_text())
    jsonschema.validate(_merged(defaults, values), schema)
    # the schema is strict where it says so: a mistyped culler setting is caught
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(_merged(defaults, _merged(values, {"cull": {"timeuot": 3600}})), schema)
