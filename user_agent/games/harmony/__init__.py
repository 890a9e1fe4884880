"""The harmony client: its view, words, bots and widgets."""
