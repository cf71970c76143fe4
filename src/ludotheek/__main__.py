"""``python -m ludotheek`` is the ``ludotheek`` command."""

from ludotheek.cli import main

if __name__ == "__main__":
    main()
