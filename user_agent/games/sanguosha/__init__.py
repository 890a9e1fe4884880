"""The sanguosha client: its view, words, bots and widgets."""
