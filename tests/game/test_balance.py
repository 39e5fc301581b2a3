import re
import sys
from pathlib import Path

import pytest

from game import registry
from game.cli import main
from game.cli.balance_report import NO_PLOTS
from game.cli.runner import play

registry.register("toy", "tests.game.toy")


def report(tmp_path: Path, *argv: str, name: str = "toy") -> str:
    assert main(["balance", "--out", str(tmp_path), *argv]) == 0
    return (tmp_path / f"{name}.md").read_text()


def body(text: str) -> str:
    """The report below its header (date, timings and the command differ between runs)."""
    return text[text.index("\n## "):]


def table_rows(text: str, title: str) -> list[list[str]]:
    """The cells of each data row of the table under ``## title``."""
    section = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| ")]
    return [[c.strip() for c in r] for r in rows[1:] if not r[0].strip().startswith("---")]


def test_toy_report_has_a_position_table_per_player_count_whose_wins_add_up(tmp_path):
    text = report(tmp_path, "--game", "toy", "--players", "2,3", "--games", "9", "--seats", "random", "--jobs", "1")
    assert text.startswith("# Balance report: ")
    for line in ("- Date: ", "- Machine: ", "- Command: `python -m game balance --game toy --players 2,3",
                 "- Played: 18 games", "- Bots: `random`"):
        assert line in text
    for n in (2, 3):
        rows = table_rows(text, f"{n} players: win rate by seat position")
        assert [r[0] for r in rows] == ["1st to play", "2nd to play", "3rd to play"][:n]
        assert all(r[1] == "9" and r[5] == f"{100 / n:.1f}%" for r in rows)
        assert sum(float(r[2]) for r in rows) == pytest.approx(9, abs=0.02)
    lengths = table_rows(text, "Game length and score spread")
    assert [r[:2] for r in lengths] == [["2", "9"], ["3", "9"]]
    assert "Too few games (under 30) to say anything about: 1st to play" in text


def test_cubitos_report_rates_each_card_and_each_set(tmp_path):
    text = report(tmp_path, "--game", "cubitos", "--players", "2", "--games", "4", "--seats", "greedy",
                  "--card-set", "race1,race2", "--jobs", "1", name="cubitos")
    sets = table_rows(text, "First player's win rate by card set")
    assert [r[0] for r in sets] == ["race1, 2 players", "race2, 2 players"] and [r[1] for r in sets] == ["2", "2"]
    cards = {r[0]: r for r in table_rows(text, "Win rate of seats by card bought")}
    assert len(cards) == 16 and "Rollosaurus" in cards and "Dancing Dino" in cards
    assert all(r[6] == "4" for r in cards.values())  # each set's cards offered to 2 seats in 2 games
    assert "chosen, not dealt" in text and "mean rounds" in text


def test_cubitos_facts_name_the_cards_each_seat_bought():
    from game.cubitos.balance import CARD_BOUGHT, facts

    rules = registry.get("cubitos")
    result = play(rules, 3, ["greedy", "greedy"], {"card_set": "race1"}, facts=facts)
    bought = result.facts["seat_labels"][CARD_BOUGHT]
    assert any(bought) and all(set(b) <= set(result.facts["offered"][CARD_BOUGHT]) for b in bought)
    assert result.facts["labels"] == {"card set": "race1"} and result.facts["measures"]["rounds"] > 1


def test_otys_facts_name_sponsor_sides_used_and_divers_upgraded():
    from game.otys.balance import SPONSOR_USED, UPGRADED, facts

    result = play(registry.get("otys"), 2, ["greedy", "greedy"], {"sponsors": "random"}, facts=facts)
    used = result.facts["seat_labels"][SPONSOR_USED]
    assert any(used) and all(set(u) <= set(result.facts["offered"][SPONSOR_USED]) for u in used)
    assert all(re.fullmatch(r"#[1-5] (basic|advanced)", x) for u in used for x in u)
    assert len(result.facts["seat_labels"][UPGRADED]) == 2


def test_octocube_facts_name_the_variant_and_the_powers_used():
    from game.octocube.balance import POWER_USED, facts

    result = play(registry.get("octocube"), 4, ["greedy", "greedy"], {"variant": "advanced"}, facts=facts)
    assert result.facts["labels"] == {"variant": "advanced"}
    assert set(result.facts["offered"][POWER_USED]) <= set("BCDEFGHI")
    assert "seat_labels" not in play(registry.get("octocube"), 4, ["random", "random"], {}, facts=facts).facts


def test_same_seed_same_report_whatever_jobs(tmp_path):
    argv = ["--game", "cubitos", "--players", "2,3", "--games", "2", "--seats", "greedy", "--seed", "7"]
    one = report(tmp_path / "one", *argv, "--jobs", "1", name="cubitos")
    two = report(tmp_path / "two", *argv, "--jobs", "2", name="cubitos")
    assert body(one) == body(two) and "Win rate of seats by card bought" in one


@pytest.mark.parametrize("argv, message", [
    (["--game", "chess"], "unknown game 'chess'"),
    (["--game", "toy", "--players", "2,x"], "--players takes counts"),
    (["--game", "toy", "--players", "2,9"], "2-4 players"),
    (["--game", "toy", "--games", "0"], "at least 1"),
    (["--game", "toy", "--jobs", "0"], "--jobs must be at least 1"),
    (["--game", "toy", "--seats", "wizard"], "unknown bot 'wizard'"),
    (["--game", "octocube", "--card-set", "all"], "octocube has no list of card-sets"),
    (["--game", "cubitos", "--card-set", "race1,race99"], "unknown card set"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, tmp_path, argv, message):
    assert main(["balance", "--out", str(tmp_path), *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not list(tmp_path.iterdir())


def test_an_out_that_is_a_file_stops_before_any_game(capsys, tmp_path, monkeypatch):
    import game.cli.balance as balance

    played = []
    monkeypatch.setattr(balance, "play_all", lambda *a: played.append(a) or ([], []))
    blocker = tmp_path / "notes.txt"
    blocker.write_text("keep me")
    assert main(["balance", "--out", str(blocker), "--game", "toy", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "is a file, not a folder" in err and err.count("\n") == 1
    assert main(["balance", "--out", str(blocker / "deeper"), "--game", "toy", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot make the folder --out" in err and "Not a directory" in err and err.count("\n") == 1
    assert not played and blocker.read_text() == "keep me"


def test_a_report_that_cannot_be_saved_is_one_line(capsys, tmp_path, monkeypatch):
    import game.cli.balance as balance

    def full_disk(*a: object) -> None:
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(balance, "write", full_disk)
    assert main(["balance", "--out", str(tmp_path), "--game", "toy", "--players", "2", "--games", "2",
                 "--seats", "random", "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot write the report" in err and "No space left" in err and err.count("\n") == 1


def test_without_matplotlib_the_report_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    text = report(tmp_path, "--game", "toy", "--players", "2", "--games", "2", "--seats", "random", "--jobs", "1")
    assert text.count(NO_PLOTS) == 1 and "![" not in text
    assert not list(tmp_path.glob("*.png"))


def test_with_matplotlib_each_rate_table_gets_a_plot(tmp_path):
    import matplotlib  # noqa: F401  (the test extra installs it: this test runs, never skips)
    text = report(tmp_path, "--game", "toy", "--players", "2,3", "--games", "2", "--seats", "random", "--jobs", "1")
    pngs = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pngs == ["toy-2-players-win-rate-by-seat-position.png", "toy-3-players-win-rate-by-seat-position.png"]
    assert all(f"]({name})" in text for name in pngs) and NO_PLOTS not in text


def test_shared_wins_read_to_two_places_and_whole_wins_as_whole_numbers():
    from game.cli.balance_report import wins_text

    assert [wins_text(w) for w in (166 + 1 / 3, 52 + 1 / 12, 31.5, 284.0, 0.0, 0.25)] == \
        ["166.33", "52.08", "31.5", "284", "0", "0.25"]
