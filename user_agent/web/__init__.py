"""The browser client (`sgs web`): a user agent that speaks the project's protocol to a game
agent over ZeroMQ and serves browsers over HTTP and WebSocket (docs/web.md).

- `hooks`: a game's part of the page (`ClientGame.web` names its `WebHooks`).
- `presenter`: one viewer's table, narration and request, as the page's JSON.
- `link`: a `user_agent.client.Client` driven on the asyncio loop without blocking.
- `sessions`: what one browser tab is doing (a seat, a lobby queue, a watched table, a replay).
- `frames`: the browser's messages, checked and bounded.
- `server`: the aiohttp application (static files, the WebSocket endpoint).
"""
