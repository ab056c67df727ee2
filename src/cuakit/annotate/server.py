"""The annotation web app: FastAPI routes over the store, the queue and the playable copies.

```
GET  /                               the page (static; it asks for a token before anything)
GET  /guidelines                     what each criterion means
GET  /static/{name}                  the page's script and style (a fixed list of names)
POST /api/login      {token}         sets the session cookie (HttpOnly, SameSite=Strict)
POST /api/logout
GET  /api/me                         who the token belongs to
GET  /api/next                       the pair to judge next (or {"pair": null}: all done)
GET  /api/pairs/{id}/video/{side}    the left or right video of a pair given to the caller
POST /api/pairs/{id}/progress        {side, frame}: the furthest frame the page showed
POST /api/pairs/{id}/vote            {overall, criteria, note}: left | right | tie | unsure
GET  /api/admin/progress             counts and agreement (admin token)
GET  /api/admin/votes                every vote with its note (admin token)
```

Every ``/api`` route needs a token: ``Authorization: Bearer TOKEN`` or the cookie set by
``/api/login``. A pair, its videos and its progress are reachable only by the annotator it
was given to. Paths never reach the file system: a video is found from the pair id and a side
(``left`` | ``right``), static files from a fixed list.

The page reports how far each video has played; the server refuses a vote until both were
reported at their last frame. It trusts the page for that: a client that posts progress
without playing can vote unwatched, and the limit is a guard against hurry, not against a
hostile annotator. (No ``from __future__ import annotations`` here: FastAPI reads the
handlers' annotations at run time.)
"""

import json
from collections.abc import Callable
from importlib import resources
from typing import Any, Literal

from fastapi import Depends, FastAPI, HTTPException, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from starlette.concurrency import run_in_threadpool

from cuakit.annotate.agreement import agreement_report
from cuakit.annotate.playable import ensure_playable, mime_type
from cuakit.annotate.store import CRITERIA, Assignment, Store, User, VoteRefused
from cuakit.episodes import EpisodeDataset

COOKIE = "cuakit_annotate"
STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
"""the only files /static serves"""
MAX_NOTE = 4000
UI_CHOICE = Literal["left", "right", "tie", "unsure"]


class Login(BaseModel):
    token: str = Field(max_length=200)


class Progress(BaseModel):
    side: Literal["left", "right"]
    frame: int = Field(ge=0)


class Ballot(BaseModel):
    overall: UI_CHOICE
    criteria: dict[str, UI_CHOICE | None] = Field(default_factory=dict)
    note: str = Field(default="", max_length=MAX_NOTE)


def static_text(name: str) -> str:
    return resources.files("cuakit.annotate").joinpath("static", name).read_text("utf-8")


def to_pair_choice(choice: str | None, assignment: Assignment) -> str | None:
    """left | right (as shown) → a | b (the pair's lower | higher episode index)."""
    if choice in ("left", "right"):
        episode = assignment.left if choice == "left" else assignment.right
        return "a" if episode == min(assignment.left, assignment.right) else "b"
    return choice


def annotate_app(
    dataset: EpisodeDataset,
    store: Store,
    k: int = 3,
    codec: str = "h264",
    on_vote: Callable[[], None] | None = None,
) -> FastAPI:
    """The app serving ``dataset``'s queue in ``store``, each pair to ``k`` annotators;
    ``on_vote`` runs after each accepted vote (the queue's re-scoring hook)."""
    app = FastAPI(title=f"cuakit annotate: {dataset.root.name}", docs_url=None, redoc_url=None,
                  openapi_url=None)  # fmt: skip
    fps = dataset.info.fps

    def caller(request: Request) -> User:
        header = request.headers.get("authorization", "")
        token = header[7:].strip() if header.lower().startswith("bearer ") else None
        token = token or request.cookies.get(COOKIE)
        user = store.user_for_token(token) if token else None
        if user is None:
            raise HTTPException(401, "a valid token is needed: log in with the token "
                                     "`cuakit annotate add-user NAME` printed")  # fmt: skip
        return user

    def admin(user: User = Depends(caller)) -> User:  # noqa: B008 (FastAPI's idiom)
        if not user.admin:
            raise HTTPException(403, f"{user.name} is not an admin")
        return user

    def given(pair_id: int, user: User) -> Assignment:
        found = store.assignment(pair_id, user.name)
        if found is None:
            raise HTTPException(404, f"pair {pair_id} was not given to {user.name}")
        return found

    def describe(found: Assignment) -> dict[str, Any]:
        left, right = dataset.meta(found.left), dataset.meta(found.right)
        return {
            "pair": found.pair_id,
            "fps": fps,
            "instruction": left.instruction,
            "instructions": {"left": left.instruction, "right": right.instruction},
            "frames": {"left": left.num_frames, "right": right.num_frames},
            "seen": {"left": found.left_frame, "right": found.right_frame},
        }

    @app.exception_handler(VoteRefused)
    def refused(request: Request, error: VoteRefused) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=error.status)

    @app.get("/", response_class=HTMLResponse)
    def page() -> str:
        return static_text("index.html")

    @app.get("/guidelines", response_class=HTMLResponse)
    def guidelines() -> str:
        return static_text("guidelines.html")

    @app.get("/static/{name}")
    def static(name: str) -> Response:
        if name not in STATIC:
            raise HTTPException(404, "no such file")
        return Response(static_text(name), media_type=STATIC[name])

    @app.get("/favicon.ico")
    def favicon() -> Response:
        return Response(status_code=204)

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True}

    @app.post("/api/login")
    def login(body: Login) -> JSONResponse:
        user = store.user_for_token(body.token.strip())
        if user is None:
            raise HTTPException(401, "unknown token")
        response = JSONResponse({"name": user.name, "admin": user.admin})
        response.set_cookie(COOKIE, body.token.strip(), httponly=True, samesite="strict")
        return response

    @app.post("/api/logout")
    def logout() -> JSONResponse:
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    @app.get("/api/me")
    def me(user: User = Depends(caller)) -> dict[str, Any]:  # noqa: B008
        return {"name": user.name, "admin": user.admin, "fps": fps, "k": k,
                "criteria": list(CRITERIA)}  # fmt: skip

    @app.get("/api/next")
    def next_pair(user: User = Depends(caller)) -> dict[str, Any]:  # noqa: B008
        found = store.next_assignment(user.name, k)
        done = store.count_votes(user.name)
        if found is None:
            return {"pair": None, "done": done}
        return {**describe(found), "done": done}

    @app.get("/api/pairs/{pair_id}/video/{side}")
    async def video(
        pair_id: int,
        side: Literal["left", "right"],
        user: User = Depends(caller),  # noqa: B008
    ) -> FileResponse:
        found = given(pair_id, user)
        episode = found.left if side == "left" else found.right
        path = await run_in_threadpool(ensure_playable, dataset, episode, codec)
        return FileResponse(path, media_type=mime_type(codec),
                            headers={"Cache-Control": "private, max-age=3600"})  # fmt: skip

    @app.post("/api/pairs/{pair_id}/progress")
    def progress(pair_id: int, body: Progress, user: User = Depends(caller)) -> dict[str, Any]:  # noqa: B008
        found = given(pair_id, user)
        episode = found.left if body.side == "left" else found.right
        frame = min(body.frame, dataset.meta(episode).num_frames - 1)
        return describe(store.report_progress(pair_id, user.name, body.side, frame))

    @app.post("/api/pairs/{pair_id}/vote")
    def vote(pair_id: int, body: Ballot, user: User = Depends(caller)) -> dict[str, Any]:  # noqa: B008
        found = given(pair_id, user)
        unknown = sorted(set(body.criteria) - set(CRITERIA))
        if unknown:
            raise HTTPException(400, f"unknown criteria {unknown}: use {list(CRITERIA)}")
        frames = {e: dataset.meta(e).num_frames for e in (found.left, found.right)}
        store.vote(
            pair_id,
            user.name,
            str(to_pair_choice(body.overall, found)),
            {name: to_pair_choice(choice, found) for name, choice in body.criteria.items()},
            body.note,
            frames,
        )
        if on_vote is not None:
            on_vote()
        return {"ok": True, "pair": pair_id}

    @app.get("/api/admin/progress")
    def admin_progress(user: User = Depends(admin)) -> dict[str, Any]:  # noqa: B008
        agreement = agreement_report(store.votes(), store.gold())
        return {**store.progress(), "k": k, "agreement": agreement}

    @app.get("/api/admin/votes")
    def admin_votes(user: User = Depends(admin)) -> Response:  # noqa: B008
        rows = [
            {"pair": v.pair_id, "user": v.user, "a": v.a, "b": v.b, "left": v.left,
             "overall": v.overall, **v.criteria, "note": v.note, "created_at": v.created_at}
            for v in store.votes()
        ]  # fmt: skip
        return Response(json.dumps(rows), media_type="application/json")

    return app
