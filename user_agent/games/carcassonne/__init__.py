"""The carcassonne client: its view, words, bots and widgets."""
