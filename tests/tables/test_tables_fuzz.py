"""Random input at every door of a shared table: only the documented errors, and nothing written for them.

HC-R2 / SP-T1: whatever a page sends as seat, action, revision or token is either
an accepted move of the seat to act or one of ``ValueError`` (``ClassroomError``,
``StaleRevision``, ``IllegalAction``) and ``ClassAccessError`` — never a
``KeyError``, ``TypeError`` or a half-written table.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokelab.classroom import ClassAccessError, ClassStore
from pokelab.tables import Tables

_ANYTHING = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)
_WORDS = st.sampled_from(
    [
        "Discard",
        "Keep",
        "VoteRedraw",
        "UseTrainer",
        "Draw",
        "TakeSame",
        "Catch",
        "Pass",
        "red",
        "G01",
        "L01",
        "0",
        "1",
        "3",
        "-1",
        "yes",
        "peek",
        "(",
        ")",
        ",",
        " ",
        "'",
        "9" * 30,
        "\x00",
    ]
)
_ACTION = st.one_of(
    _ANYTHING,
    st.lists(_WORDS, max_size=12).map("".join),
    st.builds(lambda n, args: f"{n}({', '.join(args)})", _WORDS, st.lists(_WORDS, max_size=4)),
)


@pytest.fixture(scope="module")
def herecomes_table(tmp_path_factory):
    store = ClassStore.connect(f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'class.db'}")
    join_code, key = store.create_class("fuzz")
    table = Tables(store).table(
        Tables(store).create_table(join_code, "herecomes", players=2, bots={1: "random"}, seed=5)
    )
    token = table.sit(0, "Ash", join_code=join_code)
    yield table, token, key
    # seat 0 is the only human: the honest half of the requests moved the game on
    assert sum(m["kind"] == "human" for m in table.moves(teacher_key=key)) >= 5


_HONEST = st.tuples(
    st.just(0), st.integers(0, 8).map(lambda i: ("legal", i)), st.just("now"), st.just("own")
)
_RANDOM = st.tuples(
    st.one_of(st.integers(-2, 4), _ANYTHING),
    st.one_of(_ACTION, st.integers(0, 8).map(lambda i: ("legal", i))),
    st.one_of(st.just("now"), st.integers(-1, 50), _ANYTHING),
    st.one_of(st.just("own"), _ANYTHING),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(attempt=st.one_of(_HONEST, _RANDOM))
def test_random_input_to_play_is_refused_cleanly_or_is_a_legal_move(herecomes_table, attempt):
    """Half the attempts are seat 0's honest legal moves (so the game moves on), half anything."""
    seat, action, revision, token = attempt
    table, own, key = herecomes_table
    before = table.revision()
    moves = len(table.moves(teacher_key=key))
    if revision == "now":
        revision = before
    if isinstance(action, tuple):  # one of seat 0's legal moves (it may not be seat 0 playing it)
        legal = table.view(0)["observation"]["legal"] or ["Discard(0, G01)"]
        action = legal[action[1] % len(legal)]
    try:
        after = table.play(seat, action, revision, token=own if token == "own" else token)
    except (ValueError, ClassAccessError):
        assert table.revision() == before and len(table.moves(teacher_key=key)) == moves
        return
    assert after == before + 1 and table.moves(teacher_key=key)[moves]["seat"] == seat
    assert table.replay(teacher_key=key) == table._row().state()
