"""How nbval runs the lessons: strict self-checks, and every notebook's cells kept on one worker.

- The kernels nbval starts inherit this environment, so ``pokelab.teaching.check``
  raises on a wrong answer: a solution notebook holding a wrong answer fails (an
  unanswered exercise, ``...``, still only prints).
- Under pytest-xdist (``-n 2``) the default scheduler spreads the cells of one
  notebook over several workers, each with its own kernel, so later cells miss
  the names earlier cells defined. Scheduling by scope (one notebook = one
  scope, nbval's own advice: ``--dist loadscope``) keeps a notebook together.
"""

import os

import pytest

os.environ["POKELAB_STRICT_CHECKS"] = "1"


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    from xdist.scheduler import LoadScopeScheduling

    return LoadScopeScheduling(config, log)
