"""The class bot league on a real JupyterHub (issue 46): pupils enter bots by login, the class service plays the round.

The hub runs the kit's config with its proxy and the class service
(``python -m pokelab.class_service --hub``) as ``test_hub`` starts it. Each user
here is a kernel of their own: a ``HubLeague`` with a fresh token of theirs, no
join code, teacher key or entry token. The bots run in this process's runner
threads — the kernel that entered them — and reach their tables through the hub's
table doors by their author's login.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pokelab.classroom import ClassAccessError, ClassroomError
from pokelab.league.hub_client import HubLeague
from pokelab.sim import GameRecord
from pokelab.tables.class_client import HubClass
from tests.classroom.conftest import postgres  # noqa: F401 -- the hub's class database, as on a school's hub
from tests.hub.test_hub import CLASS_URL, _hub_tokens, classes, hub  # noqa: F401 -- fixtures: the hub, its classes

pytestmark = pytest.mark.hub


def _login(server: dict, user: str) -> HubClass:
    """``user``'s kernel's class service, by a fresh token of theirs."""
    return HubClass(CLASS_URL.format(public=server["public"]), hub_token=_hub_tokens(server, user)[user]["token"])


class _RaisesOnce:
    """A pupil's bot that raises on its first decision, then plays the first legal move."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        self.calls += 1
        if self.calls == 1:
            raise ValueError("my first try")
        return legal[0]


@pytest.fixture(scope="module")
def league(hub, classes) -> dict[str, Any]:  # noqa: F811
    """Oak's Here Comes league of 7b with a house bot; Mei's two bots and Ash's one, entered from their kernels."""
    oak = HubLeague.create("herecomes", games_per_pair=1, move_seconds=2.0, grace_seconds=30.0, hub=_login(hub, "oak"))
    assert oak.add_house("heuristic") == "heuristic"
    mei = HubLeague(oak.code, hub=_login(hub, "mei"))
    ash = HubLeague(oak.code, hub=_login(hub, "ash"))
    entries = {
        "Dodo": mei.enter(lambda view, legal, rng: legal[0], name="Dodo"),
        "Dodo Two": mei.enter(lambda view, legal, rng: legal[-1], name="Dodo Two"),
        "Pika": ash.enter(_RaisesOnce(), name="Pika"),
    }
    made = {"oak": oak, "mei": mei, "ash": ash, "entries": entries, "report": oak.play_round(timeout=240)}
    moves = sum(entry.runner.moves for entry in entries.values())
    print(f"\nleague round on the hub: {made['report'].done} games in {made['report'].seconds:.1f} s, {moves} pupils' moves")
    yield made
    for entry in entries.values():
        entry.stop()


def test_a_teacher_plays_a_round_of_the_pupils_bots_in_the_class_service_by_login(league) -> None:
    report = league["report"]
    # 4 bots, 6 pairs (none of two house bots), a game each; Mei's two bots meet each other too
    assert (report.done, report.left, report.absent) == (6, 0, []), report
    standings = league["mei"].standings()
    assert set(standings["bot"]) == {"Dodo", "Dodo Two", "Pika", "heuristic"}
    assert (standings["games"] == 3).all() and "author" not in standings
    teachers = league["oak"].standings()
    authors = dict(zip(teachers["bot"], teachers["author"], strict=True))
    assert authors["Dodo"] == authors["Dodo Two"] == "mei" and authors["Pika"] == "ash"
    assert len(league["ash"].head_to_head()) == 12  # each of the 6 pairs from both sides
    # the moves came from the authors' kernels: every entry's runner played
    assert all(entry.runner.moves > 0 for entry in league["entries"].values())


def test_only_the_author_reads_why_a_default_move_was_played(league) -> None:
    pika = league["entries"]["Pika"]
    marks = league["ash"].marks("Pika", lang="zh")
    assert len(marks) == 1 and marks["kind"].tolist() == ["error"], marks
    assert "ValueError" in marks["reason"][0] and "my first try" in marks["reason"][0]
    assert pika.problems() and "my first try" in pika.problems()[0]
    teachers = league["oak"].standings()
    assert teachers.set_index("bot").loc["Pika", "marks"] == 1  # the teacher sees the count, not the traceback
    with pytest.raises(ClassroomError):
        league["mei"].marks("Pika")


def test_a_pupil_replays_her_own_bots_games_and_the_teacher_any(league) -> None:
    games = league["mei"].games()
    assert len(games) == 6
    mine = games[(games["bot_1"].isin(["Dodo", "Dodo Two"])) | (games["bot_2"].isin(["Dodo", "Dodo Two"]))]
    other = games[~games.index.isin(mine.index)]
    record = league["mei"].record(int(mine["game"].iloc[0]), name=str(
        mine["bot_1"].iloc[0] if mine["bot_1"].iloc[0] in ("Dodo", "Dodo Two") else mine["bot_2"].iloc[0]))
    assert isinstance(record, GameRecord) and record.final_state is not None
    assert not other.empty
    with pytest.raises(ClassroomError):  # a game of Pika against the house bot: not Dodo's
        league["mei"].record(int(other["game"].iloc[0]), name="Dodo")
    with pytest.raises(ClassAccessError):  # the whole record without a bot is a teacher's
        league["mei"].record(int(other["game"].iloc[0]))
    assert isinstance(league["oak"].record(int(other["game"].iloc[0])), GameRecord)


def test_a_name_a_pupil_of_another_class_and_a_pupil_as_teacher_are_refused(hub, league) -> None:  # noqa: F811
    with pytest.raises(ClassroomError, match="taken"):
        league["ash"].enter(lambda view, legal, rng: legal[0], name="dodo", start=False)
    with pytest.raises(ClassAccessError):
        HubLeague(league["oak"].code, hub=_login(hub, "misty"))  # 7c: not her class's league
    with pytest.raises(ClassAccessError, match="teacher"):
        league["mei"].play_round(timeout=5)
    with pytest.raises(ClassAccessError, match="teacher"):
        league["mei"].add_house("random")
    with pytest.raises(ClassAccessError):
        HubLeague.create("herecomes", hub=_login(hub, "ash"))
    # a bot's seat is Mei's login's alone: Ash's login is refused its view, even of a finished game
    games = league["mei"].games()
    dodo = games[games["bot_1"] == "Dodo"].iloc[0]
    with pytest.raises(ClassAccessError):
        league["ash"].table(str(dodo["table"])).view(0)
    ash_sees = league["ash"].entries()
    assert {e["name"] for e in ash_sees} >= {"Dodo", "Pika"} and all("author" not in e for e in ash_sees)


def test_the_standings_page_opens_by_login_for_the_teacher_with_replays_and_for_a_pupil_without(hub, league) -> None:  # noqa: F811
    from widgets.apps import LeagueStandings

    code = league["oak"].code
    teacher = LeagueStandings(_login(hub, "oak"), code=code, poll=None, lang="zh")
    assert teacher.opened and teacher.teacher and teacher.error == "", teacher.error
    assert teacher.join_code.layout.display == teacher.key.layout.display == "none"  # nothing typed on a hub
    assert teacher.games == 6 and "mei" in teacher.table_html.value
    assert teacher.replay_panel.layout.display == "flex" and len(teacher.replay_pick.options) == 6
    board = teacher.replay()
    assert board.state is not None and board.lang == "zh"
    pupil = LeagueStandings(_login(hub, "ash"), code=code, poll=None)
    assert pupil.opened and not pupil.teacher and pupil.games == 6
    assert "mei" not in pupil.table_html.value and pupil.replay_panel.layout.display == "none"
    with pytest.raises(ValueError):
        pupil.replay(int(league["ash"].games()["game"].iloc[0]))
    outsider = LeagueStandings(_login(hub, "misty"), code=code, poll=None)
    assert not outsider.opened and "7c" not in outsider.error and outsider.error, outsider.error
