"""The bodies the API accepts, each declared once (:mod:`ludotheek.server.edge.shapes`): its
fields, their types and ranges, and what a client is told when one does not fit.
The OpenAPI document describes them from these declarations."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

import msgspec
from msgspec import UNSET, UnsetType

from ludotheek.games import names
from ludotheek.server.edge.shapes import GIVEN, Refusal, Refusals, Shape

MAX_SEED = 2**63 - 1
MAX_MOVE = 200
MAX_NAME = 32

_UNKNOWN = "unknown field {field} (fields: {fields})"
MoveText = Annotated[str, msgspec.Meta(max_length=MAX_MOVE,
                                       description="a move in the game's notation")]
Version = Annotated[int, msgspec.Meta(description="the version of the view you saw "
                                                  "(its number of moves)")]
NOT_TEXT = Refusal("'move' must be a text in the game's notation", code="move.not_text")
NOT_VERSION = Refusal("'version' must be the whole number of the version you saw",
                      code="request.version")


class MoveBody(Shape):
    """``POST /api/games/{id}/moves``: a move (or ``resign``) and the version it is for."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal('the body must be a JSON object like {{"move": "3", "version": 0}}',
                     code="move.body"),
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="move, version"),
        missing={"move": Refusal("'move' is missing", code="move.missing"),
                 "version": Refusal("'version' is missing: send the version of the view "
                                    "you saw", code="move.no_version")},
        fields={"move": NOT_TEXT, "version": NOT_VERSION})

    move: MoveText
    version: Version


class LiveMove(Shape):
    """The WebSocket's ``{"type": "move", "move", "version"}``."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal("a message is a JSON object with a 'type'", code="live.not_object"),
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="type, move, version"),
        fields={"move": NOT_TEXT, "version": NOT_VERSION})

    type: Literal["move"]
    move: MoveText
    version: Version


VERSION_BODY = Refusal('the body must be {{"version": V}}, V the version you saw',
                       code="request.version_body")


class VersionBody(Shape):
    """``{"version": V}``: undo, abort and leave name the version the client saw."""

    refusals: ClassVar[Refusals] = Refusals(
        body=VERSION_BODY, missing={"version": VERSION_BODY}, fields={"version": NOT_VERSION})

    version: Version


#: the most invite codes a rematch request names (a game's seats)
MAX_INVITES = 8
#: an invite code's or a seat secret's longest text (``server/play/seats.py``)
MAX_CODE = 200
Code = Annotated[str, msgspec.Meta(max_length=MAX_CODE, description="an invite code")]


class RematchBody(Shape):
    """``POST /api/games/{id}/rematch``: whether the seats move one on, and the invite
    codes the caller holds of seats nobody took (their rematch's codes come back)."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal('the body must be {{"swap": true}} or {{"swap": false}}',
                     code="rematch.body"),
        fields={"invites": Refusal("'invites' must be a list of at most {most} invite codes",
                                   code="rematch.invites", most=MAX_INVITES)})

    swap: Annotated[bool, msgspec.Meta(description="the seats moved one on")] = False
    invites: Annotated[list[Code], msgspec.Meta(
        max_length=MAX_INVITES,
        description="invite codes of this game's seats that nobody took: the answer holds "
                    "the rematch's codes of those seats")] = []


TRY_BODY = Refusal('the body must be {{"at": N, "move": "..."}}', code="learn.body")


class TryBody(Shape):
    """``POST /api/learn/{game}/try``: another move than the coach's at a position."""

    refusals: ClassVar[Refusals] = Refusals(
        body=TRY_BODY, missing={"at": TRY_BODY, "move": TRY_BODY},
        fields={"at": Refusal("'at' must be the whole number of moves of the position",
                              code="replay.at_number"),
                "move": NOT_TEXT})

    at: Annotated[int, msgspec.Meta(description="the moves before the position")]
    move: MoveText


class SeatIn(Shape):
    """A seat of a new game (a refusal names the seat: ``number``)."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal('seat {number} must be an object like {{"type": "person"}}',
                     code="create.seat_object", number=GIVEN),
        unknown=Refusal("seat {number}: unknown field {field} (fields: {fields})",
                        code="create.seat_field", number=GIVEN, field=GIVEN,
                        fields="type, level, name, invite, profile"),
        fields={"type": Refusal("seat {number}: 'type' must be 'person' or 'computer'",
                                code="create.seat_type", number=GIVEN),
                "name": Refusal("seat {number}: 'name' must be a text of at most {most} "
                                "characters", code="create.seat_name", number=GIVEN,
                                most=MAX_NAME),
                "invite": Refusal("seat {number}: 'invite' must be true or false",
                                  code="create.seat_invite_bool", number=GIVEN)})

    type: Literal["person", "computer"]
    level: Annotated[str, msgspec.Meta(
        description="for a computer: easy, normal, strong, ... (the game's levels)")] = "normal"
    name: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] | None = None
    profile: Annotated[str, msgspec.Meta(
        description="in a rated game: the code of the profile playing it")] | None = None
    invite: Annotated[bool, msgspec.Meta(description=(
        "a person invited by a link (a person's seat only): the answer holds the seat's "
        "invite code, not its token; whoever takes the seat with the code gets a token "
        "of their own (POST /api/games/{id}/seats/{seat}/claim). Without it a person's "
        "seat is played at the creator's screen: the answer holds its token"))] = False


#: the days per move a turn-based game may have
DAYS = (1, 2, 3, 7)
#: a clock's longest time each (minutes) and largest increment a move (seconds)
MAX_MINUTES = 180
MAX_INCREMENT = 60
TIME_BODY = Refusal("'time' must be {{\"days\": D}} (D one of 1, 2, 3, 7: a turn-based "
                    "game) or {{\"minutes\": M, \"increment\": S}} (a clock: M from 1 to "
                    "{minutes}, S seconds from 0 to {increment})", code="time.body",
                    minutes=MAX_MINUTES, increment=MAX_INCREMENT)


class TimeIn(Shape):
    """A game's time: turn-based (``days`` per move) or a clock (``minutes`` each plus
    ``increment`` seconds a move); only for a game between people."""

    refusals: ClassVar[Refusals] = Refusals(
        body=TIME_BODY,
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="days, minutes, increment"),
        fields={"days": Refusal("'days' must be one of 1, 2, 3, 7 (days per move)",
                                code="time.days"),
                "minutes": Refusal("'minutes' must be a whole number from 1 to {most}",
                                   code="time.minutes", most=MAX_MINUTES),
                "increment": Refusal("'increment' must be a whole number of seconds from 0 "
                                     "to {most}", code="time.increment", most=MAX_INCREMENT)})

    days: Annotated[Literal[1, 2, 3, 7], msgspec.Meta(
        description="days per move: a turn-based game")] | None = None
    minutes: Annotated[int, msgspec.Meta(ge=1, le=MAX_MINUTES, description=(
        "a clock: each seat's minutes for the whole game"))] | None = None
    increment: Annotated[int, msgspec.Meta(ge=0, le=MAX_INCREMENT, description=(
        "a clock: seconds added to a seat's time for each of its moves"))] | None = None


class CreateGame(Shape, kw_only=True):
    """``POST /api/games``: a new game."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal("the body must be a JSON object", code="request.not_object"),
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="game, options, seats, seed"),
        fields={"game": Refusal("'game' must be one of: {games}", code="create.game",
                                games=lambda: ", ".join(names())),
                "options": Refusal("'options' must be a JSON object", code="create.options"),
                "seed": Refusal("'seed' must be a whole number from 0 to {most}",
                                code="create.seed", most=MAX_SEED)})

    game: Annotated[str, msgspec.Meta(description="the game's name (GET /api/meta)")]
    options: Annotated[dict[str, Any], msgspec.Meta(
        description="the game's options (GET /api/meta)")] = {}
    seed: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEED, description=(
        "the seed of its chance and of its computers' choices (none: the server draws "
        "one, secret until the game ends); only for an unrated game with at most one "
        "person seat"))] | None = None
    seats: list[SeatIn]
    rated: Annotated[bool, msgspec.Meta(
        description="a rated game (docs/ratings.md): at least one seat with a profile, "
                    "computer levels with a rating")] = False
    time: Annotated[TimeIn, msgspec.Meta(description=(
        "a game between people: turn-based ({\"days\": 1, 2, 3 or 7} per move) or live "
        "with a clock ({\"minutes\": M, \"increment\": S}); none: live, without a clock "
        "(docs/web.md, \"Slow games and clocks\")"))] | None = None


NAME_BODY = Refusal('the body must be {{"name": NAME}}', code="ratings.body_name")
PROFILE_NAME = Refusal("'name' must be a text of 1 to {max} characters", code="ratings.name",
                       max=MAX_NAME)
Name = Annotated[str, msgspec.Meta(description="1 to 32 characters once its spaces are "
                                               "tidied, no control characters")]


class NewProfile(Shape):
    """``POST /api/profiles``: a new profile's name."""

    refusals: ClassVar[Refusals] = Refusals(body=NAME_BODY, fields={"name": PROFILE_NAME})

    name: Name


class Rename(Shape):
    """``POST /api/profiles/me``: the profile's new name."""

    refusals: ClassVar[Refusals] = Refusals(body=NAME_BODY, missing={"name": NAME_BODY},
                                            fields={"name": PROFILE_NAME})

    name: Name


class ClaimSeat(Shape):
    """``POST /api/games/{id}/profile``: the profile to seat on the token's seat."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal('the body must be {{"profile": CODE}}', code="ratings.body_profile"),
        missing={"profile": Refusal('the body must be {{"profile": CODE}}',
                                    code="ratings.body_profile")},
        fields={"profile": Refusal("that is not a profile code: it has 20 letters and digits, "
                                   "like ABCD-EFGH-JKMN-PQRS-TVWX",
                                   code="ratings.secret_malformed")})

    profile: Annotated[str, msgspec.Meta(description="the profile's code")]


PROFILE_CODE = Refusal("that is not a profile code: it has 20 letters and digits, like "
                       "ABCD-EFGH-JKMN-PQRS-TVWX", code="ratings.secret_malformed")
CLAIM_BODY = Refusal('the body must be {{"invite": CODE}} or {{"invite": CODE, "profile": '
                     'PROFILE}}', code="seat.claim_body")


class ClaimInvite(Shape):
    """``POST /api/games/{id}/seats/{seat}/claim``: the seat's invite code, and the
    profile that takes it (needed in a rated game)."""

    refusals: ClassVar[Refusals] = Refusals(
        body=CLAIM_BODY,
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="invite, profile, name"),
        missing={"invite": CLAIM_BODY},
        fields={"invite": Refusal("'invite' must be the invite code of the link",
                                  code="seat.invite_text"),
                "profile": PROFILE_CODE,
                "name": Refusal("'name' must be a text of 1 to {most} characters, without "
                                "control characters", code="seat.claim_name", most=MAX_NAME)})

    invite: Code
    profile: Annotated[str, msgspec.Meta(description=(
        "the code of the profile taking the seat (a rated game needs one): it may take "
        "the seat up again on another device"))] | None = None
    name: Annotated[str, msgspec.Meta(max_length=4 * MAX_NAME, description=(
        "the taker's name, shown to everyone in the game (1 to 32 characters once its "
        "spaces are tidied, no control characters); a profile's name comes before it, "
        "and without either the seat keeps the name it was given"))] | None = None


RESUME_BODY = Refusal('the body must be {{"profile": CODE}}', code="seat.resume_body")


class ResumeSeat(Shape):
    """``POST /api/games/{id}/seats/{seat}/resume``: the profile that took the seat."""

    refusals: ClassVar[Refusals] = Refusals(
        body=RESUME_BODY, missing={"profile": RESUME_BODY},
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="profile"),
        fields={"profile": PROFILE_CODE})

    profile: Annotated[str, msgspec.Meta(description="the code of the profile that took "
                                                     "the seat")]


Anything = Annotated[Any, msgspec.Meta(description="a text (any other value is logged as "
                                                   "its text; longer ones are cut)")]


class ErrorReport(Shape):
    """``POST /api/client-errors``: an error in a page, for the game's error log."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal("the body must be a JSON object with at least 'message'",
                     code="report.body"),
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields=lambda: ", ".join(sorted(
                            f.name for f in msgspec.structs.fields(ErrorReport)))),
        fields={"message": Refusal("'message' must be a text saying what went wrong",
                                   code="report.message")})

    message: Annotated[str, msgspec.Meta(description="what went wrong")]
    game: Annotated[Any, msgspec.Meta(description="the game whose page it is (its log)")] = None
    game_id: Anything = None
    version: Anything = None
    kind: Anything = None
    stack: Anything = None
    url: Anything = None
    agent: Anything = None
    context: Anything = None


TRY_AGAIN_BODY = Refusal('the body must be {{"at": N}} or {{"at": N, "seat": S}}: N the '
                         'position (the number of moves), S the seat you play',
                         code="tryagain.body")
WHOLE = Refusal("'{name}' must be a whole number from {low} to {high}", code="request.number",
                name=GIVEN, low=GIVEN, high=GIVEN)


class TryAgain(Shape):
    """``POST /api/games/{id}/try``: a new game against the computer from a position."""

    refusals: ClassVar[Refusals] = Refusals(
        body=TRY_AGAIN_BODY, missing={"at": TRY_AGAIN_BODY}, fields={"at": WHOLE, "seat": WHOLE})

    at: Annotated[int, msgspec.Meta(ge=0, description="the position: its number of moves")]
    seat: Annotated[int, msgspec.Meta(ge=0, description=(
        "the seat you play (default: the seat to move there)"))] | UnsetType = UNSET


class CspReport(msgspec.Struct):
    """``POST /api/csp-reports``: a browser's report, any JSON object; the report itself
    or, as browsers send it, under ``csp-report``. Logged as it comes, not checked."""

    csp_report: Annotated[dict[str, Any], msgspec.Meta(
        description="what the policy refused")] | UnsetType = msgspec.field(
        default=UNSET, name="csp-report")


# --- words between players (server/play/chat.py, takebacks.py) -----------------------------

#: the longest free text of a chat line, in characters once its control characters are gone
MAX_CHAT = 200
CHAT_BODY = Refusal('the body must be {{"phrase": KEY}} (a preset phrase) or {{"text": TEXT}}',
                    code="chat.body")


class ChatBody(Shape):
    """``POST /api/games/{id}/chat``: a preset phrase (by its key, shown in each reader's
    language) or a free text (plain, at most 200 characters)."""

    refusals: ClassVar[Refusals] = Refusals(
        body=CHAT_BODY,
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="phrase, text"),
        fields={"phrase": Refusal("'phrase' must be the key of a preset phrase",
                                  code="chat.phrase_text"),
                "text": Refusal("'text' must be a text", code="chat.text_type")})

    phrase: Annotated[str, msgspec.Meta(
        max_length=32, description="a preset phrase's key (GET /api/games/{id}/chat: "
                                   "'phrases')")] | None = None
    text: Annotated[str, msgspec.Meta(description=(
        "a text of your own: at most 200 characters once control characters are taken "
        "out; shown as plain text. Refused where the site allows the phrases only"))
                    ] | None = None


ANSWER_BODY = Refusal('the body must be {{"version": V, "accept": true}} (or false)',
                      code="takeback.body")


class TakebackAnswer(Shape):
    """``POST /api/games/{id}/takeback/answer``: agree to the takeback asked at ``version``
    or refuse it (its asker withdraws it with ``false``)."""

    refusals: ClassVar[Refusals] = Refusals(
        body=ANSWER_BODY,
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="version, accept"),
        missing={"version": ANSWER_BODY, "accept": ANSWER_BODY},
        fields={"version": NOT_VERSION,
                "accept": Refusal("'accept' must be true or false", code="takeback.accept")})

    version: Version
    accept: Annotated[bool, msgspec.Meta(description="true: take the move back; false: "
                                                     "refuse (or withdraw one's own)")]


QR_BODY = Refusal('the body must be {{"invite": CODE}}', code="seat.qr_body")


class QrBody(Shape):
    """``POST /api/games/{id}/seats/{seat}/qr``: the seat's invite code, whose link the QR
    code holds."""

    refusals: ClassVar[Refusals] = Refusals(
        body=QR_BODY, missing={"invite": QR_BODY},
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN, fields="invite"),
        fields={"invite": Refusal("'invite' must be the invite code of the link",
                                  code="seat.invite_text")})

    invite: Code
# --- Web Push (server/api/push.py) --------------------------------------------------------

PUSH_BODY = Refusal('the body must be a push subscription: {{"endpoint": URL, "keys": '
                    '{{"p256dh": KEY, "auth": SECRET}}, "lang": LANG}}', code="push.body")
PUSH_KEYS = Refusal("'keys' must hold the device's 'p256dh' key and 'auth' secret as the "
                    "browser gave them (base64url)", code="push.keys")
#: base64url without padding (the browsers' PushSubscription.toJSON())
_B64URL = "^[A-Za-z0-9_-]+={0,2}$"


class PushKeys(Shape):
    """A push subscription's keys: the device's P-256 public key (65 bytes) and its
    authentication secret (16 bytes), base64url as the browser gives them."""

    refusals: ClassVar[Refusals] = Refusals(body=PUSH_KEYS, fields={"p256dh": PUSH_KEYS,
                                                                    "auth": PUSH_KEYS})

    p256dh: Annotated[str, msgspec.Meta(min_length=86, max_length=88, pattern=_B64URL)]
    auth: Annotated[str, msgspec.Meta(min_length=22, max_length=24, pattern=_B64URL)]


class PushSubscribe(Shape):
    """``POST /api/games/{id}/push`` (a seat, by its token) and ``POST
    /api/profiles/me/push`` (a profile, by its code): the browser's push subscription of
    this device and the language its notifications are in."""

    refusals: ClassVar[Refusals] = Refusals(
        body=PUSH_BODY,
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="endpoint, keys, lang"),
        missing={"endpoint": PUSH_BODY, "keys": PUSH_BODY},
        fields={"endpoint": Refusal("'endpoint' must be the push service's https address",
                                    code="push.endpoint_text"),
                "keys": PUSH_KEYS,
                "lang": Refusal("'lang' must be one of en, nl, no", code="push.lang")})

    endpoint: Annotated[str, msgspec.Meta(max_length=1024, description=(
        "the push service's address for this device (https, port 443, a public host)"))]
    keys: PushKeys
    lang: Literal["en", "nl", "no"] = "en"


class PushUnsubscribe(Shape):
    """``DELETE /api/games/{id}/push``, ``DELETE /api/profiles/me/push``: the device that
    no longer wants to be told."""

    refusals: ClassVar[Refusals] = Refusals(
        body=Refusal('the body must be {{"endpoint": URL}}', code="push.unsubscribe_body"),
        unknown=Refusal(_UNKNOWN, code="request.unknown_field", field=GIVEN,
                        fields="endpoint"),
        fields={"endpoint": Refusal("'endpoint' must be the push service's https address",
                                    code="push.endpoint_text")})

    endpoint: Annotated[str, msgspec.Meta(max_length=1024)]
