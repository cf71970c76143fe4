"""The pages: the application's and each game's page files (:mod:`.files`: a game has a page
when its renderer exists) and the text catalogs a page loads (:mod:`.catalogs`).

Nothing here knows a game in play; the lobby's and the games' pages are plain files the
browser runs, talking to the API (docs/web.md).
"""
