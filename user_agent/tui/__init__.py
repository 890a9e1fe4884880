"""Full-screen consoles (Textual): a seat's console for `sgs play`, the spectator view for
`sgs watch`, and the replay viewer (`user_agent.tui.replay.main`). See docs/console.md."""
