"""Words between the players of a game (issue 36): preset phrases and texts, kept with the
game, told live to every connection, within their limits; the QR code of an invited seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from ludotheek.server import Settings, create_app
from ludotheek.server.api.answers.chat import ChatLines, ChatLineShown
from ludotheek.server.api.qrcodes import invite_url
from ludotheek.server.config import BadConfig, settings_from
from ludotheek.server.play.chat import PHRASES, clean
from tests.server.conftest import auth, fits, new_wari


def say(client: TestClient, gid: str, token: str | None, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/chat", json=body, headers=auth(token))


def test_a_phrase_and_a_text_are_kept_with_the_game_in_order(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    r = say(client, gid, south, phrase="good_move")
    assert r.status_code == 200, r.text
    fits(r.json(), ChatLineShown)
    assert r.json() | {"at": 0} == {"number": 1, "seat": 0, "kind": "phrase",
                                    "text": "good_move", "version": 0, "at": 0}
    client.post(f"/api/games/{gid}/moves", json={"move": "3", "version": 0},
                headers=auth(south))
    r = say(client, gid, north, text="  Nice\tone <b>!</b> \u202e")
    assert r.status_code == 200, r.text
    assert r.json()["text"] == "Nice one <b>!</b>"  # plain text: kept as it is, shown as text
    assert r.json()["version"] == 1 and r.json()["seat"] == 1
    got = client.get(f"/api/games/{gid}/chat").json()  # anyone who may watch reads them
    fits(got, ChatLines)
    assert [(x["number"], x["kind"], x["text"]) for x in got["lines"]] == [
        (1, "phrase", "good_move"), (2, "text", "Nice one <b>!</b>")]
    assert got["free"] is True and got["phrases"] == list(PHRASES) and got["most"] == 200


def test_the_lines_survive_a_restart(db_path: Path) -> None:
    settings = Settings(computer_workers=0, requests_per_second=0)
    with TestClient(create_app(db_path, settings)) as client:
        gid, (south, _) = new_wari(client)
        assert say(client, gid, south, text="hello").status_code == 200
    with TestClient(create_app(db_path, settings)) as client:
        assert [x["text"] for x in client.get(f"/api/games/{gid}/chat").json()["lines"]] == [
            "hello"]


@pytest.mark.parametrize(("body", "code"), [
    ({"phrase": "nice_try"}, "chat.phrase"),
    ({"text": "x" * 201}, "chat.too_long"),
    ({"text": "x" * 10_000}, "chat.too_long"),
    ({"text": " \n\t\x00 "}, "chat.empty"),
    ({}, "chat.body"),
    ({"phrase": "thanks", "text": "hi"}, "chat.body"),
    ({"text": 5}, "chat.text_type"),
    ({"words": "hi"}, "request.unknown_field"),
])
def test_bad_lines_are_refused_and_nothing_is_kept(client: TestClient, body: dict[str, Any],
                                                   code: str) -> None:
    gid, (south, _) = new_wari(client)
    r = say(client, gid, south, **body)
    assert r.status_code == 400 and r.json()["code"] == code, r.text
    assert client.get(f"/api/games/{gid}/chat").json()["lines"] == []


def test_two_hundred_characters_fit_once_control_characters_are_gone(
        client: TestClient) -> None:
    gid, (south, _) = new_wari(client)
    text = "é" * 200
    r = say(client, gid, south, text="\x07" * 50 + text)
    assert r.status_code == 200 and r.json()["text"] == text


def test_a_seat_says_at_most_five_lines_a_minute(client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    for i in range(5):
        assert say(client, gid, south, text=f"line {i}").status_code == 200
    r = say(client, gid, south, phrase="thanks")
    assert r.status_code == 429 and r.json()["code"] == "chat.rate"
    assert r.json()["params"] == {"most": 5}
    assert say(client, gid, north, phrase="thanks").status_code == 200  # per seat
    assert len(client.get(f"/api/games/{gid}/chat").json()["lines"]) == 6


def test_a_site_with_the_phrases_only_refuses_texts(db_path: Path) -> None:
    app = create_app(db_path, Settings(computer_workers=0, requests_per_second=0,
                                       chat="presets"))
    with TestClient(app) as client:
        gid, (south, _) = new_wari(client)
        r = say(client, gid, south, text="hi")
        assert r.status_code == 403 and r.json()["code"] == "chat.presets_only"
        assert say(client, gid, south, phrase="well_played").status_code == 200
        got = client.get(f"/api/games/{gid}/chat").json()
        assert got["free"] is False and [x["kind"] for x in got["lines"]] == ["phrase"]


def test_the_chat_settings_from_a_file_and_the_command_line() -> None:
    assert settings_from({"chat": "presets", "chat_per_minute": 2}).chat == "presets"
    with pytest.raises(BadConfig, match="one of free, presets"):
        settings_from({"chat": "none"})
    with pytest.raises(BadConfig, match="at least 1"):
        settings_from({"chat_per_minute": 0})


def test_lines_come_live_to_every_connection_and_the_history_to_those_that_ask(
        client: TestClient) -> None:
    gid, (south, north) = new_wari(client)
    say(client, gid, south, phrase="your_turn")
    with client.websocket_connect(f"/api/games/{gid}/live?token={north}&chat=1") as ws, \
            client.websocket_connect(f"/api/games/{gid}/live") as watcher:
        assert ws.receive_json()["type"] == "view"
        history = ws.receive_json()
        assert history["type"] == "chat" and history["history"] is True
        assert [x["text"] for x in history["lines"]] == ["your_turn"] and history["free"]
        assert watcher.receive_json()["type"] == "view"  # no history unless asked
        say(client, gid, north, text="one moment")
        for conn in (ws, watcher):
            got = conn.receive_json()
            assert got["type"] == "chat" and [x["text"] for x in got["lines"]] == [
                "one moment"]


def test_clean_keeps_letters_of_every_script_and_emoji() -> None:
    assert clean("Tusen takk 👍🏽 ÆØÅ — спасибо") == "Tusen takk 👍🏽 ÆØÅ — спасибо"
    assert clean("a\u200db") == "a\u200db"  # a joiner in an emoji sequence stays
    assert clean("a\r\nb") == "a  b"


def test_an_invited_seat_has_a_qr_code_of_its_link(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "wari", "seats": [
        {"type": "person"}, {"type": "person", "invite": True}]})
    gid, code = r.json()["id"], r.json()["seats"][1]["invite"]
    got = client.post(f"/api/games/{gid}/seats/1/qr", json={"invite": code})
    assert got.status_code == 200, got.text
    assert got.headers["content-type"].startswith("image/svg+xml")
    assert got.text.startswith("<svg") and "<script" not in got.text
    assert invite_url("http://testserver/", gid, 1, code).endswith(
        f"/play/{gid}#seat=1&invite={code}")
