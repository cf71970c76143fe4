"""The API's shapes, declared once: msgspec Structs that check a request, describe it
in the OpenAPI document (:mod:`ludotheek.server.api.openapi.document`) and encode an answer.

A request shape (a :class:`Shape`) also declares its :class:`Refusals`: what the
client is told, with the code and parameters its page words it by, when the body is
not an object, names a field the shape does not have, lacks a required field, or has a
field of the wrong type or out of its range. :func:`decode` checks in that order, and
the fields one by one in the order the shape declares them (whatever the order of the
JSON), so a request with several faults hears of the same one every time. A field may
have a *hook* instead of its plain conversion: the checks that need more than the
shape (is the game known? how many seats do its options make?) run there, in the same
order.

>>> class Ping(Shape):
...     refusals: ClassVar[Refusals] = Refusals(
...         body=Refusal("the body must be an object", code="ping.body"),
...         fields={"count": Refusal("'count' must be from 1 to {most}", code="ping.count",
...                                  most=9)})
...     count: Annotated[int, msgspec.Meta(ge=1, le=9)]
>>> decode(Ping, {"count": 3})
Ping(count=3)
>>> try:
...     decode(Ping, {"count": 10})
... except Invalid as exc:
...     print(exc.message, exc.code, exc.extra)
'count' must be from 1 to 9 ping.count {'most': 9}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, ClassVar, TypeVar

import msgspec

from ludotheek.core.errors import quoted
from ludotheek.server.errors import Invalid

S = TypeVar("S", bound="Shape")
#: a field's own check: (its raw value, the fields checked before it) -> its value
Hook = Callable[[Any, dict[str, Any]], Any]

__all__ = ["GIVEN", "Annotated", "Answer", "Hook", "Refusal", "Refusals", "Shape", "built",
           "convert_field", "decode"]


class _Given:
    def __repr__(self) -> str:
        return "GIVEN"


#: a parameter of a refusal given when refusing (the field's name, the seat's number)
GIVEN: Any = _Given()


class Refusal:
    """What a client is told when a request does not fit: the English message (a
    ``str.format`` template over the parameters), the code and the parameters, each
    a value, a function asked when refusing (the names of the games), or
    :data:`GIVEN` (given when refusing: the unknown field's name, a seat's number)."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        self.message = message
        self.code = code
        self.params = params

    def __repr__(self) -> str:
        return f"Refusal({self.message!r}, code={self.code!r})"

    def error(self, texts: Mapping[str, Any] | None = None, **params: Any) -> Invalid:
        """The refusal as an :class:`Invalid`; ``texts`` are values for the message
        only (a field's name in full where its parameter is cut)."""
        given = {k: v() if callable(v) and v is not GIVEN else v
                 for k, v in self.params.items()}
        given.update((k, v) for k, v in params.items() if k in self.params)
        assert all(v is not GIVEN for v in given.values()), (self.code, given)
        return Invalid(self.message.format(**{**given, **(texts or {})}), code=self.code,
                       **given)


@dataclass(frozen=True)
class Refusals:
    """A shape's refusals (each one not given is the body's)."""

    #: the body (or the nested object) is not an object; none for a query whose
    #: parameters are texts that cannot fail (a query is always an object)
    body: Refusal | None = None
    #: it names a field the shape does not have (parameters ``field``, and the message's
    #: ``{field}`` in full)
    unknown: Refusal | None = None
    #: a field is absent, said before any field's value is looked at (a required field
    #: not named here: its own refusal, in its turn)
    missing: Mapping[str, Refusal] = field(default_factory=dict)
    #: a field of the wrong type or out of its range
    fields: Mapping[str, Refusal] = field(default_factory=dict)

    def of_field(self, name: str) -> Refusal:
        return self.fields.get(name) or self.of_body()

    def of_body(self) -> Refusal:
        if self.body is None:
            raise LookupError("a shape that can be refused declares its refusal")
        return self.body


class Shape(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """A request's shape; a subclass declares its fields and its :class:`Refusals`."""

    refusals: ClassVar[Refusals]


class Answer(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    """An answer's shape (its fields as the client gets them)."""


A = TypeVar("A", bound=Answer)


def built(shape: type[A], data: Any) -> A:
    """``data``, JSON data made elsewhere (a stored analysis, a rated game's description),
    as the answer ``shape``: checked against its declaration on the way, a field it lacks,
    names in addition or holds of another type is the server's own fault
    (:class:`msgspec.ValidationError`)."""
    return msgspec.convert(data, shape)


@cache
def _fields(shape: type[msgspec.Struct]) -> tuple[msgspec.structs.FieldInfo, ...]:
    return msgspec.structs.fields(shape)


def convert_field(shape: type[Shape], name: str, raw: Any,
                  where: Mapping[str, Any] | None = None) -> Any:
    """``raw`` converted to the declared type of ``shape``'s field ``name``; its refusal
    (with the parameters ``where``, such as a seat's number) if it does not fit."""
    kind = next(f.type for f in _fields(shape) if f.name == name)
    try:
        return msgspec.convert(raw, kind)
    except msgspec.ValidationError as exc:
        raise shape.refusals.of_field(name).error(**(where or {})) from exc


def decode(shape: type[S], raw: Any, where: Mapping[str, Any] | None = None,
           hooks: Mapping[str, Hook] | None = None) -> S:
    """``raw`` (JSON data) as a ``shape``, or the first refusal: not an object, an
    unknown field (the first by name), an absent field its shape names in ``missing``,
    then each field in the shape's order: absent but required, or not fitting. A hook
    checks its field instead of the declared conversion, called with the raw value
    (``msgspec.UNSET`` when absent) and the fields before it; ``where`` adds parameters
    to every refusal."""
    if hooks is None and isinstance(raw, dict):
        # what fits is converted at once (msgspec checks each field as convert_field
        # does); only what does not goes the way below, which finds its refusal
        try:
            return msgspec.convert(raw, shape)
        except msgspec.ValidationError:
            pass
    where = dict(where or {})
    refusals = shape.refusals
    if not isinstance(raw, dict):
        raise refusals.of_body().error(**where)
    fields = _fields(shape)
    unknown = sorted(set(raw) - {f.encode_name for f in fields})
    if unknown:
        if refusals.unknown is None:
            raise refusals.of_body().error(**where)
        raise refusals.unknown.error({"field": repr(unknown[0])}, field=quoted(unknown[0]),
                                     **where)
    for f in fields:  # the absent fields whose shape says so before any field's value
        if f.encode_name not in raw and f.name in refusals.missing:
            raise refusals.missing[f.name].error(**where)
    values: dict[str, Any] = {}
    for f in fields:
        hook = (hooks or {}).get(f.name)
        value = raw.get(f.encode_name, msgspec.UNSET)
        if hook is not None:
            values[f.name] = hook(value, values)
        elif value is not msgspec.UNSET:
            values[f.name] = convert_field(shape, f.name, value, where)
        elif f.required:
            raise refusals.of_field(f.name).error(**where)
    return shape(**values)


def schemas(*shapes: type[msgspec.Struct]) -> dict[str, Any]:
    """The JSON Schemas of ``shapes`` (and of the shapes they hold), by name, each
    referred to as ``#/components/schemas/<name>``."""
    _, components = msgspec.json.schema_components(
        shapes, ref_template="#/components/schemas/{name}")
    return components


def ref(shape: type[msgspec.Struct]) -> dict[str, str]:
    """A reference to ``shape``'s schema in the OpenAPI document's components."""
    return {"$ref": f"#/components/schemas/{shape.__name__}"}
