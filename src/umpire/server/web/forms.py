"""The game-master console's forms, checked against the game itself."""

from __future__ import annotations

import json
from typing import Any

from django import forms

from umpire.core import registry, session
from umpire.core.settings import check
from umpire.server.usecases.common import PRESS_RULES
from umpire.server.web.templatetags.umpire_web import scenario_title


def game_choices() -> list[tuple[str, str]]:
    """``game/scenario`` for every registered game and scenario."""
    return [
        (
            f"{r.info.name}/{s.name}",
            scenario_title(r.info.title, s.title),
        )
        for r in registry.all_games()
        for s in r.info.scenarios
    ]


NMR_CHOICES = [("rules", "the game's own rules"), ("bot", "the bot writes them")]
AWAY_CHOICES = [
    ("extend", "deadlines move past the absence (up to a limit)"),
    ("standing", "standing orders and defaults play"),
    ("sitter", "a sitter the player names plays the seat"),
]


class CreateGameForm(forms.Form):
    name = forms.CharField(max_length=120, required=False)
    game = forms.ChoiceField(choices=game_choices)
    public = forms.BooleanField(required=False, initial=True, label="Listed in the lobby")
    press = forms.ChoiceField(choices=[(p, p) for p in PRESS_RULES], initial="full")
    anonymous_press = forms.BooleanField(required=False)
    deadline_minutes = forms.IntegerField(
        min_value=0, initial=2880, help_text="0: no deadline (you process the turns)"
    )
    grace_minutes = forms.IntegerField(min_value=0, initial=0)
    nmr = forms.ChoiceField(choices=NMR_CHOICES, initial="rules", label="Missing orders")
    away_policy = forms.ChoiceField(
        choices=AWAY_CHOICES,
        initial="extend",
        required=False,
        label="When a player is away",
    )
    away_limit_days = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=60,
        initial=7,
        label="Most days of moved deadlines per player",
        help_text="in all, for the whole game",
    )
    fill_with_bots = forms.BooleanField(required=False, label="Bots play unassigned powers")
    open_bot_seats = forms.BooleanField(required=False, label="Joiners take over bots")
    unrated = forms.BooleanField(required=False, label="Unrated (changes no rating)")
    min_reliability = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=100,
        label="Least reliability to join (%)",
        help_text="empty: anyone; a newcomer with no turn due yet always may",
    )
    max_missed = forms.IntegerField(
        required=False, min_value=0, max_value=10_000, label="Most missed turns to join"
    )
    offer_after_missed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=1_000,
        label="Offer a seat after missed turns in a row",
        help_text="to a new player, on the games needing a player; empty: 2; 0: never",
    )
    takeover_approval = forms.BooleanField(required=False, label="Takeovers need my approval")
    powers = forms.CharField(
        required=False, help_text="comma-separated; empty: the scenario's default powers"
    )
    rules = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text='the game\'s own settings as JSON, e.g. {"max_years": 10}',
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        try:
            rules = json.loads(data.get("rules") or "{}")
        except json.JSONDecodeError as err:
            raise forms.ValidationError(f"rules: not JSON ({err.msg})") from err
        if not isinstance(rules, dict):
            raise forms.ValidationError("rules: give a JSON object")
        data["rules"] = rules
        powers = [p.strip() for p in (data.get("powers") or "").split(",") if p.strip()]
        data["powers"] = powers
        if "game" in data:
            game, scenario = data["game"].split("/", 1)
            data["game_name"], data["scenario"] = game, scenario
            # The game's record declares the settings it takes (the API checks the same).
            try:
                model = registry.game(game).settings_for(scenario)
            except KeyError as err:
                raise forms.ValidationError(str(err)) from err
            known = set(model.model_fields) if model is not None else None
            unknown = sorted(set(rules) - known) if known is not None else []
            if unknown:
                allowed = ", ".join(sorted(known or ())) or "none"
                raise forms.ValidationError(
                    f"unknown setting(s) for {game}: {', '.join(unknown)} (known: {allowed})"
                )
            # The game itself judges: setting it up with these settings must work.
            try:
                session.create(game, scenario=scenario, seed=0, powers=powers or None,
                               settings=rules)  # fmt: skip
                check(model, rules)
            except Exception as err:  # any refusal of the engine is the user's to fix
                raise forms.ValidationError(f"the game refuses these settings: {err}") from err
        return data

    def settings(self) -> dict[str, Any]:
        d = self.cleaned_data
        out: dict[str, Any] = {
            "press": d["press"],
            "anonymous_press": d["anonymous_press"],
            "deadline": {"minutes": d["deadline_minutes"]},
            "grace_minutes": d["grace_minutes"],
            "nmr": d["nmr"],
            "away": {
                "policy": d.get("away_policy") or "extend",
                "limit_days": 7 if d.get("away_limit_days") is None else d["away_limit_days"],
            },
            "fill_with_bots": d["fill_with_bots"],
            "open_bot_seats": d["open_bot_seats"],
            "rules": d["rules"],
        }
        if d.get("unrated"):
            out["unrated"] = True
        for limit in ("min_reliability", "max_missed", "offer_after_missed"):
            if d.get(limit) is not None:  # a game master's limits to join; replacements
                out[limit] = d[limit]
        if d.get("takeover_approval"):
            out["takeover_approval"] = True
        if d["powers"]:
            out["powers"] = d["powers"]
        return out


class SettingsForm(forms.Form):
    """The settings a game master may change in a created game (the console's "Settings"),
    shown with their values in effect. The fields only read the form's text; the values are
    checked by the settings' schema in the use case (``usecases.game_settings``), as a new
    game's are, so its refusal is what the page shows."""

    press = forms.ChoiceField(choices=[(p, p) for p in PRESS_RULES])
    anonymous_press = forms.BooleanField(required=False, label="Unsigned press allowed")
    deadline_minutes = forms.IntegerField(
        label="Turn length (minutes)",
        help_text="from the next turn's deadline; 0: no deadline (you process the turns)",
    )
    deadline_at = forms.CharField(
        required=False, max_length=5, label="Deadline time of day (HH:MM)",
        help_text="empty: none; in the deadline's time zone",
    )  # fmt: skip
    grace_minutes = forms.IntegerField(label="Processing waits after the deadline (minutes)")
    reminder_minutes = forms.IntegerField(label="Reminder before the deadline (minutes)")
    nmr = forms.ChoiceField(choices=NMR_CHOICES, label="Missing orders")
    away_policy = forms.ChoiceField(choices=AWAY_CHOICES, label="When a player is away")
    away_limit_days = forms.IntegerField(label="Most days of moved deadlines per player")
    offer_after_missed = forms.IntegerField(
        label="Offer a seat after missed turns in a row", help_text="0: never"
    )
    takeover_approval = forms.BooleanField(required=False, label="Takeovers need my approval")
    open_bot_seats = forms.BooleanField(required=False, label="Joiners take over bots")
    min_reliability = forms.IntegerField(
        required=False, label="Least reliability to join (%)", help_text="empty: anyone"
    )
    max_missed = forms.IntegerField(
        required=False, label="Most missed turns to join", help_text="empty: no limit"
    )

    @classmethod
    def of(cls, values: dict[str, Any]) -> SettingsForm:
        """The form showing ``values`` (``usecases.game_settings.effective``)."""
        initial = {name: values.get(name) for name in cls.base_fields}
        initial.update(
            deadline_minutes=values["deadline.minutes"], deadline_at=values["deadline.at"] or "",
            away_policy=values["away.policy"], away_limit_days=values["away.limit_days"],
        )  # fmt: skip
        return cls(initial=initial)

    def patch(self) -> dict[str, Any]:
        """The merge patch of the settings the form asks for (every field on it)."""
        d = self.cleaned_data
        return {
            "press": d["press"],
            "anonymous_press": d["anonymous_press"],
            "deadline": {"minutes": d["deadline_minutes"], "at": d["deadline_at"].strip() or None},
            "grace_minutes": d["grace_minutes"],
            "reminder_minutes": d["reminder_minutes"],
            "nmr": d["nmr"],
            "away": {"policy": d["away_policy"], "limit_days": d["away_limit_days"]},
            "offer_after_missed": d["offer_after_missed"],
            "takeover_approval": d["takeover_approval"],
            "open_bot_seats": d["open_bot_seats"],
            "min_reliability": d["min_reliability"],
            "max_missed": d["max_missed"],
        }
