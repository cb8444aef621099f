// The HTML report's style sheet and script. The script knows no chess: it draws the
// placements the C++ side computed (see html_games.cpp) and steps through them.
#include "referee/report/html_parts.hpp"

namespace referee::report {

const char* report_css() {
    return R"CSS(:root {
  --ink: #1d2330; --muted: #5b6475; --line: #d8dde6; --paper: #ffffff; --page: #f4f6f9;
  --accent: #2457c5; --fault: #b3261e; --fault-bg: #fde8e6; --light: #efe3c8; --dark: #b48a5a;
  --mark: rgba(255, 214, 10, 0.55);
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
body {
  margin: 0; background: var(--page); color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif;
}
header { background: #1f2a44; color: #fff; padding: 22px 32px 16px; }
header h1 { margin: 0 0 10px; font-size: 26px; font-weight: 650; letter-spacing: 0.01em; }
.facts { display: flex; flex-wrap: wrap; gap: 6px 32px; margin: 0; }
.facts div { display: flex; gap: 8px; }
.facts dt { color: #aab6d3; }
.facts dd { margin: 0; font-weight: 600; }
main { max-width: 1180px; margin: 0 auto; padding: 8px 24px 48px; }
section {
  background: var(--paper); border: 1px solid var(--line); border-radius: 10px;
  padding: 14px 20px 18px; margin: 18px 0; box-shadow: 0 1px 2px rgba(20, 30, 50, 0.05);
}
h2 { font-size: 18px; margin: 2px 0 12px; }
.note { color: var(--muted); font-size: 13px; margin: 10px 0 0; max-width: 80ch; }
section > .note:first-of-type { margin: 0 0 10px; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { padding: 5px 10px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
th { font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); font-weight: 600; }
tbody tr:nth-child(even) { background: #f8f9fb; }
.num { text-align: right; }
.strong { font-weight: 700; }
.engine { font-weight: 600; max-width: 22ch; overflow: hidden; text-overflow: ellipsis; }
td.fault { color: var(--fault); background: var(--fault-bg); font-weight: 700; }
td.none { color: #b7bdc8; }
th.fault-col { cursor: help; }
.matrix td.num, .matrix thead th.num:nth-child(n+3) { min-width: 4.2em; text-align: center; }
.matrix td.self { background: repeating-linear-gradient(45deg, #eef0f4, #eef0f4 4px, #f8f9fb 4px, #f8f9fb 8px); }
td.reason { white-space: normal; min-width: 32ch; }
#rule-breakers table { width: 100%; }
#rule-breakers td.name { white-space: normal; overflow-wrap: break-word; }
td.culprit { color: var(--fault); font-weight: 600; }
a { color: var(--accent); }
.elo-plot { max-width: 100%; height: auto; font-size: 13px; }
.elo-plot .band { fill: #f3f5f9; }
.elo-plot .grid { stroke: #e3e7ee; }
.elo-plot .zero { stroke: #8a93a6; stroke-dasharray: 4 3; }
.elo-plot .axis { stroke: #5b6475; }
.elo-plot .tick, .elo-plot .axis-title { fill: var(--muted); font-size: 12px; }
.elo-plot .name { fill: var(--ink); font-weight: 600; }
.elo-plot .whisker { stroke: var(--accent); stroke-width: 2; }
.elo-plot .point { fill: var(--accent); stroke: #fff; stroke-width: 1.5; }
.elo-plot .value { fill: var(--ink); font-variant-numeric: tabular-nums; }
.games-layout { display: flex; flex-direction: column; gap: 18px; }
.game-list { position: relative; max-height: 330px; overflow: auto; border: 1px solid var(--line); border-radius: 8px; }
.game-list table { width: 100%; }
.game-list thead th { position: sticky; top: 0; background: var(--paper); }
.game-list tbody tr { cursor: pointer; }
.game-list tbody tr:hover { background: #eaf0fc; }
.game-list tr.selected, .game-list tr.selected:hover { background: #d7e3fb; }
.game-list tr.faulty td.reason { color: var(--fault); }
.pager { display: flex; gap: 10px; align-items: center; margin: 6px 0; font-size: 13px; color: var(--muted); }
.game-list td.reason { font-size: 13px; color: var(--muted); min-width: 30ch; width: 100%; }
.viewer { display: flex; flex-wrap: wrap; gap: 16px 28px; align-items: flex-start; }
.board-column { flex: 0 1 440px; min-width: 260px; }
.side-column { flex: 1 1 320px; min-width: 260px; }
.game-title { font-weight: 650; font-size: 16px; margin-bottom: 4px; }
.player { display: flex; justify-content: space-between; font-size: 14px; padding: 3px 2px; }
.player .clock { font-variant-numeric: tabular-nums; background: #eef1f6; border-radius: 4px; padding: 0 6px; }
.player.to-move .name::before { content: "● "; color: var(--accent); }
.board {
  display: grid; width: 100%; max-width: 440px; user-select: none;
  border: 1px solid #7d6648; border-radius: 4px; overflow: hidden; background: #f7f1e4;
}
.square { position: relative; aspect-ratio: 1; display: flex; align-items: center; justify-content: center; }
.square.light { background: var(--light); }
.square.dark { background: var(--dark); }
.square.last::after { content: ""; position: absolute; inset: 0; background: var(--mark); }
.label { display: flex; align-items: center; justify-content: center; font-size: 12px; color: #7d6648; }
.piece { position: relative; z-index: 1; line-height: 1; font-size: min(9vw, calc(var(--sq) * 0.78)); }
.piece.glyph { font-family: "DejaVu Sans", "Segoe UI Symbol", "Noto Sans Symbols2", serif; }
.piece.glyph.white { color: #fffdf7; text-shadow: 0 0 1px #000, 0 0 1px #000, 0 1px 1px #000; }
.piece.glyph.black { color: #161616; text-shadow: 0 0 1px #fff8; }
.piece.letter {
  width: 72%; height: 72%; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  font: 700 calc(var(--sq) * 0.42) / 1 system-ui, "DejaVu Sans", sans-serif;
}
.piece.letter.white { background: #fffdf7; color: #161616; border: 2px solid #161616; }
.piece.letter.black { background: #161616; color: #fffdf7; border: 2px solid #fffdf7; outline: 1px solid #161616; }
.board { position: relative; }
.board-marks { position: relative; z-index: 1; width: 100%; height: 100%; pointer-events: none; }
.board-marks .palace { fill: rgba(36, 87, 197, 0.10); stroke: #5a4630; stroke-width: 1.5; vector-effect: non-scaling-stroke; }
.board-marks .palace-diagonal { stroke: #5a4630; stroke-width: 1.5; vector-effect: non-scaling-stroke; }
.board-marks .river { fill: #6f9fd8; opacity: 0.85; }
.square .piece { z-index: 2; }
.board.drawing-points, .board.drawing-tiles { background: #f0d5a0; }
.board-marks .grid { stroke: #5a4630; stroke-width: 1; vector-effect: non-scaling-stroke; }
.board.drawing-points .board-marks .river { fill: #bfd7ef; opacity: 0.75; }
.board.drawing-points .square.last::after { inset: 6%; border-radius: 50%; }
.piece.disc {
  width: 84%; height: 84%; border-radius: 50%; display: flex; align-items: center; justify-content: center;
  background: #fbeccb; border: 2px solid currentColor; box-shadow: 0 1px 2px rgba(0, 0, 0, 0.45);
  font: 700 calc(var(--sq) * 0.42) / 1 system-ui, "DejaVu Sans", sans-serif;
}
.piece.disc.white { color: #b3261e; }
.piece.disc.black { color: #161616; }
.piece.tile {
  width: 80%; height: 90%; display: flex; align-items: center; justify-content: center; padding-top: 8%;
  font: 700 calc(var(--sq) * 0.36) / 1 system-ui, "DejaVu Sans", sans-serif; color: #161616;
}
.piece.tile.black { transform: rotate(180deg); }
.piece.tile svg { position: absolute; inset: 0; width: 100%; height: 100%; overflow: visible; }
.piece.tile svg polygon { fill: #f7e2b0; stroke: #4a3a26; stroke-width: 3; filter: drop-shadow(0 1px 1px rgba(0, 0, 0, 0.35)); }
.piece.tile .face { position: relative; }
.piece.tile.promoted .face { color: #b3261e; }
.hand .piece.disc, .hand .piece.tile { width: 26px; height: 26px; font-size: 13px; }
.hand { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 10px; max-width: 440px; min-height: 30px;
  margin: 2px 0; font-size: 13px; color: var(--muted); --sq: 28px; }
.hand .in-hand { display: inline-flex; align-items: center; gap: 2px; }
.hand .piece { font-size: 22px; }
.hand .piece.letter { width: 26px; height: 26px; font-size: 14px; }
.hand .count { font-weight: 700; color: var(--ink); font-variant-numeric: tabular-nums; }
.piece .mark { position: absolute; top: -0.15em; right: -0.35em; font: 700 max(10px, calc(var(--sq) * 0.26)) / 1 system-ui, sans-serif;
  color: #c0392b; text-shadow: 0 0 2px #fff; }
.controls { display: flex; gap: 6px; margin: 10px 0 6px; }
.controls button {
  flex: 1; padding: 6px 4px; font: inherit; font-size: 13px; border: 1px solid var(--line); border-radius: 6px;
  background: #fff; cursor: pointer;
}
.controls button:hover:not(:disabled) { background: #eaf0fc; border-color: #b9c9ef; }
.controls button:disabled { color: #b7bdc8; cursor: default; }
.status { font-size: 13px; color: var(--muted); min-height: 1.5em; }
.moves {
  position: relative; list-style: none; margin: 8px 0; padding: 6px; max-height: 360px; overflow: auto;
  border: 1px solid var(--line); border-radius: 8px; display: grid; grid-template-columns: 3em 1fr 1fr; gap: 1px 6px;
  font-variant-numeric: tabular-nums; font-size: 14px;
}
.moves .number { color: var(--muted); text-align: right; padding: 1px 4px; }
.moves .move { padding: 1px 6px; border-radius: 4px; cursor: pointer; display: flex; justify-content: space-between; gap: 6px; }
.moves .move:hover { background: #eaf0fc; }
.moves .move.current { background: var(--accent); color: #fff; }
.moves .move .time { font-size: 11px; opacity: 0.7; }
.game-end { font-size: 14px; }
.game-end.faulty { color: var(--fault); font-weight: 600; }
.replay-error { color: var(--fault); font-size: 13px; }
details.stderr { margin-top: 8px; font-size: 13px; }
details.stderr pre { white-space: pre-wrap; word-break: break-all; background: #f4f6f9; padding: 8px; border-radius: 6px; max-height: 200px; overflow: auto; }
)CSS";
}

const char* replay_controls_html() {
    return R"HTML(<div class="controls">
<button type="button" id="to-start" title="Start (Home)">⇤ Start</button>
<button type="button" id="back" title="Back (←)">← Back</button>
<button type="button" id="forward" title="Forward (→)">Forward →</button>
<button type="button" id="to-end" title="End (End)">End ⇥</button>
</div>)HTML";
}

const char* board_js() {
    return R"JS(// A clock as m:ss.s (a negative time as 0:00.0), rounded to tenths before minutes and seconds
// are taken from it, so 4:59.96 reads 5:00.0, not 4:60.0. The report and the live page both
// show clocks with it.
window.refereeClockText = function (ms) {
  const tenths = Math.round(Math.max(0, ms) / 100), m = Math.floor(tenths / 600);
  return m + ':' + ((tenths - m * 600) / 10).toFixed(1).padStart(4, '0');
};

// Draws one board of any size: window.refereeBoard(element, files, ranks, pieces, facts)
// builds its squares and returns draw(placement, last), which shows a FEN placement (hands in
// brackets after it, promoted pieces marked ~ or +) with the last move's squares marked.
// `facts` is the board's JSON (viewer_board_json): with hands: true each side's hand is shown
// beside the board (Black's above, White's below, with counts); its regions (a palace: shaded,
// with diagonals where it is a square of an odd side) and rivers (a band between two ranks)
// are drawn over the squares. Its drawing (the variant's `drawing:`) says how: 'squares' (chess
// figures, or letters in discs, on chequered squares), 'points' (discs on the points where
// lines cross, the river a gap in the lines, a palace its diagonals: xiangqi) or 'tiles'
// (pointed tiles facing the opponent on lined squares: shogi).
window.refereeBoard = function (board, FILES, RANKS, pieces, facts) {
  'use strict';
  facts = facts || {};
  const drawing = facts.drawing || 'squares';
  // Filled chess glyphs for both sides (coloured by CSS); U+FE0E asks for text, not emoji.
  const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
  const SVG = 'http://www.w3.org/2000/svg';
  const squares = [];  // by square index: rank * FILES + file, a1 = 0
  const hands = {};    // side -> its hand's element, once made

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // Every cell has its grid place, so the marks can lie over the squares in the same grid.
  function place(e, row, column) {
    e.style.gridRow = String(row);
    e.style.gridColumn = String(column);
    return e;
  }

  function svg(tag, attrs, cls) {
    const e = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, String(attrs[k])); });
    if (cls) e.setAttribute('class', cls);
    return e;
  }

  // The lines, the palace and the river, in square units: x from file a's left edge, y from the
  // top rank; a point (a square's centre) is at k + 0.5.
  function drawMarks() {
    const regions = facts.regions || [], rivers = facts.rivers || [];
    const points = drawing === 'points';
    if (!regions.length && !rivers.length && drawing === 'squares') return;
    const marks = svg('svg', { viewBox: '0 0 ' + FILES + ' ' + RANKS, preserveAspectRatio: 'none' }, 'board-marks');
    marks.style.gridRow = '1 / span ' + RANKS;
    marks.style.gridColumn = '2 / span ' + FILES;
    const line = function (x1, y1, x2, y2, cls) { marks.appendChild(svg('line', { x1: x1, y1: y1, x2: x2, y2: y2 }, cls)); };
    // A river after rank r lies between the rows of ranks r and r + 1: y from row - 0.5 to row + 0.5.
    const riverRows = rivers.map(function (after) { return RANKS - 1 - after; }).sort(function (a, b) { return a - b; });
    if (drawing === 'tiles') {
      for (let f = 1; f < FILES; f++) line(f, 0, f, RANKS, 'grid');
      for (let r = 1; r < RANKS; r++) line(0, r, FILES, r, 'grid');
    }
    if (points) {
      riverRows.forEach(function (row) {
        marks.appendChild(svg('rect', { x: 0.5, y: row - 0.5, width: FILES - 1, height: 1 }, 'river'));
      });
      for (let r = 0; r < RANKS; r++) line(0.5, r + 0.5, FILES - 0.5, r + 0.5, 'grid');
      // The files' lines: the edge files run the whole board, the others stop at the river.
      for (let f = 0; f < FILES; f++) {
        let from = 0.5;
        if (f > 0 && f < FILES - 1)
          riverRows.forEach(function (row) { line(f + 0.5, from, f + 0.5, row - 0.5, 'grid'); from = row + 0.5; });
        line(f + 0.5, from, f + 0.5, RANKS - 0.5, 'grid');
      }
    }
    regions.forEach(function (r) {
      const x0 = r.files[0], x1 = r.files[1] + 1, y0 = RANKS - 1 - r.ranks[1], y1 = RANKS - r.ranks[0];
      // A square palace of an odd side is a xiangqi palace: its diagonals join the corner points.
      const side = x1 - x0, palace = side === y1 - y0 && side >= 3 && side % 2 === 1;
      // On points the palace is its diagonals alone; a region is shaded over its points.
      if (!points) marks.appendChild(svg('rect', { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, 'palace'));
      else if (!palace) marks.appendChild(svg('rect', { x: x0 + 0.25, y: y0 + 0.25, width: x1 - x0 - 0.5, height: y1 - y0 - 0.5 }, 'palace'));
      if (palace) {
        line(x0 + 0.5, y0 + 0.5, x1 - 0.5, y1 - 0.5, 'palace-diagonal');
        line(x1 - 0.5, y0 + 0.5, x0 + 0.5, y1 - 0.5, 'palace-diagonal');
      }
    });
    if (!points)
      riverRows.forEach(function (y) {
        marks.appendChild(svg('rect', { x: 0, y: y - 0.07, width: FILES, height: 0.14 }, 'river'));
      });
    board.appendChild(marks);
  }

  function build() {
    board.textContent = '';
    board.classList.add('drawing-' + drawing);
    board.style.gridTemplateColumns = '1.4em repeat(' + FILES + ', 1fr)';
    const size = Math.min(440, board.clientWidth || 440) / (FILES + 0.4);
    board.style.setProperty('--sq', size + 'px');
    for (let row = 0; row < RANKS; row++) {
      const rank = RANKS - 1 - row;
      board.appendChild(place(el('div', 'label', String(rank + 1)), row + 1, 1));
      for (let file = 0; file < FILES; file++) {
        const sq = el('div', 'square ' + (drawing !== 'squares' ? 'plain' : (file + rank) % 2 === 0 ? 'dark' : 'light'));
        squares[rank * FILES + file] = sq;
        board.appendChild(place(sq, row + 1, file + 2));
      }
    }
    board.appendChild(place(el('div', 'label', ''), RANKS + 1, 1));
    for (let file = 0; file < FILES; file++)
      board.appendChild(place(el('div', 'label', String.fromCharCode(97 + file)), RANKS + 1, file + 2));
    drawMarks();
  }

  // FEN placement to cells by square index ('.' empty; a letter, then '+' or '~' if it is
  // promoted); runs of digits count empty squares; a '+' before or '~' after a letter marks
  // it promoted; [..] after the board is the hands.
  function expand(placement) {
    const cells = new Array(FILES * RANKS).fill('.');
    const open = placement.indexOf('[');
    const inHand = open >= 0 ? placement.slice(open + 1, placement.indexOf(']', open) >>> 0) : '';
    const rows = (open >= 0 ? placement.slice(0, open) : placement).split('/');
    // The other way to write hands: one row more than the board has.
    const extra = rows.length > RANKS ? rows.slice(RANKS).join('') : '';
    rows.slice(0, RANKS).forEach(function (text, row) {
      const rank = RANKS - 1 - row;
      let file = 0, promoted = false;
      for (let i = 0; i < text.length; i++) {
        let run = '';
        while (i < text.length && text[i] >= '0' && text[i] <= '9') run += text[i++];
        if (run) { file += parseInt(run, 10); i--; continue; }
        if (text[i] === '+') { promoted = true; continue; }
        if (text[i] === '~') { if (file > 0 && rank >= 0) cells[rank * FILES + file - 1] += '~'; continue; }
        if (file < FILES && rank >= 0) cells[rank * FILES + file] = text[i] + (promoted ? '+' : '');
        promoted = false;
        file++;
      }
    });
    return { cells: cells, hands: inHand + extra };
  }

  // A piece: its glyph or letter, and a promoted piece's mark ('+' for a form of its own, as
  // shogi's tokin +P; '~' for crazyhouse's promoted pawn) in the corner, its name as a title.
  // On points a disc with its letter (White's red); on tiles a pentagon pointing away from
  // its side (Black's turned round), lettered as shogi players letter them (+P: the tokin).
  function piece(cell) {
    const letter = cell[0], mark = cell.slice(1);
    const upper = letter.toUpperCase();
    const white = letter === upper;
    const glyph = drawing === 'squares' && GLYPHS[letter.toLowerCase()];
    const kind = glyph ? 'glyph' : drawing === 'points' ? 'disc' : drawing === 'tiles' ? 'tile' : 'letter';
    const p = el('span', 'piece ' + kind + ' ' + (white ? 'white' : 'black') + (mark ? ' promoted' : ''));
    if (kind === 'tile') {
      const shape = p.appendChild(svg('svg', { viewBox: '0 0 100 100', preserveAspectRatio: 'none' }));
      shape.appendChild(svg('polygon', { points: '50,3 83,16 95,97 5,97 17,16' }));
      p.appendChild(el('span', 'face', (mark === '+' ? '+' : '') + upper));
      if (mark && mark !== '+') p.appendChild(el('span', 'mark', mark));
    } else {
      p.textContent = glyph ? glyph + '\uFE0E' : upper;
      if (mark) p.appendChild(el('span', 'mark', mark));
    }
    const name = (mark === '+' && pieces['+' + upper]) || (pieces[upper] || upper) + (mark ? ' (promoted)' : '');
    p.title = (white ? 'White ' : 'Black ') + name;
    return p;
  }

  // Each side's hand: its pieces in the order they first appear, each with its count.
  function drawHands(text) {
    if (!facts.hands && !text) return;
    ['black', 'white'].forEach(function (side) {
      if (!hands[side]) {
        hands[side] = el('div', 'hand ' + side);
        board.parentNode.insertBefore(hands[side], side === 'black' ? board : board.nextSibling);
      }
      const row = hands[side];
      row.textContent = '';
      row.appendChild(el('span', 'hand-label', side === 'white' ? 'White in hand:' : 'Black in hand:'));
      const counts = {}, order = [];
      for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (!/[A-Za-z]/.test(c) || (c === c.toUpperCase()) !== (side === 'white')) continue;
        if (!counts[c]) order.push(c);
        counts[c] = (counts[c] || 0) + 1;
      }
      if (!order.length) row.appendChild(el('span', 'hand-empty', '–'));
      order.forEach(function (c) {
        const item = el('span', 'in-hand');
        item.dataset.piece = c;
        item.dataset.count = String(counts[c]);
        item.appendChild(piece(c));
        if (counts[c] > 1) item.appendChild(el('span', 'count', '×' + counts[c]));
        row.appendChild(item);
      });
    });
  }

  // Shows a placement; `last` ({from, to}) marks the move that led to it.
  function draw(placement, last) {
    const view = expand(placement);
    for (let i = 0; i < squares.length; i++) {
      const sq = squares[i];
      sq.textContent = '';
      if (view.cells[i] !== '.') sq.appendChild(piece(view.cells[i]));
      sq.classList.toggle('last', !!last && (i === last.from || i === last.to));
    }
    drawHands(view.hands);
    board.setAttribute('data-fen', placement);
  }

  build();
  return { draw: draw, el: el };
};
)JS";
}

const char* report_js() {
    return R"JS((function () {
  'use strict';
  const data = JSON.parse(document.getElementById('games-data').textContent);
  const board = document.getElementById('board');
  // A page with many games holds none: they are in files of data.per_file games each, in
  // data.folder beside the page, loaded by a script element (which works from file:, where
  // fetch does not) when one of their games is opened.
  const gameCount = data.games ? data.games.length : data.count;
  if (!board || !gameCount) return;
  const gameFiles = {};  // file number -> its games, once loaded
  const waiting = {};    // file number -> what to do with it when it arrives
  window.refereeGameFile = function (k, games) {
    gameFiles[k] = games;
    (waiting[k] || []).forEach(function (then) { then(); });
    delete waiting[k];
  };
  // Calls then(game) with game `index` (0-based), at once or when its file has loaded.
  function withGame(index, then) {
    if (data.games) { then(data.games[index]); return; }
    const k = Math.floor(index / data.per_file);
    const take = function () { then(gameFiles[k][index % data.per_file]); };
    if (gameFiles[k]) { take(); return; }
    if (waiting[k]) { waiting[k].push(take); return; }
    waiting[k] = [take];
    const script = document.createElement('script');
    script.src = data.folder + '/games-' + k + '.js';
    script.onerror = function () {
      delete waiting[k];
      document.getElementById('game-title').textContent =
          'Game ' + (index + 1) + ' cannot be shown: ' + script.src + ' is missing (keep the folder beside the page).';
    };
    document.head.appendChild(script);
  }
  const view = window.refereeBoard(board, data.files, data.ranks, data.pieces, data);
  const state = { game: null, ply: 0 };
  const el = view.el;

  // A record's clock, or nothing where the game was untimed (-1).
  function clockText(ms) { return ms < 0 ? '' : window.refereeClockText(ms); }

  function timeText(ply) {
    if (ply.book) return 'book';
    return (ply.ms / 1000).toFixed(2) + ' s';
  }

  // Scrolls a list box, and only the box, so the item shows (scrollIntoView would move the
  // whole page too).
  function scrollWithin(box, item) {
    if (!box) return;
    const top = item.offsetTop, bottom = top + item.offsetHeight;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 2);
  }

  // Whose move a ply is: true for White.
  function whiteMoved(index) { return (index % 2 === 0) === state.game.white_to_move; }

  function render() {
    const g = state.game;
    const placement = state.ply === 0 ? g.start : g.plies[state.ply - 1].fen;
    const last = state.ply > 0 ? g.plies[state.ply - 1] : null;
    view.draw(placement, last);
    board.setAttribute('data-ply', String(state.ply));

    document.querySelectorAll('#moves .move').forEach(function (m) {
      const current = Number(m.dataset.ply) === state.ply;
      m.classList.toggle('current', current);
      if (current) scrollWithin(m.parentNode, m);
    });
    // Each side's clock after its latest move so far.
    const clocks = { white: '', black: '' };
    for (let i = 0; i < state.ply; i++) clocks[whiteMoved(i) ? 'white' : 'black'] = clockText(g.plies[i].clock);
    const whiteToMove = state.ply === g.plies.length ? null : whiteMoved(state.ply);
    setPlayer('player-top', g.black, clocks.black, whiteToMove === false);
    setPlayer('player-bottom', g.white, clocks.white, whiteToMove === true);

    const status = document.getElementById('status');
    if (!last) status.textContent = 'Start position · ' + g.plies.length + ' plies';
    else status.textContent = 'Ply ' + state.ply + ' of ' + g.plies.length + ': ' + last.san + ' (' + timeText(last) +
        (last.clock >= 0 ? ', clock ' + clockText(last.clock) : '') + ')';
    document.getElementById('to-start').disabled = document.getElementById('back').disabled = state.ply === 0;
    document.getElementById('forward').disabled = document.getElementById('to-end').disabled = state.ply === g.plies.length;
    try { history.replaceState(null, '', '#game=' + g.n + '&ply=' + state.ply); } catch (e) { /* file: may refuse */ }
  }

  function setPlayer(id, name, clock, toMove) {
    const box = document.getElementById(id);
    box.textContent = '';
    box.appendChild(el('span', 'name', name));
    if (clock) box.appendChild(el('span', 'clock', clock));
    box.classList.toggle('to-move', toMove);
  }

  function forward() { if (state.game && state.ply < state.game.plies.length) { state.ply++; render(); } }
  function back() { if (state.game && state.ply > 0) { state.ply--; render(); } }
  function goTo(ply) { if (state.game) { state.ply = Math.max(0, Math.min(ply, state.game.plies.length)); render(); } }

  function openGame(index, then) {
    if (!(index >= 0 && index < gameCount)) return false;
    withGame(index, function (g) {
      if (!data.games) showPage(Math.floor(index / data.per_file));
      showGame(g);
      if (then) then();
    });
    return true;
  }

  function listRow(row) {
    const open = function () { openGame(Number(row.dataset.game) - 1); };
    row.addEventListener('click', open);
    row.addEventListener('keydown', function (e) { if (e.key === 'Enter') open(); });
  }

  // A page with its games in files lists one file's games at a time (see html.cpp).
  const FAULTLESS = ['rules', 'resignation', 'move-cap', 'interrupted'];
  let listedPage = 0;
  function showPage(k) {
    if (data.games || k === listedPage || !gameFiles[k]) return;
    listedPage = k;
    const body = document.querySelector('#game-list tbody');
    body.textContent = '';
    gameFiles[k].forEach(function (g) {
      const row = el('tr', FAULTLESS.indexOf(g.termination) < 0 ? 'faulty' : '');
      row.dataset.game = String(g.n);
      row.tabIndex = 0;
      [[g.n, 'num'], [g.round, 'num'], [g.white, ''], [g.black, ''], [g.result, 'result'], [g.reason, 'reason']]
          .forEach(function (cell) { row.appendChild(el('td', cell[1], String(cell[0]))); });
      listRow(row);
      body.appendChild(row);
    });
    const first = k * data.per_file + 1, last = Math.min(gameCount, (k + 1) * data.per_file);
    document.getElementById('page-text').textContent = 'Games ' + first + '–' + last + ' of ' + gameCount;
    document.getElementById('page-back').disabled = k === 0;
    document.getElementById('page-forward').disabled = last === gameCount;
  }
  function turnPage(step) {
    const k = listedPage + step;
    if (k < 0 || k * data.per_file >= gameCount) return;
    withGame(k * data.per_file, function () { showPage(k); });
  }
  if (!data.games) {
    document.getElementById('page-back').addEventListener('click', function () { turnPage(-1); });
    document.getElementById('page-forward').addEventListener('click', function () { turnPage(1); });
  }

  function showGame(g) {
    state.game = g;
    state.ply = 0;
    document.querySelectorAll('#game-list tr.selected').forEach(function (r) { r.classList.remove('selected'); });
    const row = document.querySelector('#game-list tr[data-game="' + g.n + '"]');
    if (row) {
      row.classList.add('selected');
      scrollWithin(row.closest('.game-list'), row);
    }
    document.getElementById('game-title').textContent =
        'Game ' + g.n + ', round ' + g.round + ': ' + g.white + ' – ' + g.black + '  ' + g.result;

    const list = document.getElementById('moves');
    list.textContent = '';
    let number = g.fullmove;
    if (!g.white_to_move && g.plies.length) {
      list.appendChild(el('li', 'number', number + '.'));
      list.appendChild(el('li', '', '…'));
    }
    g.plies.forEach(function (p, i) {
      const white = whiteMoved(i);
      if (white) list.appendChild(el('li', 'number', number + '.'));
      const m = el('li', 'move');
      m.dataset.ply = String(i + 1);
      m.appendChild(el('span', 'san', p.san));
      m.appendChild(el('span', 'time', timeText(p)));
      m.addEventListener('click', function () { goTo(i + 1); });
      list.appendChild(m);
      if (!white) number++;
    });

    const end = document.getElementById('game-end');
    end.textContent = g.result + ' · ' + g.reason;
    end.className = 'game-end' + (FAULTLESS.indexOf(g.termination) < 0 ? ' faulty' : '');
    if (g.error) end.appendChild(el('div', 'replay-error', g.error));
    const err = document.getElementById('stderr');
    err.textContent = '';
    [['white_stderr', g.white], ['black_stderr', g.black]].forEach(function (pair) {
      if (!g[pair[0]]) return;
      const d = el('details', 'stderr');
      d.appendChild(el('summary', '', 'Last lines ' + pair[1] + ' wrote to stderr'));
      d.appendChild(el('pre', '', g[pair[0]]));
      err.appendChild(d);
    });
    render();
  }

  // #game=N&ply=K opens game N (1-based) and steps Forward K times, as a reader would.
  function applyHash() {
    const params = {};
    location.hash.replace(/^#/, '').split('&').forEach(function (kv) {
      const at = kv.indexOf('=');
      if (at > 0) params[kv.slice(0, at)] = kv.slice(at + 1);
    });
    const n = parseInt(params.game, 10);
    if (!(n >= 1 && n <= gameCount)) return false;
    if (!state.game || state.game.n !== n || state.ply !== (parseInt(params.ply, 10) || 0)) {
      openGame(n - 1, function () {
        const k = Math.min(parseInt(params.ply, 10) || 0, state.game.plies.length);
        for (let i = 0; i < k; i++) forward();
      });
    }
    return true;
  }

  document.getElementById('forward').addEventListener('click', forward);
  document.getElementById('back').addEventListener('click', back);
  document.getElementById('to-start').addEventListener('click', function () { goTo(0); });
  document.getElementById('to-end').addEventListener('click', function () { goTo(Infinity); });
  document.querySelectorAll('#game-list tr[data-game]').forEach(listRow);
  document.addEventListener('keydown', function (e) {
    if (!state.game || e.altKey || e.ctrlKey || e.metaKey) return;
    const actions = { ArrowRight: forward, ArrowLeft: back, Home: function () { goTo(0); },
                      End: function () { goTo(Infinity); } };
    if (actions[e.key]) { e.preventDefault(); actions[e.key](); }
  });
  window.addEventListener('hashchange', function () { if (applyHash()) document.getElementById('viewer').scrollIntoView(); });
  if (applyHash()) document.getElementById('games').scrollIntoView();
  else openGame(0);
})();
)JS";
}

}  // namespace referee::report
