"""The muhq client: its view, words, bots and widgets."""
