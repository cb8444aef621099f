#include "referee/live/page.hpp"

#include "referee/report/html_parts.hpp"

namespace referee::live {
namespace {

const char* live_css() {
    return R"CSS(.run-status { margin-top: 10px; font-weight: 600; color: #cfe0ff; }
.run-status.over { color: #b8f5c8; }
.run-status.lost { color: #ffd2cc; }
.playing-games { display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 18px; }
.live-game { border: 1px solid var(--line); border-radius: 8px; padding: 10px; }
.live-game .board { max-width: 320px; }
.live-game .info { font-size: 12px; color: var(--muted); font-variant-numeric: tabular-nums; }
.live-game .last-move { font-size: 13px; margin: 4px 0; }
.live-moves { font-size: 12px; color: var(--muted); max-height: 70px; overflow: auto; margin: 4px 0 0; padding: 0; list-style: none; }
.live-moves li { display: inline; margin-right: 6px; }
.match-line { font-variant-numeric: tabular-nums; font-weight: 600; }
.sprt-plot { max-width: 100%; height: auto; font-size: 12px; }
.sprt-plot .bound { stroke: #b3261e; stroke-dasharray: 4 3; }
.sprt-plot .zero { stroke: #8a93a6; }
.sprt-plot .llr { fill: none; stroke: var(--accent); stroke-width: 2; }
.sprt-plot text { fill: var(--muted); }
#finished-list tr { cursor: pointer; }
.lobby-tables { display: flex; flex-wrap: wrap; gap: 24px; }
)CSS";
}

std::string live_body() {
    return std::string(R"HTML(<header>
<h1 id="title">Live</h1>
<dl class="facts" id="facts"></dl>
<div class="run-status" id="run-status">Connecting…</div>
</header>
<main>
<section id="match" hidden><h2>Match</h2>
<div class="match-line" id="score-line"></div>
<div class="note" id="elo-line"></div>
<div class="scroll"><table id="pentanomial-table"><thead><tr><th>Pairs</th><th class="num">LL</th><th class="num">LD</th><th class="num">DD/WL</th><th class="num">WD</th><th class="num">WW</th></tr></thead><tbody></tbody></table></div>
<div id="sprt"></div>
</section>
<section id="standings" hidden><h2>Standings</h2>
<div class="scroll"><table class="standings" id="standings-table"><thead><tr><th class="num">Rank</th><th>Engine</th><th class="num">Games</th><th class="num">Points</th><th class="num">Score</th><th class="num">Elo</th><th class="num">W</th><th class="num">D</th><th class="num">L</th><th class="num">Faults</th></tr></thead><tbody></tbody></table></div>
<p class="note">Elo is relative to the field's average, with the half-width of its 95% interval; updated as each game ends.</p>
</section>
<section id="crosstable" hidden><h2>Crosstable</h2>
<div class="scroll"><table class="matrix" id="crosstable-table"></table></div>
<p class="note">Points the row's engine scored against the column's, out of the games they played.</p>
</section>
<section id="lobby" hidden><h2>Lobby</h2>
<div class="lobby-tables">
<div><h3>Offers</h3><table id="offers-table"><thead><tr><th class="num">Id</th><th>Player</th><th>Colour</th><th class="num">Time</th><th class="num">Rating</th></tr></thead><tbody></tbody></table></div>
<div><h3>Games in progress</h3><table id="lobby-games-table"><thead><tr><th class="num">Id</th><th>White</th><th>Black</th></tr></thead><tbody></tbody></table></div>
<div><h3>Ratings</h3><table id="ratings-table"><thead><tr><th>Player</th><th class="num">Elo</th></tr></thead><tbody></tbody></table></div>
</div>
</section>
<section id="playing"><h2>Games in play <span id="playing-count"></span></h2>
<div class="playing-games" id="playing-games"></div>
<p class="note" id="none-playing">No game is being played.</p>
</section>
<section id="finished"><h2>Finished games</h2>
<div class="viewer" id="viewer" hidden>
<div class="board-column">
<div class="game-title" id="game-title"></div>
<div class="player" id="player-top"></div>
<div class="board" id="board"></div>
<div class="player" id="player-bottom"></div>
)HTML") + report::replay_controls_html() +
           R"HTML(
<div class="status" id="status"></div>
<div class="game-end" id="game-end"></div>
</div>
<div class="side-column"><ol class="moves" id="moves"></ol></div>
</div>
<div class="game-list"><table><thead><tr><th class="num">Game</th><th class="num">Round</th><th>White</th><th>Black</th><th>Result</th><th>Reason</th></tr></thead><tbody id="finished-list"></tbody></table></div>
</section>
</main>
)HTML";
}

const char* live_js() {
    return R"JS((function () {
  'use strict';
  let S = null;         // the state: the last snapshot with every event since applied
  let seq = 0;          // the number of the last event applied
  let offset = null;    // Date.now() minus the server's clock, at best
  let source = null;
  const cards = {};     // slot -> the card of a game in play
  const FAULTLESS = ['rules', 'resignation', 'move-cap', 'interrupted', 'adjudication'];

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function $(id) { return document.getElementById(id); }
  function seen(t) { const o = Date.now() - t; if (offset === null || o < offset) offset = o; }
  function serverNow() { return Date.now() - (offset || 0); }
  const clockText = window.refereeClockText;
  function duration(s) {
    s = Math.round(s);
    if (s >= 3600) return Math.floor(s / 3600) + 'h' + String(Math.floor(s / 60) % 60).padStart(2, '0') + 'm';
    if (s >= 60) return Math.floor(s / 60) + 'm' + String(s % 60).padStart(2, '0') + 's';
    return s + 's';
  }
  function setStatus(text, cls) {
    const st = $('run-status');
    st.textContent = text;
    st.className = 'run-status' + (cls ? ' ' + cls : '');
  }
  function row(cells, cls) {
    const tr = el('tr', cls || '');
    cells.forEach(function (c) { tr.appendChild(el('td', c[1] || '', String(c[0]))); });
    return tr;
  }

  function drawFacts() {
    $('title').textContent = S.title || 'Live';
    document.title = (S.title || 'Live') + ' · live';
    const facts = $('facts');
    facts.textContent = '';
    const p = (S.table && S.table.progress) || {};
    const games = p.scheduled ? p.done + ' of ' + p.scheduled : String(p.done || 0);
    [['Variant', S.board.variant], ['Format', S.format], ['Time control', S.time_control],
     ['Games played', games], ['ETA', p.eta_s !== undefined && !S.over ? duration(p.eta_s) : '']]
        .forEach(function (f) {
          if (!f[1]) return;
          const d = el('div');
          d.appendChild(el('dt', '', f[0]));
          d.appendChild(el('dd', '', f[1]));
          facts.appendChild(d);
        });
    if (S.over) setStatus(S.over_text || 'The run is over.', 'over');
    else setStatus(S.kind === 'watch' ? 'Watching the output folder' : 'Live', '');
  }

  function drawTable(t) {
    if (!t) return;
    S.table = t;
    drawFacts();
    if (t.standings) {
      $('standings').hidden = false;
      const body = document.querySelector('#standings-table tbody');
      body.textContent = '';
      t.standings.forEach(function (r, i) {
        const score = r.games ? (100 * r.points / r.games).toFixed(1) + '%' : '—';
        const elo = r.games ? (r.elo >= 0 ? '+' : '') + r.elo.toFixed(0) + ' ± ' + r.elo_error.toFixed(0) : '—';
        body.appendChild(row([[i + 1, 'num'], [r.name, 'engine'], [r.games, 'num'], [r.points, 'num strong'],
                              [score, 'num'], [elo, 'num elo'], [r.wins, 'num'], [r.draws, 'num'],
                              [r.losses, 'num'], [r.faults, r.faults ? 'num fault' : 'num none']]));
      });
      drawCross(t);
    }
    $('match').hidden = !t.match;
    if (t.match) drawMatch(t.match);
  }

  function drawCross(t) {
    if (!t.names || t.names.length < 3) { $('crosstable').hidden = true; return; }
    $('crosstable').hidden = false;
    const order = t.standings.map(function (r) { return r.index; });
    const table = $('crosstable-table');
    table.textContent = '';
    const head = el('tr');
    head.appendChild(el('th', 'num', 'Rank'));
    head.appendChild(el('th', '', 'Engine'));
    order.forEach(function (_, k) { head.appendChild(el('th', 'num', String(k + 1))); });
    table.appendChild(el('thead')).appendChild(head);
    const body = table.appendChild(el('tbody'));
    order.forEach(function (a, k) {
      const tr = el('tr');
      tr.appendChild(el('td', 'num', String(k + 1)));
      tr.appendChild(el('td', 'engine', t.names[a]));
      order.forEach(function (b) {
        const c = t.cross[a][b], games = c[0] + c[1] + c[2];
        if (a === b) tr.appendChild(el('td', 'num self', ''));
        else if (!games) tr.appendChild(el('td', 'num none', '·'));
        else tr.appendChild(el('td', 'num', (c[0] + c[1] / 2) + '/' + games));
      });
      body.appendChild(tr);
    });
  }

  function drawMatch(m) {
    $('score-line').textContent = m.score_line;
    $('elo-line').textContent = m.elo_line;
    const body = document.querySelector('#pentanomial-table tbody');
    body.textContent = '';
    body.appendChild(row([['count']].concat(m.pentanomial.map(function (n) { return [n, 'num']; }))));
    const box = $('sprt');
    box.textContent = '';
    if (!m.sprt) return;
    box.appendChild(el('div', 'match-line', m.sprt.line + (m.sprt.verdict ? ' — ' + m.sprt.verdict : '')));
    box.appendChild(sprtPlot(m.sprt));
  }

  // The LLR after each game against the test's two bounds.
  function sprtPlot(s) {
    const NS = 'http://www.w3.org/2000/svg', W = 520, H = 180, L = 44, R = 10, T = 10, B = 24;
    const svg = document.createElementNS(NS, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
    svg.setAttribute('class', 'sprt-plot');
    svg.setAttribute('id', 'sprt-plot');
    const pts = s.history.length ? s.history : [[0, 0]];
    const maxX = Math.max(1, pts[pts.length - 1][0]);
    let lo = s.lower, hi = s.upper;
    pts.forEach(function (p) { lo = Math.min(lo, p[1]); hi = Math.max(hi, p[1]); });
    const x = function (v) { return L + (W - L - R) * v / maxX; };
    const y = function (v) { return T + (H - T - B) * (hi - v) / (hi - lo || 1); };
    function line(x1, y1, x2, y2, cls) {
      const e = document.createElementNS(NS, 'line');
      [['x1', x1], ['y1', y1], ['x2', x2], ['y2', y2], ['class', cls]].forEach(function (a) { e.setAttribute(a[0], a[1]); });
      svg.appendChild(e);
    }
    function text(tx, ty, t, anchor) {
      const e = document.createElementNS(NS, 'text');
      e.setAttribute('x', tx); e.setAttribute('y', ty); e.setAttribute('text-anchor', anchor || 'end');
      e.textContent = t;
      svg.appendChild(e);
    }
    line(L, y(s.upper), W - R, y(s.upper), 'bound');
    line(L, y(s.lower), W - R, y(s.lower), 'bound');
    line(L, y(0), W - R, y(0), 'zero');
    text(L - 4, y(s.upper) + 4, s.upper.toFixed(2));
    text(L - 4, y(s.lower) + 4, s.lower.toFixed(2));
    text(W - R, H - 6, maxX + ' games');
    const path = document.createElementNS(NS, 'polyline');
    path.setAttribute('class', 'llr');
    path.setAttribute('points', [[0, 0]].concat(s.history).map(function (p) { return x(p[0]) + ',' + y(p[1]); }).join(' '));
    svg.appendChild(path);
    return svg;
  }

  function drawLobby(l) {
    if (!l) return;
    S.lobby = l;
    $('lobby').hidden = false;
    const fill = function (id, rows) {
      const body = document.querySelector('#' + id + ' tbody');
      body.textContent = '';
      rows.forEach(function (r) { body.appendChild(row(r)); });
    };
    fill('offers-table', l.offers.map(function (o) {
      return [[o.id, 'num'], [o.user], [o.color], [clockText(o.own_ms) + ' / ' + clockText(o.opponent_ms), 'num'], [o.rating, 'num']];
    }));
    fill('lobby-games-table', l.games.map(function (g) {
      return [[g.id, 'num'], [g.white + ' (' + g.white_rating + ')'], [g.black + ' (' + g.black_rating + ')']];
    }));
    fill('ratings-table', l.ratings.map(function (r) { return [[r.name], [r.rating, 'num']]; }));
  }

  // A game in play: its card, made once, redrawn on each move.
  function whiteToMove(g) {
    const n = g.plies.length;
    return n === 0 ? g.white_to_move : !g.plies[n - 1].white_moved;
  }
  function infoText(i) {
    if (!i) return '';
    const parts = [];
    if (i.depth) parts.push('depth ' + i.depth);
    if (i.score) parts.push(i.score);
    if (i.nodes !== undefined) parts.push(i.nodes + ' nodes');
    if (i.pv) parts.push('pv ' + i.pv);
    return parts.join(' · ');
  }
  function showGame(g) {
    let c = cards[g.slot];
    if (!c) {
      const root = el('div', 'live-game');
      root.dataset.slot = String(g.slot);
      root.appendChild(el('div', 'game-title', 'Game ' + g.n + ', round ' + g.round + ': ' + g.white + ' – ' + g.black));
      const top = root.appendChild(el('div', 'player black'));
      const topInfo = root.appendChild(el('div', 'info black'));
      const board = root.appendChild(el('div', 'board'));
      const bottom = root.appendChild(el('div', 'player white'));
      const bottomInfo = root.appendChild(el('div', 'info white'));
      const last = root.appendChild(el('div', 'last-move'));
      const moves = root.appendChild(el('ol', 'live-moves'));
      $('playing-games').appendChild(root);
      c = cards[g.slot] = { root: root, top: top, bottom: bottom, topInfo: topInfo, bottomInfo: bottomInfo,
                            last: last, moves: moves, view: window.refereeBoard(board, S.board.files, S.board.ranks, S.board.pieces, S.board) };
      for (const side of [[top, g.black], [bottom, g.white]]) {
        side[0].appendChild(el('span', 'name', side[1]));
        side[0].appendChild(el('span', 'clock', ''));
      }
    }
    c.game = g;
    c.moves.textContent = '';
    g.plies.forEach(function (p) { c.moves.appendChild(el('li', '', p.san)); });
    redraw(c);
    countPlaying();
  }
  function redraw(c) {
    const g = c.game, n = g.plies.length, last = n ? g.plies[n - 1] : null;
    c.view.draw(last ? last.fen : g.start, last);
    c.root.dataset.ply = String(n);
    c.last.textContent = last ? 'Last move: ' + last.san + (last.book ? ' (book)' : ' (' + (last.ms / 1000).toFixed(2) + ' s)') : 'No move yet';
    c.topInfo.textContent = infoText(g.info[1]);
    c.bottomInfo.textContent = infoText(g.info[0]);
    c.moves.scrollTop = c.moves.scrollHeight;
    tickCard(c);
  }
  // The clocks: the mover's runs down from its time when it began to think.
  function tickCard(c) {
    const g = c.game, white = whiteToMove(g), since = serverNow() - g.since;
    [[c.bottom, 0, white], [c.top, 1, !white]].forEach(function (p) {
      const clock = p[0].querySelector('.clock'), ms = g.clocks[p[1]];
      p[0].classList.toggle('to-move', p[2] && !S.over);
      if (ms >= 0) clock.textContent = clockText(p[2] && !S.over ? ms - since : ms);
      else clock.textContent = p[2] && !S.over ? 'thinking ' + (since / 1000).toFixed(1) + ' s' : '';
    });
  }
  function removeGame(slot) {
    const c = cards[slot];
    if (c) { c.root.remove(); delete cards[slot]; }
    countPlaying();
  }
  function countPlaying() {
    const n = Object.keys(cards).length;
    $('playing-count').textContent = n ? '(' + n + ')' : '';
    $('none-playing').hidden = n > 0;
  }

  function addFinished(r) {
    const tr = row([[r.n, 'num'], [r.round, 'num'], [r.white], [r.black], [r.result, 'result'], [r.reason, 'reason']],
                   FAULTLESS.indexOf(r.termination) < 0 ? 'faulty' : '');
    tr.dataset.game = String(r.n);
    tr.addEventListener('click', function () { openReplay(r.n); });
    const body = $('finished-list');
    body.insertBefore(tr, body.firstChild);
    while (body.children.length > 500) body.removeChild(body.lastChild);
  }

  // Replay of a finished game, as in the report: the board at any ply, stepped through.
  const replay = { game: null, ply: 0, view: null };
  function openReplay(n) {
    fetch('games/' + n + '.json').then(function (r) {
      if (!r.ok) throw new Error('game ' + n + ' is no longer kept here: see the report');
      return r.json();
    }).then(function (g) {
      $('viewer').hidden = false;
      if (!replay.view) replay.view = window.refereeBoard($('board'), S.board.files, S.board.ranks, S.board.pieces, S.board);
      replay.game = g;
      replay.ply = g.plies.length;
      $('game-title').textContent = 'Game ' + g.n + ', round ' + g.round + ': ' + g.white + ' – ' + g.black + '  ' + g.result;
      $('game-end').textContent = g.result + ' · ' + g.reason + (g.error ? ' (' + g.error + ')' : '');
      const list = $('moves');
      list.textContent = '';
      g.plies.forEach(function (p, i) {
        const m = el('li', 'move');
        m.dataset.ply = String(i + 1);
        m.appendChild(el('span', 'san', p.san));
        m.addEventListener('click', function () { step(i + 1 - replay.ply); });
        list.appendChild(m);
      });
      step(0);
    }).catch(function (e) { $('viewer').hidden = false; $('game-title').textContent = e.message; });
  }
  function step(d) {
    const g = replay.game;
    if (!g) return;
    replay.ply = Math.max(0, Math.min(g.plies.length, replay.ply + d));
    const last = replay.ply ? g.plies[replay.ply - 1] : null;
    replay.view.draw(last ? last.fen : g.start, last);
    $('board').dataset.ply = String(replay.ply);
    $('status').textContent = last ? 'Ply ' + replay.ply + ' of ' + g.plies.length + ': ' + last.san : 'Start position · ' + g.plies.length + ' plies';
    document.querySelectorAll('#moves .move').forEach(function (m) { m.classList.toggle('current', Number(m.dataset.ply) === replay.ply); });
    $('player-top').textContent = g.black;
    $('player-bottom').textContent = g.white;
  }
  $('to-start').addEventListener('click', function () { step(-Infinity); });
  $('back').addEventListener('click', function () { step(-1); });
  $('forward').addEventListener('click', function () { step(1); });
  $('to-end').addEventListener('click', function () { step(Infinity); });
  document.addEventListener('keydown', function (e) {
    if (!replay.game || e.altKey || e.ctrlKey || e.metaKey) return;
    const moves = { ArrowRight: 1, ArrowLeft: -1, Home: -Infinity, End: Infinity };
    if (e.key in moves) { e.preventDefault(); step(moves[e.key]); }
  });

  function load(s) {
    S = s;
    Object.keys(cards).forEach(removeGame);
    drawFacts();
    drawTable(s.table);
    drawLobby(s.lobby);
    s.playing.forEach(showGame);
    countPlaying();
    $('finished-list').textContent = '';
    s.finished.forEach(addFinished);
    if (s.over) finish(s.over_text);
  }
  function finish(text) {
    S.over = true;
    S.over_text = text;
    drawFacts();
    Object.keys(cards).forEach(function (k) { tickCard(cards[k]); });
    if (source) source.close();
  }

  const handlers = {
    game: function (g) { showGame(g); },
    // The plies a game made since the last batch: their names, the last one whole.
    moves: function (m) {
      seen(m.last.t);
      const c = cards[m.slot];
      if (!c) return;
      const g = c.game, last = m.last;
      m.sans.forEach(function (san, i) {
        const p = i === m.sans.length - 1 ? last
            : { ply: m.first + i, san: san, white_moved: (m.sans.length - 1 - i) % 2 === 0 ? last.white_moved : !last.white_moved };
        if (p.ply !== g.plies.length + 1) return;  // already shown
        g.plies.push(p);
        c.moves.appendChild(el('li', '', p.san));
      });
      g.since = m.since;
      g.clocks = m.clocks;
      if (!last.book) g.info[last.white_moved ? 0 : 1] = { depth: last.depth, score: last.score, nodes: last.nodes, pv: last.pv };
      redraw(c);
    },
    end: function (e) { removeGame(e.row.slot); addFinished(e.row); },
    table: function (t) { drawTable(t); },
    gone: function (e) { removeGame(e.slot); },
    over: function (e) { finish(e.text); },
    lobby: function (l) { drawLobby(l); }
  };

  function connect() {
    source = new EventSource('events');
    source.addEventListener('snapshot', function (e) {
      const s = JSON.parse(e.data);
      seq = s.seq;
      offset = null;
      seen(s.now);
      load(s);
    });
    Object.keys(handlers).forEach(function (name) {
      source.addEventListener(name, function (e) {
        const id = Number(e.lastEventId);
        if (!S || id <= seq) return;  // already in the snapshot
        seq = id;
        handlers[name](JSON.parse(e.data));
      });
    });
    source.onerror = function () { if (S && !S.over) setStatus('Connection lost; trying again…', 'lost'); };
  }
  setInterval(function () { if (S && !S.over) Object.keys(cards).forEach(function (k) { tickCard(cards[k]); }); }, 100);
  connect();
})();
)JS";
}

}  // namespace

std::string live_page() {
    std::string page =
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        "<title>Live · minichess-referee</title>\n<style>\n";
    page += report::report_css();
    page += live_css();
    page += "</style>\n</head>\n<body>\n";
    page += live_body();
    page += "<script>\n";
    page += report::board_js();
    page += live_js();
    page += "</script>\n</body>\n</html>\n";
    return page;
}

}  // namespace referee::live
