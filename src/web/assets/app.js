// The page: shows the states the server sends and turns clicks into moves.
// The rules live in the server's engine; nothing here judges a move.
'use strict';

// Errors are kept where a test can read them (and shown on the page).
window.__errors = [];
window.addEventListener('error', e => window.__errors.push(String(e.message)));
window.addEventListener('unhandledrejection', e => window.__errors.push(String(e.reason)));
document.addEventListener('securitypolicyviolation', e => window.__errors.push('blocked: ' + e.violatedDirective));

const $ = id => document.getElementById(id);
let info = null;   // the game's names, options, agents
let state = null;  // the last state the server sent
let pick = null;   // the move being clicked: {start, steps}
// How long the computer's plies stay on the screen (?delay=MS).
const delay = /^\d+$/.test(new URLSearchParams(location.search).get('delay') || '')
  ? Number(new URLSearchParams(location.search).get('delay')) : 400;

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

async function act(f) {
  setBusy(true);
  $('message').textContent = '';
  try {
    show(await f());
  } catch (e) {
    $('message').textContent = e.message;
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
  const query = new URLSearchParams(location.search);
  const preset = (query.get('seats') || '').split(',');
  const opponent = info.agents.includes('mcts') ? 'mcts' : info.agents[0];
  const seats = $('seats');
  info.players.forEach((name, i) => {
    const label = el('label', {}, name + ' ');
    const select = el('select', { 'data-seat': String(i) });
    for (const who of ['human', ...info.agents]) select.append(el('option', { value: who }, who));
    select.value = preset[i] || (i === info.first ? 'human' : opponent);
    label.append(select);
    seats.append(label);
  });
  for (const o of info.options) {
    const label = el('label', { title: o.description }, o.name + ' ');
    const select = el('select', { 'data-option': o.name });
    for (const v of o.values) select.append(el('option', { value: v }, v));
    select.value = query.get(o.name) || o.value;
    label.append(select);
    $('options').append(label);
  }
}

function settings() {
  const seats = [...document.querySelectorAll('[data-seat]')].map(s => s.value);
  const options = {};
  for (const s of document.querySelectorAll('[data-option]')) options[s.dataset.option] = s.value;
  const body = { seats, options };
  const seed = new URLSearchParams(location.search).get('seed');
  if (seed !== null && /^\d+$/.test(seed)) body.seed = Number(seed);
  return body;
}

function newGame() { act(() => call('POST', '/api/new', settings())); }

function show(s) {
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
    : s.turnName + ' to move' + (agent ? ' (' + s.seats[s.turn] + ')' : '');
  $('dice').hidden = !s.dice;
  $('roll').disabled = !s.needRoll;
  $('die').textContent = s.roll === null || s.roll === undefined ? '' : String(s.roll);
  const ann = $('announcements');
  ann.replaceChildren(...s.announcements.map(a => el('li', {}, a)));
  const lost = s.captured.filter(c => c.count > 0).map(c => c.player + ' lost ' + c.count);
  $('captured').textContent = lost.length ? 'Captured: ' + lost.join(', ') + '.' : '';
  const plies = $('plies');
  plies.replaceChildren(...s.plies.map((p, i) => {
    const li = el('li', { title: info.players[p.mover] }, p.text);
    if (i === s.plies.length - 1) li.className = 'last';
    return li;
  }));
  plies.scrollTop = plies.scrollHeight;
  $('position').textContent = s.position;
  $('download').href = '/api/record?id=' + s.id;
  $('choices').replaceChildren();
  const passes = s.moves.filter(m => m.pass);
  for (const m of passes) {
    const b = el('button', { type: 'button', class: 'pass' }, 'Pass (nothing fits the roll)');
    b.addEventListener('click', () => play(m.text));
    $('choices').append(b);
  }
  mark();
  if (!s.over && agent) {
    const id = s.id;
    setTimeout(() => { if (state && state.id === id) act(() => call('POST', '/api/agent', { id })); }, delay);
    setBusy(true);
  } else {
    setBusy(false);
  }
}

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
  for (const e of document.querySelectorAll('.movable, .selected, .target, .stop')) {
    e.classList.remove('movable', 'selected', 'target', 'stop');
  }
  for (const e of document.querySelectorAll('.exit')) e.remove();
  if (!state || state.over) return;
  if (!pick) {
    for (const start of new Set(state.moves.map(m => m.start).filter(s => s !== null))) {
      const e = target(start);
      if (e) e.classList.add('movable');
    }
    return;
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
    const b = el('button', { type: 'button', class: 'choice' }, m.text);
    b.addEventListener('click', () => play(m.text));
    return b;
  }));
  mark();
}

function click(e) {
  const hit = e.target.closest('[data-point], [data-hand]');
  if (!state || !hit || $('game').dataset.busy === '1') return;
  const key = hit.dataset.point !== undefined ? hit.dataset.point : 'hand:' + hit.dataset.hand;
  if (pick && hit.classList.contains('target')) {
    pick.steps.push(key);
    return resolve();
  }
  if (pick && hit.classList.contains('stop')) {
    const exact = candidates().filter(m => m.steps.length === pick.steps.length);
    if (exact.length === 1) return play(exact[0].text);
    return resolve();
  }
  const starts = state.moves.map(m => m.start);
  pick = starts.includes(key) && !(pick && pick.start === key && pick.steps.length === 0) ? { start: key, steps: [] } : null;
  $('choices').replaceChildren();
  mark();
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
    $('message').textContent = e.message;
    return;
  }
  document.title = info.title + ' \u2013 rulebook';
  $('title').textContent = info.title;
  buildSetup();
  $('setup').addEventListener('submit', e => { e.preventDefault(); newGame(); });
  $('restart').addEventListener('click', newGame);
  $('undo').addEventListener('click', () => state && act(() => call('POST', '/api/undo', { id: state.id })));
  $('roll').addEventListener('click', () => state && act(() => call('POST', '/api/roll', { id: state.id })));
  $('board').addEventListener('click', click);
  $('load').addEventListener('change', e => { if (e.target.files[0]) loadRecord(e.target.files[0]); e.target.value = ''; });
  newGame();
}

start();
