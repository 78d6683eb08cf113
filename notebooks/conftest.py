"""nbval runs the notebooks with strict self-checks: a solution notebook holding a wrong answer fails.

The kernels nbval starts inherit this environment, so ``pokelab.teaching.check``
raises on a wrong answer (an unanswered exercise, ``...``, still only prints).
"""

import os

os.environ["POKELAB_STRICT_CHECKS"] = "1"
