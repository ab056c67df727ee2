// cuakit annotate: two execution videos played in sync, a vote per criterion, keyboard first.
// Plain script, no build step. Time is one clock for both videos: a video shorter than the
// clock shows its last frame. Paused positions land on the middle of a frame, so both videos
// show the frame the clock names.
"use strict";

const ROWS = [
  ["overall", "Overall"],
  ["correctness", "Correctness"],
  ["efficiency", "Efficiency"],
  ["robustness", "Robustness"],
  ["human_likeness", "Human-likeness"],
];
const CHOICES = ["left", "right", "tie", "unsure"];
const KEY_CHOICE = { a: "left", b: "right", t: "tie", u: "unsure" };
const SPEEDS = [0.25, 0.5, 1, 2, 4];
const SIDES = ["left", "right"];

const $ = (id) => document.getElementById(id);
const videos = { left: $("video-left"), right: $("video-right") };
const state = {
  me: null, pair: null, fps: 10, frames: { left: 1, right: 1 }, seen: { left: -1, right: -1 },
  reported: { left: -1, right: -1 }, playing: false, rate: 1, row: "overall", urls: [],
  pending: new Set(),  // progress reports in flight: a vote waits for them
};

async function api(path, options = {}) {
  const response = await fetch(path, {
    credentials: "same-origin",
    headers: { "Content-Type": "application/json" },
    ...options,
  });
  let body = null;
  try { body = await response.json(); } catch (_) { body = null; }
  if (!response.ok) {
    const error = new Error((body && body.detail) ? String(body.detail) : response.statusText);
    error.status = response.status;
    throw error;
  }
  return body;
}

function show(id) {
  for (const section of ["login", "app", "done", "admin"]) $(section).hidden = section !== id;
}

// ---- time ----------------------------------------------------------------------------
const duration = (side) => state.frames[side] / state.fps;
const total = () => Math.max(duration("left"), duration("right"));
const master = () => (duration("right") > duration("left") ? "right" : "left");
const frameOf = (side, seconds) =>
  Math.max(0, Math.min(state.frames[side] - 1, Math.floor(seconds * state.fps + 1e-3)));

function clockTime() {
  return videos[master()].currentTime;
}

function seek(seconds) {
  // Paused: both videos to the middle of the frame the clock names (their own last one at most).
  pause();
  const t = Math.max(0, Math.min(total(), seconds));
  for (const side of SIDES) {
    const frame = frameOf(side, t);
    videos[side].currentTime = (frame + 0.5) / state.fps;
  }
  render();
}

function step(frames) {
  const frame = frameOf(master(), clockTime()) + frames;
  seek((frame + 0.5) / state.fps);
}

function play() {
  if (clockTime() >= duration(master()) - 0.5 / state.fps) seek(0);
  state.playing = true;
  for (const side of SIDES) {
    videos[side].playbackRate = state.rate;
    if (videos[side].currentTime < duration(side)) videos[side].play().catch(() => {});
  }
  $("play").textContent = "pause";
  requestAnimationFrame(follow);
}

function pause() {
  state.playing = false;
  for (const side of SIDES) videos[side].pause();
  $("play").textContent = "play";
}

function follow() {
  // The longer video leads; the other is nudged (rate) or, when far off, moved (seek).
  if (!state.playing) return;
  const lead = master();
  const other = lead === "left" ? "right" : "left";
  const t = videos[lead].currentTime;
  const follower = videos[other];
  if (t < duration(other)) {
    const drift = t - follower.currentTime;
    if (Math.abs(drift) > 0.15) follower.currentTime = t;
    follower.playbackRate = state.rate * (1 + Math.max(-0.25, Math.min(0.25, drift * 2)));
    if (follower.paused && !follower.ended) follower.play().catch(() => {});
  }
  if (videos[lead].ended) pause();
  render();
  if (state.playing) requestAnimationFrame(follow);
}

function setRate(rate) {
  state.rate = rate;
  $("speed").value = String(rate);
  for (const side of SIDES) videos[side].playbackRate = rate;
}

// ---- progress ------------------------------------------------------------------------
function noteProgress(side) {
  const video = videos[side];
  const frame = video.ended ? state.frames[side] - 1 : frameOf(side, video.currentTime);
  if (frame > state.seen[side]) state.seen[side] = frame;
  report(side);
  render();
}

async function report(side) {
  if (state.pair === null || state.seen[side] <= state.reported[side]) return;
  const pair = state.pair;
  const frame = state.seen[side];
  state.reported[side] = frame;
  const request = api(`/api/pairs/${pair}/progress`, {
    method: "POST", body: JSON.stringify({ side, frame }),
  });
  state.pending.add(request);
  try {
    const answer = await request;
    if (answer.pair === state.pair) {
      for (const s of SIDES) state.seen[s] = Math.max(state.seen[s], answer.seen[s]);
      render();
    }
  } catch (error) {
    state.reported[side] = -1;
    status(`progress not saved: ${error.message}`, true);
  } finally {
    state.pending.delete(request);
  }
}

const watched = (side) => state.seen[side] >= state.frames[side] - 1;

// ---- drawing -------------------------------------------------------------------------
function render() {
  const t = clockTime();
  $("clock").textContent = `${t.toFixed(2)} s / ${total().toFixed(2)} s`;
  $("scrub").value = String(Math.round((1000 * t) / total()));
  for (const side of SIDES) {
    const frame = frameOf(side, videos[side].currentTime);
    $(`frame-${side}`).textContent = `frame ${frame + 1} / ${state.frames[side]}`;
    $(`timeline-${side}`).max = String(state.frames[side] - 1);
    $(`timeline-${side}`).value = String(frame);
    const done = watched(side);
    $(`watched-${side}`).textContent = done ? "watched ✓" : "not yet watched to the end";
    $(`watched-${side}`).classList.toggle("yes", done);
  }
  $("submit").disabled = !(watched("left") && watched("right") && chosen("overall"));
  for (const tr of $("ballot-rows").children) tr.classList.toggle("active", tr.dataset.row === state.row);
}

function status(text, isError = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

function buildBallot() {
  const body = $("ballot-rows");
  body.replaceChildren();
  ROWS.forEach(([name, label], i) => {
    const tr = document.createElement("tr");
    tr.dataset.row = name;
    const th = document.createElement("th");
    th.scope = "row";
    th.textContent = `${i} ${label}`;
    tr.appendChild(th);
    for (const choice of CHOICES) {
      const td = document.createElement("td");
      const input = document.createElement("input");
      input.type = "radio";
      input.name = name;
      input.value = choice;
      input.setAttribute("aria-label", `${label}: ${choice}`);
      input.addEventListener("change", () => { state.row = name; render(); });
      td.appendChild(input);
      tr.appendChild(td);
    }
    body.appendChild(tr);
  });
}

function chosen(name) {
  const input = document.querySelector(`input[name="${name}"]:checked`);
  return input ? input.value : null;
}

function choose(name, choice) {
  const input = document.querySelector(`input[name="${name}"][value="${choice}"]`);
  if (input) input.checked = true;
  render();
}

// ---- the queue -----------------------------------------------------------------------
async function loadVideo(side, pair) {
  const response = await fetch(`/api/pairs/${pair}/video/${side}`, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`video ${side}: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  state.urls.push(url);
  const video = videos[side];
  const ready = new Promise((resolve) => video.addEventListener("loadeddata", resolve, { once: true }));
  video.src = url;
  video.load();
  await ready;
}

async function next() {
  pause();
  status("");
  const item = await api("/api/next");
  $("count").textContent = `${item.done} judged`;
  if (item.pair === null) { state.pair = null; show("done"); return; }
  state.pair = item.pair;
  state.fps = item.fps;
  state.frames = item.frames;
  state.seen = { left: item.seen.left, right: item.seen.right };
  state.reported = { ...state.seen };
  state.row = "overall";
  $("instruction").textContent = item.instructions.left;
  const differs = item.instructions.right !== item.instructions.left;
  $("instruction-right").hidden = !differs;
  $("instruction-right").textContent = differs ? `B was asked: ${item.instructions.right}` : "";
  $("vote").reset();
  for (const url of state.urls.splice(0)) URL.revokeObjectURL(url);
  await Promise.all(SIDES.map((side) => loadVideo(side, item.pair)));
  show("app");
  seek(0);
  document.body.dataset.pair = String(item.pair);  // for tests: the pair on screen is ready
}

async function submit(event) {
  if (event) event.preventDefault();
  if ($("submit").disabled) {
    status(watched("left") && watched("right") ? "choose an overall answer (0, then a b t u)"
      : "watch both videos to the end first", true);
    return;
  }
  const criteria = {};
  for (const [name] of ROWS.slice(1)) criteria[name] = chosen(name);
  try {
    await Promise.allSettled([...state.pending]);
    await api(`/api/pairs/${state.pair}/vote`, {
      method: "POST",
      body: JSON.stringify({ overall: chosen("overall"), criteria, note: $("note").value }),
    });
    status("saved");
    await next();
  } catch (error) {
    status(error.message, true);
  }
}

// ---- admin ---------------------------------------------------------------------------
async function showAdmin() {
  pause();
  const progress = await api("/api/admin/progress");
  $("admin-progress").textContent = JSON.stringify(progress, null, 2);
  const rows = await api("/api/admin/votes");
  const body = $("admin-votes").querySelector("tbody");
  body.replaceChildren();
  for (const row of rows) {
    const tr = document.createElement("tr");
    for (const value of [row.pair, row.user, row.overall, row.note]) {
      const td = document.createElement("td");
      td.textContent = String(value);  // notes are text, never markup
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
  show("admin");
}

// ---- keys ----------------------------------------------------------------------------
function onKey(event) {
  if ($("app").hidden) return;
  const typing = event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement
    && event.target.type !== "radio" && event.target.type !== "range";
  if (typing) {
    if (event.key === "Escape") event.target.blur();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const key = event.key;
  let handled = true;
  if (key === " ") state.playing ? pause() : play();
  else if (key === "ArrowLeft") event.shiftKey ? seek(clockTime() - 1) : step(-1);
  else if (key === "ArrowRight") event.shiftKey ? seek(clockTime() + 1) : step(1);
  else if (key === "Home") seek(0);
  else if (key === "End") seek(total());
  else if (key === "[") setRate(SPEEDS[Math.max(0, SPEEDS.indexOf(state.rate) - 1)]);
  else if (key === "]") setRate(SPEEDS[Math.min(SPEEDS.length - 1, SPEEDS.indexOf(state.rate) + 1)]);
  else if (/^[0-4]$/.test(key)) { state.row = ROWS[Number(key)][0]; render(); }
  else if (key in KEY_CHOICE) choose(state.row, KEY_CHOICE[key]);
  else if (key === "n") $("note").focus();
  else if (key === "Enter") submit();
  else handled = false;
  if (handled) event.preventDefault();
}

// ---- start ---------------------------------------------------------------------------
async function start() {
  try {
    state.me = await api("/api/me");
  } catch (error) {
    if (error.status === 401) { show("login"); $("token").focus(); return; }
    throw error;
  }
  $("who").textContent = state.me.name;
  $("logout").hidden = false;
  $("admin-toggle").hidden = !state.me.admin;
  await next();
}

$("login-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  try {
    await api("/api/login", { method: "POST", body: JSON.stringify({ token: $("token").value }) });
    $("token").value = "";
    $("login-error").textContent = "";
    await start();
  } catch (error) {
    $("login-error").textContent = error.message;
  }
});
$("logout").addEventListener("click", async () => { await api("/api/logout", { method: "POST" }); location.reload(); });
$("admin-toggle").addEventListener("click", () => ($("admin").hidden ? showAdmin() : next()));
$("play").addEventListener("click", () => (state.playing ? pause() : play()));
$("back").addEventListener("click", () => step(-1));
$("forward").addEventListener("click", () => step(1));
$("speed").addEventListener("change", () => setRate(Number($("speed").value)));
$("scrub").addEventListener("input", () => seek((Number($("scrub").value) / 1000) * total()));
for (const side of SIDES) {
  $(`timeline-${side}`).addEventListener("input", () =>
    seek((Number($(`timeline-${side}`).value) + 0.5) / state.fps));
  for (const name of ["timeupdate", "seeked", "ended"]) {
    videos[side].addEventListener(name, () => noteProgress(side));
  }
}
$("vote").addEventListener("submit", submit);
document.addEventListener("keydown", onKey);
buildBallot();
start().catch((error) => status(error.message, true));
