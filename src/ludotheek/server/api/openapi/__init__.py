"""The OpenAPI document, served at ``/openapi.json``: :mod:`.document` assembles it (and the
games' part), :mod:`.parts` holds what every section is made of, :mod:`.analyses` and
:mod:`.profiles` describe their resources. Each describes the declared shapes (bodies,
queries, answers): nothing is written twice.
"""
