"""A local Dask cluster's executor runs the same games as the home loop (skipped without dask)."""

from __future__ import annotations

import pandas as pd
import pytest

from pokelab.sim import simulate

distributed = pytest.importorskip("distributed")


def test_dask_executor_gives_the_same_table():
    base = simulate("toy", ["random", "risk"], games=12, seed=2, progress=False)
    with distributed.Client(processes=False, n_workers=1, threads_per_worker=2,
                            dashboard_address=None) as client:
        df = simulate("toy", ["random", "risk"], games=12, seed=2, progress=False,
                      executor=client.get_executor(), chunk_size=4)
    pd.testing.assert_frame_equal(base, df)
