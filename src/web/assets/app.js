// The page: shows the states the server sends and turns clicks and keys into moves.
// The rules live in the server's engine; nothing here judges a move: a click
// that moves nothing asks the server why.
'use strict';

// Errors are kept where a test can read them (and shown on the page).
window.__errors = [];
window.addEventListener('error', e => window.__errors.push(String(e.message)));
window.addEventListener('unhandledrejection', e => window.__errors.push(String(e.reason)));
document.addEventListener('securitypolicyviolation', e => window.__errors.push('blocked: ' + e.violatedDirective));

const $ = id => document.getElementById(id);
let info = null;      // the game's names, options, agents
let state = null;     // the last state the server sent
let pick = null;      // the move being clicked: {start, steps}
let focusKey = null;  // the board's point (or piece in hand) the keyboard is on
const query = new URLSearchParams(location.search);
// How long the computer's plies stay on the screen (?delay=MS).
const delay = /^\d+$/.test(query.get('delay') || '') ? Number(query.get('delay')) : 400;

async function call(method, path, body) {
  const init = { method };
  if (body !== undefined) {
    init.headers = { 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data;
  try { data = JSON.parse(text); } catch (_) { data = { error: text }; }
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function setBusy(on) { $('game').dataset.busy = on ? '1' : '0'; }

// A line for the player: an error (`error`) or why a click did nothing (`why`).
function say(text, kind) {
  $('message').textContent = text;
  $('message').className = text ? kind : '';
}

async function act(f) {
  setBusy(true);
  say('');
  try {
    show(await f());
  } catch (e) {
    say(e.message, 'error');
    setBusy(false);
  }
}

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// The seat and option pickers, from the game's description; a query such as
// ?seats=human,random&seed=7&dice=false presets them.
function buildSetup() {
  buildSeats((query.get('seats') || '').split(','));
  for (const o of info.options) {
    const label = el('label', { title: o.description }, o.name + ' ');
    const select = el('select', { 'data-option': o.name });
    for (const v of o.values) select.append(el('option', { value: v }, v));
    select.value = query.get(o.name) || o.value;
    select.addEventListener('change', refreshSeats);
    label.append(select);
    $('options').append(label);
  }
}

// A seat picker per player of `info`, each set as `preset` says or as before.
function buildSeats(preset) {
  const opponent = info.agents.includes('mcts') ? 'mcts' : info.agents[0];
  $('seats').replaceChildren();
  info.players.forEach((name, i) => {
    const label = el('label', {}, name + ' ');
    const select = el('select', { 'data-seat': String(i) });
    for (const who of ['human', ...info.agents]) select.append(el('option', { value: who }, who));
    select.value = preset[i] || (i === info.first ? 'human' : opponent);
    label.append(select);
    $('seats').append(label);
  });
}

// The players may depend on the options (how many play): after a change,
// the seats are those of the game the options now make.
async function refreshSeats() {
  const picked = new URLSearchParams(settings().options).toString();
  try {
    const fresh = await call('GET', '/api/game?' + picked);
    if (fresh.players.join('\n') === info.players.join('\n')) return;
    const kept = [...document.querySelectorAll('[data-seat]')].map(s => s.value);
    const asked = (query.get('seats') || '').split(',');
    info.players = fresh.players;
    info.first = fresh.first;
    buildSeats(fresh.players.map((_, i) => kept[i] || asked[i]));
  } catch (e) {
    say(e.message, 'error');
  }
}

function settings() {
  const seats = [...document.querySelectorAll('[data-seat]')].map(s => s.value);
  const options = {};
  for (const s of document.querySelectorAll('[data-option]')) options[s.dataset.option] = s.value;
  const body = { seats, options };
  const seed = query.get('seed');
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  return body;
}

function newGame() { act(() => call('POST', '/api/new', settings())); }

// The move list: a numbered row per move, a move being a ply of the side that
// moved first and the plies after it up to that side's next (another turn
// stays in its row).
function moveRows(plies) {
  const rows = [];
  plies.forEach((p, i) => {
    if (i === 0 || (p.mover === plies[0].mover && plies[i - 1].mover !== p.mover)) rows.push([]);
    rows[rows.length - 1].push(i);
  });
  return rows.map((row, r) => {
    const cells = el('span', { class: 'pair' });
    for (const i of row) {
      const p = plies[i];
      cells.append(el('span', { class: i === plies.length - 1 ? 'ply last' : 'ply', title: info.players[p.mover] }, p.text));
    }
    const li = el('li');
    li.append(el('span', { class: 'n' }, (r + 1) + '.'), cells);
    return li;
  });
}

function show(s) {
  const focus = document.activeElement;
  const keyboard = $('board').contains(focus) || $('bar').contains(focus);
  state = s;
  pick = null;
  const main = $('game');
  main.dataset.position = s.position;
  main.dataset.ply = String(s.plies.length);
  main.dataset.last = s.last || '';
  main.dataset.over = s.over || '';
  $('board').innerHTML = s.svg;
  const agent = s.seats[s.turn] !== 'human';
  $('status').textContent = s.over ? 'Game over: ' + s.over + '.'
    : s.turnName + ' to move' + (agent ? ' (' + s.seats[s.turn] + ')' : '')
      + (s.placed.length ? '; finished, in order: ' + s.placed.join(', ') : '');
  $('dice').hidden = !s.dice;
  $('roll').textContent = s.rollLabel || 'Roll the die';
  $('roll').disabled = !s.needRoll;
  $('die').textContent = s.roll === null || s.roll === undefined ? '' : String(s.roll);
  $('announcements').replaceChildren(...s.announcements.map(a => el('li', {}, a)));
  const lost = s.captured.filter(c => c.count > 0).map(c => c.player + ' lost ' + c.count);
  $('captured').textContent = lost.length ? 'Captured: ' + lost.join(', ') + '.' : '';
  const plies = $('plies');
  plies.replaceChildren(...moveRows(s.plies));
  plies.scrollTop = plies.scrollHeight;
  $('position').textContent = s.position;
  $('download').href = '/api/record?id=' + s.id;
  $('choices').replaceChildren();
  for (const m of s.moves.filter(m => m.pass)) {
    const why = s.dice ? ' (nothing fits the roll)' : s.moves.length === 1 ? ' (no legal move)' : '';
    const b = el('button', { type: 'button', class: 'pass' }, 'Pass' + why);
    b.addEventListener('click', () => play(m.text));
    $('choices').append(b);
  }
  mark();
  if (keyboard) {
    // The keyboard goes on to what comes next: the dice, a pass, the board.
    const pass = $('choices').querySelector('button');
    if (s.needRoll) $('roll').focus();
    else if (pass) pass.focus();
    else focusBoard();
  }
  if (!s.over && agent) {
    const id = s.id;
    setTimeout(() => { if (state && state.id === id) act(() => call('POST', '/api/agent', { id })); }, delay);
    setBusy(true);
  } else {
    setBusy(false);
  }
}

// What can be clicked on the board: every point, the pieces in hand, exits.
const hits = () => [...document.querySelectorAll('#board [data-point], #board [data-hand]')];
const keyOf = e => e.dataset.point !== undefined ? e.dataset.point : 'hand:' + e.dataset.hand;

function target(key) {
  if (key.startsWith('hand:')) return document.querySelector('[data-hand="' + key.slice(5) + '"]');
  return document.querySelector('.hit[data-point="' + CSS.escape(key) + '"]');
}

// The moves that go on from the clicks so far.
function candidates() {
  const n = pick.steps.length;
  return state.moves.filter(m => m.start === pick.start && pick.steps.every((s, i) => m.steps[i] === s) && m.steps.length >= n);
}

// Marks what may be clicked next: pieces that can move, or where the chosen one can go.
function mark() {
  for (const e of document.querySelectorAll('.movable, .selected, .target, .stop, .place')) {
    e.classList.remove('movable', 'selected', 'target', 'stop', 'place');
  }
  for (const e of document.querySelectorAll('.exit')) e.remove();
  if (!state || state.over) return roving();
  if (!pick) {
    for (const start of new Set(state.moves.map(m => m.start).filter(s => s !== null))) {
      const e = target(start);
      if (e) e.classList.add('movable');
    }
    // Placements from a supply the board does not draw (unlimited): their points, to click.
    for (const m of state.moves) {
      if (m.start && m.start.startsWith('hand:') && !target(m.start) && m.steps.length === 1) {
        const e = target(m.steps[0]);
        if (e) e.classList.add('place');
      }
    }
    return roving();
  }
  const chosen = target(pick.start);
  if (chosen) chosen.classList.add('selected');
  const n = pick.steps.length;
  const moves = candidates();
  for (const m of moves.filter(m => m.steps.length > n)) {
    const step = m.steps[n];
    if (m.exit && step.startsWith('off-')) {
      const svg = document.querySelector('#board svg');
      const c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      c.setAttribute('class', 'exit hit target');
      c.setAttribute('data-point', step);
      c.setAttribute('data-name', 'off the board');
      c.setAttribute('cx', m.exit[0]);
      c.setAttribute('cy', m.exit[1]);
      c.setAttribute('r', '16');
      svg.append(c);
    } else {
      const e = target(step);
      if (e) e.classList.add('target');
    }
  }
  if (n > 0 && moves.some(m => m.steps.length === n)) {
    const e = target(pick.steps[n - 1]);
    if (e) e.classList.add('stop');
  }
  roving();
}

// The board's points for the keyboard and screen readers: each a button
// named by what is on it and what a click does ("white man on c3, can
// move"); one of them in the Tab order (roving focus), the arrows go
// between them.
function roving() {
  const all = hits();
  const what = e => e.classList.contains('selected') ? ', chosen: Enter again puts it back'
    : e.classList.contains('stop') ? ', stop here'
      : e.classList.contains('target') ? ', can go here'
        : e.classList.contains('movable') ? ', can move' : '';
  for (const e of all) {
    e.setAttribute('role', 'button');
    e.setAttribute('aria-label', (e.dataset.name || keyOf(e)) + what(e));
  }
  const keyed = all.find(e => keyOf(e) === focusKey);
  const current = keyed || all.find(e => e.classList.contains('selected')) || all.find(e => e.classList.contains('movable')) || all[0];
  for (const e of all) e.setAttribute('tabindex', e === current ? '0' : '-1');
}

function focusBoard() {
  const e = document.querySelector('#board [tabindex="0"]');
  if (e) e.focus();
}

function centre(e) {
  const r = e.getBoundingClientRect();
  return [r.left + r.width / 2, r.top + r.height / 2];
}

// The point the arrow (dx, dy) leads to from `from`: the nearest one that
// way, a point straight ahead before one off to the side.
function nearest(from, dx, dy) {
  const [fx, fy] = centre(from);
  let best = null;
  let score = Infinity;
  for (const e of hits()) {
    const [x, y] = centre(e);
    const along = (x - fx) * dx + (y - fy) * dy;
    const across = Math.abs((x - fx) * dy - (y - fy) * dx);
    if (along < 1 || across > 2.5 * along) continue;
    if (along + 2 * across < score) {
      score = along + 2 * across;
      best = e;
    }
  }
  return best;
}

const ARROWS = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

function key(ev) {
  const hit = ev.target.closest && ev.target.closest('[data-point], [data-hand]');
  if (!hit) return;
  if (ARROWS[ev.key]) {
    ev.preventDefault();
    const next = nearest(hit, ...ARROWS[ev.key]);
    if (next) {
      focusKey = keyOf(next);
      roving();
      next.focus();
    }
  } else if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    activate(hit);
  } else if (ev.key === 'Escape' && pick) {
    pick = null;
    $('choices').replaceChildren();
    mark();
  }
}

function play(text) { act(() => call('POST', '/api/move', { id: state.id, move: text })); }

// After a click on a target: play the move once the clicks name one.
function resolve() {
  const n = pick.steps.length;
  const moves = candidates();
  const exact = moves.filter(m => m.steps.length === n);
  if (moves.some(m => m.steps.length > n)) return mark();
  if (exact.length === 1) return play(exact[0].text);
  // Several moves land the same way but take different pieces: name them.
  $('choices').replaceChildren(...exact.map(m => {
    const b = el('button', { type: 'button', class: 'choice', 'data-move': m.text }, m.label || m.text);
    b.addEventListener('click', () => play(m.text));
    return b;
  }));
  mark();
  if ($('board').contains(document.activeElement)) $('choices').querySelector('button').focus();
}

// Asks the server why a click moves nothing, and says it.
async function explain(body) {
  setBusy(true);
  say('');
  try {
    say((await call('POST', '/api/why', body)).reason, 'why');
  } catch (e) {
    say(e.message, 'error');
  }
  setBusy(false);
}

// A click (or Enter) on a point or a piece in hand.
function activate(hit) {
  if (!state || $('game').dataset.busy === '1') return;
  const key = keyOf(hit);
  focusKey = key;
  if (pick && hit.classList.contains('target')) {
    say('');
    pick.steps.push(key);
    return resolve();
  }
  if (pick && hit.classList.contains('stop')) {
    const exact = candidates().filter(m => m.steps.length === pick.steps.length);
    if (exact.length === 1) return play(exact[0].text);
    return resolve();
  }
  $('choices').replaceChildren();
  if (pick && pick.start === key && pick.steps.length === 0) {
    pick = null;  // put back
    return mark();
  }
  if (pick && pick.steps.length > 0) {
    say('The capture goes on: choose one of the marked points.', 'why');
    return mark();
  }
  // A move that is its starting point alone (a sowing): played at once.
  const whole = state.moves.filter(m => m.start === key);
  if (!pick && whole.length === 1 && whole[0].steps.length === 0) {
    say('');
    return play(whole[0].text);
  }
  if (whole.length > 0) {
    say('');
    pick = { start: key, steps: [] };
    return mark();
  }
  // An empty point where exactly one piece can be placed from the hand: placed at once.
  const placements = state.moves.filter(m => m.start && m.start.startsWith('hand:') && m.steps.length === 1 && m.steps[0] === key);
  if (!pick && placements.length === 1) {
    say('');
    return play(placements[0].text);
  }
  const body = pick ? { id: state.id, from: pick.start, to: key } : { id: state.id, from: key };
  pick = null;
  mark();
  if (!key.startsWith('off-')) explain(body);
}

function loadRecord(file) {
  const reader = new FileReader();
  reader.onload = () => act(() => call('POST', '/api/load', { record: String(reader.result), seats: settings().seats }));
  reader.readAsText(file);
}

async function start() {
  try {
    info = await call('GET', '/api/game');
  } catch (e) {
    say(e.message, 'error');
    return;
  }
  document.title = info.title + ' \u2013 rulebook';
  $('title').textContent = info.title;
  buildSetup();
  // Options asked for in the address may change who plays.
  if (info.options.some(o => (query.get(o.name) || o.value) !== o.value)) await refreshSeats();
  $('setup').addEventListener('submit', e => { e.preventDefault(); newGame(); });
  $('restart').addEventListener('click', newGame);
  $('undo').addEventListener('click', () => state && act(() => call('POST', '/api/undo', { id: state.id })));
  $('roll').addEventListener('click', () => state && act(() => call('POST', '/api/roll', { id: state.id })));
  $('board').addEventListener('click', e => {
    const hit = e.target.closest('[data-point], [data-hand]');
    if (hit) activate(hit);
  });
  $('board').addEventListener('keydown', key);
  $('board').addEventListener('focusin', e => {
    const hit = e.target.closest('[data-point], [data-hand]');
    if (hit) focusKey = keyOf(hit);
  });
  $('load').addEventListener('change', e => { if (e.target.files[0]) loadRecord(e.target.files[0]); e.target.value = ''; });
  newGame();
}

start();
