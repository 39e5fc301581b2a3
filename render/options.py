"""What the command line or the start menu decides about a table (its files' folders: render.paths)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game import registry
from game.core.match import HUMAN, Match
from game.net.address import DEFAULT_PORT
from render.paths import user_dir


@dataclass
class Options:
    """Everything the command line or the start menu decides about a table."""

    game: str = "octocube"
    players: int = 2
    seats: list[str] = field(default_factory=lambda: [HUMAN, "random"])
    seed: int = 1
    variant: str | None = None
    game_options: dict[str, Any] = field(default_factory=dict)  # the game's own (Cubitos card set, track…)
    anim_speed: float = 1.0
    show_all_scores: bool = False
    auto_forced: bool | None = None  # take a person's only legal action without asking; None: the game's default
    load: str | None = None
    guide: bool = False  # a first game: the next sensible move of each person is suggested (hint engine)
    save: str | None = None  # autosave and Ctrl+S go here (--save); None: each game its own file (render.saves)
    host: bool = False  # the ``remote`` seats join over the network (render/screens/hosted_game.py)
    bind: str | None = None  # where a host listens (None: this machine's LAN address)
    port: int = DEFAULT_PORT

    @property
    def save_path(self) -> str:
        """The file --save names, else the single autosave of earlier versions (still offered)."""
        return self.save or str(user_dir("data") / "autosave.json")

    @property
    def rules_options(self) -> dict[str, Any]:
        """The keywords ``rules.new_game`` takes for this table."""
        return ({"variant": self.variant} if self.variant else {}) | self.game_options

    def new_match(self) -> Match:
        """The table's match, autosaving to --save or to a file of its own in saves/ (a loaded
        file from elsewhere is never written: its game goes on in a new file)."""
        from render import saves

        if self.load:
            match = Match.load(self.load)
            match.autosave = self.save or (self.load if saves.in_saves(self.load) else
                                           str(saves.new_save_path(match.data.game)))
            return match
        return Match(registry.get(self.game), self.players, self.seed, self.seats,
                     autosave=self.save or str(saves.new_autosave(self.game)), **self.rules_options)
