"""Declared game options, checked the same way for every game.

>>> opt = IntOption("seeds_per_cup", 4, low=3, high=5)
>>> opt.check(5)
5
>>> opt.check(6)
Traceback (most recent call last):
...
ludotheek.core.errors.BadOption: option seeds_per_cup must be between 3 and 5, not 6
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludotheek.core.errors import BadOption, quoted


@dataclass(frozen=True)
class Option:
    """One option of a game: its name, default and a label per language."""

    name: str
    default: Any
    label: Mapping[str, str] = field(default_factory=dict)

    def check(self, value: Any) -> Any:  # pragma: no cover - overridden
        return value

    def describe(self) -> dict[str, Any]:
        """A JSON description for forms (the lobby) and the API."""
        return {"name": self.name, "default": self.default, "label": dict(self.label)}


@dataclass(frozen=True)
class IntOption(Option):
    low: int = 0
    high: int = 0

    def check(self, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            digits = value.strip() if isinstance(value, str) else ""
            if digits.lstrip("-").isascii() and digits.lstrip("-").isdigit() \
                    and len(digits) <= 19:
                value = int(digits)
            else:
                raise BadOption(f"option {self.name} must be a whole number, not {value!r}",
                                code="option.not_whole", option=self.name, value=quoted(value))
        if not self.low <= value <= self.high:
            raise BadOption(
                f"option {self.name} must be between {self.low} and {self.high}, not {value}",
                code="option.range", option=self.name, low=self.low, high=self.high, value=value)
        return int(value)

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "int", "min": self.low, "max": self.high}


@dataclass(frozen=True)
class ChoiceOption(Option):
    choices: tuple[Any, ...] = ()

    def check(self, value: Any) -> Any:
        if value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise BadOption(f"option {self.name} must be one of {allowed}, not {value!r}",
                            code="option.choice", option=self.name, choices=allowed,
                            value=quoted(value))
        return value

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "choice", "choices": list(self.choices)}


_TRUE = {"on", "true", "yes", "1", "aan", "ja"}
_FALSE = {"off", "false", "no", "0", "uit", "nee"}


@dataclass(frozen=True)
class BoolOption(Option):
    """A switch; accepts booleans and the words on/off, true/false, yes/no."""

    def check(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE:
            return True
        if isinstance(value, str) and value.strip().lower() in _FALSE:
            return False
        raise BadOption(f"option {self.name} must be on or off, not {value!r}", code="option.bool",
                        option=self.name, value=quoted(value))

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "bool"}


@dataclass(frozen=True)
class TextOption(Option):
    """Free text, or a list of texts (like seat names)."""

    max_length: int = 64
    max_items: int = 0  # 0: a single text; >0: a list of at most this many texts

    def check(self, value: Any) -> Any:
        if self.max_items:
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list | tuple) or len(value) > self.max_items:
                raise BadOption(
                    f"option {self.name} must be a list of at most {self.max_items} texts",
                    code="option.list", option=self.name, max=self.max_items)
            return [self._one(v) for v in value]
        return self._one(value)

    def _one(self, value: Any) -> str:
        if value is None:
            return ""
        if not isinstance(value, str):
            raise BadOption(f"option {self.name} must be text, not {value!r}", code="option.text",
                            option=self.name, value=quoted(value))
        if len(value) > self.max_length:
            raise BadOption(f"option {self.name} is longer than {self.max_length} characters",
                            code="option.too_long", option=self.name, max=self.max_length)
        return value

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "type": "text", "max_length": self.max_length,
                "max_items": self.max_items}


def check_options(
    declared: Sequence[Option], given: Mapping[str, Any], game: str
) -> dict[str, Any]:
    """Validate ``given`` against ``declared``; fill defaults; refuse unknown names."""
    by_name = {o.name: o for o in declared}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        known = ", ".join(by_name) or "none"
        raise BadOption(f"unknown option {unknown[0]!r} for {game} (options: {known})",
                        code="option.unknown", option=unknown[0], game=game, known=known)
    return {o.name: (o.check(given[o.name]) if o.name in given else o.default) for o in declared}
