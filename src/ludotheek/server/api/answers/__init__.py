"""The answers of the API, each declared once (:mod:`ludotheek.server.edge.shapes`), a module
per resource: :mod:`.games` (views, hints, histories, the refusal's Problem, ...),
:mod:`.site` (the games' description, a record, a rematch, a logged report, health),
:mod:`.analyses`, :mod:`.learn`, :mod:`.profiles`. The endpoints build them as these
Structs; the OpenAPI document describes them from the same declarations.
"""
