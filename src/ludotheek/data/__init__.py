"""The application's data folder: the data sets the games declare
(:mod:`ludotheek.core.resources`), kept, checked and built there (:mod:`.folder`)."""
