"""Hole 1 of issue 34: the creator kept the invitee's seat.

``POST /api/games`` returned every person seat's token to whoever created the game, and the
token did not change when the invited person took the seat: the creator then resigned for
the opponent in a rated game (1500 -> 1422), and the same copy moved, left, aborted and
asked for rematches. Now an invited seat is a one-time claim (server/api/claims.py): the creator
gets an invite code, taking the seat makes a token for the taker alone and spends the code.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.pages.catalogs import LANGUAGES
from ludotheek.store.games import derived_token, hash_token
from tests.server.conftest import auth, wait_version

WEB = Path(__file__).resolve().parents[2] / "src" / "ludotheek" / "web" / "i18n"
HERE = {"type": "person"}
FRIEND = {"type": "person", "invite": True}


def create(client: TestClient, seats: list[dict[str, Any]], game: str = "wari",
           **extra: Any) -> dict[str, Any]:
    # no seed: the server draws it (a game with people may not choose its chance)
    r = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


def profile(client: TestClient, name: str) -> dict[str, Any]:
    made: dict[str, Any] = client.post("/api/profiles", json={"name": name}).json()
    return made


def claim(client: TestClient, gid: str, seat: int, invite: str | None,
          profile_secret: str | None = None) -> Any:
    body: dict[str, Any] = {"invite": invite}
    if profile_secret is not None:
        body["profile"] = profile_secret
    return client.post(f"/api/games/{gid}/seats/{seat}/claim", json=body)


def take(client: TestClient, made: dict[str, Any], seat: int,
         profile_secret: str | None = None) -> str:
    r = claim(client, made["id"], seat, made["seats"][seat]["invite"], profile_secret)
    assert r.status_code == 200, r.text
    token: str = r.json()["token"]
    return token


def move(client: TestClient, gid: str, token: str | None, text: str,
         version: int | None = None) -> Any:
    if version is None:
        version = client.get(f"/api/games/{gid}").json()["version"]
    return client.post(f"/api/games/{gid}/moves", json={"move": text, "version": version},
                       headers=auth(token))


def stored(client: TestClient, gid: str) -> tuple[Any, ...]:
    """What a refused request must leave alone: the game's version, status and record."""
    view = client.get(f"/api/games/{gid}").json()
    return view["version"], view["status"], view["moves"], view["seats"]


def every_action(client: TestClient, gid: str, token: str | None) -> dict[str, int]:
    """Each way of acting for a seat or seeing it, tried with ``token``: its status."""
    v = client.get(f"/api/games/{gid}").json()["version"]
    h = auth(token)
    return {
        "view": client.get(f"/api/games/{gid}", headers=h).status_code,
        "move": move(client, gid, token, "9", v).status_code,
        "resign": move(client, gid, token, "resign", v).status_code,
        "undo": client.post(f"/api/games/{gid}/undo", json={"version": v},
                            headers=h).status_code,
        "hint": client.get(f"/api/games/{gid}/hint", headers=h).status_code,
        "advice": client.get(f"/api/games/{gid}/advice", headers=h).status_code,
        "replay": client.get(f"/api/games/{gid}/replay?at=0", headers=h).status_code,
        "abort": client.post(f"/api/games/{gid}/abort", json={"version": v},
                             headers=h).status_code,
        "leave": client.post(f"/api/games/{gid}/leave", json={"version": v},
                             headers=h).status_code,
        "rematch": client.post(f"/api/games/{gid}/rematch", json={"swap": False},
                               headers=h).status_code,
    }


def test_the_creator_gets_an_invite_code_and_no_secret_of_the_invited_seat(
        client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, mine, theirs = made["id"], made["seats"][0], made["seats"][1]
    assert mine["token"] and mine["invite"] is None and mine["url"].endswith(mine["token"])
    assert theirs["token"] is None and theirs["url"] is None and theirs["invite"]
    assert theirs["invite_url"] == f"/play/{gid}#seat=1&invite={theirs['invite']}"
    view = client.get(f"/api/games/{gid}").json()
    assert [s["open"] for s in view["seats"]] == [False, True]
    # the code is not a seat's secret: it acts for nothing but taking the seat
    before = stored(client, gid)
    assert set(every_action(client, gid, theirs["invite"]).values()) == {403}
    assert stored(client, gid) == before


def test_the_creator_cannot_resign_for_the_invitee_of_a_rated_game(client: TestClient) -> None:
    """The attack of the issue: Anna invites Bert to a rated game; Bert takes the seat with
    his profile; Anna resigns for him with what she holds. Refused, Bert's rating untouched."""
    anna, bert = profile(client, "Anna"), profile(client, "Bert")
    made = create(client, [{"type": "person", "profile": anna["secret"]}, FRIEND], rated=True)
    gid, hers = made["id"], made["seats"][0]["token"]
    link = made["seats"][1]["invite"]
    his = take(client, made, 1, bert["secret"])
    assert move(client, gid, hers, "3").status_code == 200
    before = stored(client, gid)
    # the link is no seat's secret; her own token names only her seat ("resign 1": Bert's)
    for held, text in ((link, "resign"), (link, "9"), (hers, "resign 1"), (hers, "9")):
        r = move(client, gid, held, text)
        assert r.status_code == 403, (held, text, r.text)
    assert claim(client, gid, 1, link, anna["secret"]).status_code == 409
    assert stored(client, gid) == before
    assert client.get(f"/api/games/{gid}/rating").json()["seats"][1]["profile"]["id"] == \
        bert["id"]
    # Bert plays his own seat; his rating comes from the game he plays
    assert move(client, gid, his, "9").status_code == 200
    assert client.get(f"/api/profiles/{bert['id']}").json()["ratings"] == []


def test_the_request_that_handed_the_creator_both_seats_is_refused_for_rated_games(
        client: TestClient) -> None:
    """The old way of making a rated game between people (two person seats, both tokens to
    the creator) is refused; the same request unrated is a family at one screen."""
    anna = profile(client, "Anna")
    seats = [{"type": "person", "profile": anna["secret"]}, {"type": "person"}]
    r = client.post("/api/games", json={"game": "wari", "seats": seats, "rated": True})
    assert r.status_code == 400 and r.json()["code"] == "ratings.here_seats", r.text
    assert client.get("/api/games").json()["games"] == []
    family = create(client, [HERE, HERE])
    assert all(s["token"] for s in family["seats"]) and family["rated"] is False


def test_nothing_held_before_acts_for_the_seat_once_it_is_taken(client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, link = made["id"], made["seats"][1]["invite"]
    mine = made["seats"][0]["token"]
    token = take(client, made, 1)
    assert token not in (link, mine)
    assert move(client, gid, mine, "3").status_code == 200
    before = stored(client, gid)
    tried = every_action(client, gid, link)
    assert set(tried.values()) == {403}, tried
    # the link again, or anyone else with it: taken, nothing changes
    again = claim(client, gid, 1, link)
    assert again.status_code == 409 and again.json()["code"] == "seat.taken"
    assert stored(client, gid) == before
    # the seat is its taker's: the taker moves, the creator's token does not act for it
    assert move(client, gid, mine, "9").status_code == 403
    assert move(client, gid, token, "9").status_code == 200
    assert client.get(f"/api/games/{gid}", headers=auth(token)).json()["seat"] == 1


def test_the_creators_copy_cannot_leave_abort_or_rematch_for_the_friend(
        client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, link, mine = made["id"], made["seats"][1]["invite"], made["seats"][0]["token"]
    theirs = take(client, made, 1)
    for what in ("abort", "leave"):
        r = client.post(f"/api/games/{gid}/{what}", json={"version": 0}, headers=auth(link))
        assert r.status_code == 403, what
    assert client.get(f"/api/games/{gid}").json()["status"] == "active"
    # the friend resigns; a rematch gives the creator her own seat only
    assert move(client, gid, theirs, "resign").status_code == 200
    r = client.post(f"/api/games/{gid}/rematch", json={"swap": False, "invites": [link]},
                    headers=auth(mine))
    assert r.status_code == 201, r.text
    again = r.json()
    assert again["seat"] == 0 and again["invites"] == {}  # the link was spent: no new one
    new = again["id"]
    # what the creator can make from anything she held acts for nothing in the rematch
    for made_up in (link, derived_token(hash_token(link), new)):
        assert client.get(f"/api/games/{new}", headers=auth(made_up)).status_code == 403
        assert move(client, new, made_up, "resign").status_code == 403
    assert client.get(f"/api/games/{new}", headers=auth(mine)).status_code == 403  # old game's
    assert client.get(f"/api/games/{new}").json()["status"] == "active"
    assert client.get(f"/api/games/{new}", headers=auth(again["token"])).json()["seat"] == 0
    # the friend's own token gives the friend's seat of the rematch
    r = client.post(f"/api/games/{gid}/rematch", json={"swap": False}, headers=auth(theirs))
    assert r.status_code == 201 and r.json()["id"] == new and r.json()["seat"] == 1
    assert client.get(f"/api/games/{new}",
                      headers=auth(r.json()["token"])).json()["seat"] == 1


def test_a_swapped_rematch_keeps_each_person_on_their_own_seat(client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, mine = made["id"], made["seats"][0]["token"]
    theirs = take(client, made, 1)
    assert move(client, gid, mine, "resign").status_code == 200
    mine_again = client.post(f"/api/games/{gid}/rematch", json={"swap": True},
                             headers=auth(mine)).json()
    theirs_again = client.post(f"/api/games/{gid}/rematch", json={"swap": True},
                               headers=auth(theirs)).json()
    assert (mine_again["seat"], theirs_again["seat"]) == (1, 0)
    new = mine_again["id"]
    assert move(client, new, mine_again["token"], "3").status_code == 403  # not her turn
    assert move(client, new, theirs_again["token"], "3").status_code == 200


def test_a_seat_nobody_took_is_invited_again_in_the_rematch(client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, mine, link = made["id"], made["seats"][0]["token"], made["seats"][1]["invite"]
    assert move(client, gid, mine, "resign").status_code == 200
    r = client.post(f"/api/games/{gid}/rematch", json={"swap": False, "invites": [link]},
                    headers=auth(mine))
    assert r.status_code == 201, r.text
    new, code = r.json()["id"], r.json()["invites"]["1"]
    assert client.get(f"/api/games/{new}").json()["seats"][1]["open"] is True
    # the old link takes nothing in either game; the new code takes the rematch's seat once
    assert claim(client, gid, 1, link).json()["code"] == "seat.claim_over"
    assert claim(client, new, 1, link).json()["code"] == "seat.invite_wrong"
    r = claim(client, new, 1, code)
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert claim(client, new, 1, code).status_code == 409


def test_refusals_of_taking_a_seat_have_codes_in_every_language(client: TestClient) -> None:
    made = create(client, [HERE, FRIEND])
    gid, link = made["id"], made["seats"][1]["invite"]
    computer = create(client, [HERE, {"type": "computer", "level": "easy"}])
    cases = [
        (claim(client, gid, 1, "not-the-code"), 403, "seat.invite_wrong"),
        (claim(client, gid, 0, link), 409, "seat.taken"),  # the creator's own seat
        (claim(client, computer["id"], 1, link), 409, "seat.not_invited"),
        (claim(client, gid, 2, link), 404, "seat.unknown"),
        (client.post(f"/api/games/{gid}/seats/-1/claim", json={"invite": link}), 404,
         "seat.unknown"),
        (client.post(f"/api/games/{gid}/seats/x/claim", json={"invite": link}), 404,
         "seat.unknown"),
        (client.post(f"/api/games/{gid}/seats/1/claim", json={}), 400, "seat.claim_body"),
        (client.post(f"/api/games/{gid}/seats/1/claim", json={"invite": 7}), 400,
         "seat.invite_text"),
        (client.post(f"/api/games/{gid}/seats/1/claim", json={"invite": link, "x": 1}), 400,
         "request.unknown_field"),
        (claim(client, gid, 1, link, "not a code"), 400, "ratings.secret_malformed"),
        (claim(client, gid, 1, link, "0" * 20), 403, "ratings.secret_unknown"),
        (client.post(f"/api/games/{gid}/seats/1/resume", json={}), 400, "seat.resume_body"),
        (client.post("/api/games", json={"game": "wari", "seats": [
            HERE, {"type": "computer", "invite": True}]}), 400, "create.seat_invite"),
        (client.post("/api/games", json={"game": "wari", "seats": [
            HERE, {"type": "person", "invite": "yes"}]}), 400, "create.seat_invite_bool"),
    ]
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["open"] is True  # unchanged
    take(client, made, 1)
    cases.append((claim(client, gid, 1, link), 409, "seat.taken"))
    assert move(client, gid, made["seats"][0]["token"], "resign").status_code == 200
    cases.append((claim(client, create(client, [HERE, FRIEND])["id"], 1, "x" * 201), 400,
                  "seat.invite_text"))
    catalogs = {lang: json.loads((WEB / lang / "errors.json").read_text("utf-8"))
                for lang in LANGUAGES}
    for r, status, code in cases:
        assert (r.status_code, r.json()["code"]) == (status, code), r.text
        for lang, words in catalogs.items():
            assert words.get(f"errors.{code}"), (lang, code)


def test_a_rated_seat_is_taken_with_a_profile_that_plays_no_other_seat(
        client: TestClient) -> None:
    anna, bert = profile(client, "Anna"), profile(client, "Bert")
    made = create(client, [{"type": "person", "profile": anna["secret"]}, FRIEND], rated=True)
    gid, link = made["id"], made["seats"][1]["invite"]
    r = claim(client, gid, 1, link)
    assert (r.status_code, r.json()["code"]) == (400, "seat.claim_profile")
    r = claim(client, gid, 1, link, anna["secret"])  # Anna again, on Bert's seat
    assert (r.status_code, r.json()["code"]) == (409, "ratings.seat_taken")
    assert client.get(f"/api/games/{gid}").json()["seats"][1]["open"] is True  # not spent
    assert client.get(f"/api/games/{gid}/rating").json()["seats"][1]["profile"] is None
    take(client, made, 1, bert["secret"])
    r = client.post("/api/games", json={"game": "wari", "rated": True, "seats": [
        {"type": "person", "profile": anna["secret"]},
        {"type": "person", "invite": True, "profile": bert["secret"]}]})
    assert (r.status_code, r.json()["code"]) == (400, "ratings.invite_profile")


def test_a_seat_taken_with_a_profile_is_taken_up_again_on_another_device(
        client: TestClient) -> None:
    """DECISION: taking a seat up again replaces its secret; the old device's acts for
    nothing (server/api/claims.py)."""
    anna, bert, eve = profile(client, "Anna"), profile(client, "Bert"), profile(client, "Eve")
    made = create(client, [{"type": "person", "profile": anna["secret"]}, FRIEND], rated=True)
    gid, hers = made["id"], made["seats"][0]["token"]
    phone = take(client, made, 1, bert["secret"])
    r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": eve["secret"]})
    assert (r.status_code, r.json()["code"]) == (403, "seat.not_yours")
    r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": anna["secret"]})
    assert (r.status_code, r.json()["code"]) == (403, "seat.not_yours")
    r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": bert["secret"]})
    assert r.status_code == 200 and r.json()["seat"] == 1
    laptop = r.json()["token"]
    assert move(client, gid, hers, "3").status_code == 200
    assert move(client, gid, phone, "9").status_code == 403
    assert move(client, gid, laptop, "9").status_code == 200
    # the creator's seat of a rated game has her profile: she can take it up elsewhere too
    r = client.post(f"/api/games/{gid}/seats/0/resume", json={"profile": anna["secret"]})
    assert r.status_code == 200
    assert client.get(f"/api/games/{gid}", headers=auth(hers)).status_code == 403


def test_an_unrated_seat_taken_with_a_profile_can_be_taken_up_again(client: TestClient) -> None:
    bert = profile(client, "Bert")
    made = create(client, [HERE, FRIEND])
    gid = made["id"]
    take(client, made, 1, bert["secret"])
    r = client.post(f"/api/games/{gid}/seats/1/resume", json={"profile": bert["secret"]})
    assert r.status_code == 200
    # a seat taken without a profile cannot: nothing proves whose it is
    other = create(client, [HERE, FRIEND])
    take(client, other, 1)
    r = client.post(f"/api/games/{other['id']}/seats/1/resume", json={"profile": bert["secret"]})
    assert (r.status_code, r.json()["code"]) == (403, "seat.not_yours")


def test_an_imported_game_invites_the_seats_it_is_asked_to(client: TestClient) -> None:
    made = create(client, [HERE, HERE])
    gid, (a, _) = made["id"], [s["token"] for s in made["seats"]]
    assert move(client, gid, a, "3").status_code == 200
    record = client.get(f"/api/games/{gid}/record").json()
    r = client.post("/api/records?invite=1", json=record)
    assert r.status_code == 201, r.text
    seats = r.json()["seats"]
    assert seats[0]["token"] and seats[0]["invite"] is None
    assert seats[1]["token"] is None and seats[1]["invite"]
    imported = {"id": r.json()["id"], "seats": seats}
    token = take(client, imported, 1)
    assert move(client, imported["id"], token, "9").status_code == 200
    assert claim(client, imported["id"], 1, seats[1]["invite"]).status_code == 409
    # without 'invite' every person seat is played by whoever imports, as before
    assert all(s["token"] for s in client.post("/api/records", json=record).json()["seats"])
    for query, code in (("invite=0,x", "record.invite"), ("invite=7", "record.invite_seat")):
        r = client.post(f"/api/records?{query}", json=record)
        assert (r.status_code, r.json()["code"]) == (400, code), query


def test_a_claim_holds_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "claims.sqlite3"
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(path, settings)) as client:
        made = create(client, [HERE, FRIEND])
        gid, link = made["id"], made["seats"][1]["invite"]
        open_made = create(client, [HERE, FRIEND])
    with TestClient(create_app(path, settings)) as client:
        token = take(client, made, 1)
        assert client.get(f"/api/games/{open_made['id']}").json()["seats"][1]["open"] is True
    with TestClient(create_app(path, settings)) as client:
        assert claim(client, gid, 1, link).status_code == 409
        assert client.get(f"/api/games/{gid}", headers=auth(token)).json()["seat"] == 1
        assert client.get(f"/api/games/{gid}").json()["seats"][1] == {
            "type": "person", "level": None, "name": None, "left": False, "joined": True,
            "open": False}
        take(client, open_made, 1)


def test_a_family_at_one_screen_still_plays(client: TestClient) -> None:
    made = create(client, [HERE, HERE])
    gid, (a, b) = made["id"], [s["token"] for s in made["seats"]]
    assert move(client, gid, a, "3").status_code == 200
    assert move(client, gid, b, "9").status_code == 200
    assert client.get(f"/api/games/{gid}").json()["version"] == 2
    computer = create(client, [HERE, {"type": "computer", "level": "easy"}])
    assert move(client, computer["id"], computer["seats"][0]["token"], "3").status_code == 200
    assert wait_version(client, computer["id"], 2)["version"] == 2


def test_two_claims_of_one_seat_race_in_the_database(client: TestClient) -> None:
    """Two processes taking the same seat: the store lets one win (a conditional UPDATE)."""
    made = create(client, [HERE, FRIEND])
    gid, link = made["id"], made["seats"][1]["invite"]
    store = client.app.state.db.games  # type: ignore[attr-defined]
    stored_hash = hash_token(link)
    first = store.claim(gid, 1, stored_hash, hash_token("one"), None, False)
    second = store.claim(gid, 1, stored_hash, hash_token("two"), None, False)
    assert (first, second) == ("taken", "spent")
    assert store.claim(gid, 0, stored_hash, hash_token("three"), None, False) == "not_invited"
    assert store.token_hashes(gid)[1] == hash_token("one")
    assert store.replace_token(gid, 1, "nobody", hash_token("four")) is False
    assert store.invite_hashes(gid) == {}
