// The replay webview: draws what the extension sends, and sends back the step the user picks.
// No game logic here: frames come from the language server (server/src/features/replay.ts).
//
// From the extension:
//   { type: 'data', data }  the replay's fixed part (title, players, pictures, ...), or undefined
//   { type: 'show', step, frame, focus, note, stale }  the step to draw
// To the extension:
//   { type: 'ready' }  (again after every reload of the page)
//   { type: 'goto', step }
//   { type: 'rendered', step }  once a step is drawn
(function () {
  'use strict';
  const vscode = acquireVsCodeApi();
  const $ = (id) => document.getElementById(id);
  const app = $('app');
  const slider = $('slider');
  const counter = $('counter');
  const caption = $('caption');
  const table = $('table');
  const note = $('note');
  const buttons = { first: $('first'), previous: $('previous'), next: $('next'), last: $('last') };

  /** @type {any} */
  let data;
  /** @type {any} */
  let shown;
  let step = 0;

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function stepCount() {
    return data ? data.stepCount : 0;
  }

  function go(target) {
    const count = stepCount();
    if (count === 0) return;
    const next = Math.max(0, Math.min(count - 1, target));
    if (next === step) return;
    step = next;
    updateControls();
    vscode.postMessage({ type: 'goto', step: next });
  }

  function updateControls() {
    const count = stepCount();
    slider.max = String(Math.max(0, count - 1));
    slider.value = String(step);
    slider.disabled = count === 0;
    const text = count === 0 ? 'No steps' : `Step ${step + 1} of ${count}`;
    counter.textContent = text;
    const frame = shown && shown.step === step ? shown.frame : undefined;
    slider.setAttribute('aria-valuetext', frame ? `${text}: ${frame.caption}` : text);
    buttons.first.disabled = buttons.previous.disabled = count === 0 || step === 0;
    buttons.next.disabled = buttons.last.disabled = count === 0 || step === count - 1;
  }

  buttons.first.addEventListener('click', () => go(0));
  buttons.previous.addEventListener('click', () => go(step - 1));
  buttons.next.addEventListener('click', () => go(step + 1));
  buttons.last.addEventListener('click', () => go(stepCount() - 1));
  slider.addEventListener('input', () => go(Number(slider.value)));

  // Arrows, Home and End anywhere in the view; the slider handles its own keys natively.
  document.addEventListener('keydown', (event) => {
    if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    const moves = {
      ArrowLeft: () => go(step - 1), ArrowUp: () => go(step - 1),
      ArrowRight: () => go(step + 1), ArrowDown: () => go(step + 1),
      PageUp: () => go(step - 10), PageDown: () => go(step + 10),
      Home: () => go(0), End: () => go(stepCount() - 1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      move();
    }
  });

  // ---------------------------------------------------------------------------------------
  // Pictures

  function picture(name, className, extra) {
    const known = data.pictures[name];
    const img = el('img', className);
    img.src = known ? known.uri : '';
    img.alt = known ? known.label : name;
    img.title = extra ? `${name}, ${extra}` : name;
    img.draggable = false;
    return img;
  }

  function mark(node, id, frame) {
    if (shown.focus === id) node.classList.add('focus');
    if (frame.moved && frame.moved.includes(id)) node.classList.add('moved');
  }

  // ---------------------------------------------------------------------------------------
  // Mahjong

  function tile(position, frame, className) {
    const img = picture(data.tiles[position], `tile ${className || ''}`, `tile ${position + 1} of ${data.tiles.length}`);
    img.dataset.id = String(position);
    mark(img, position, frame);
    return img;
  }

  function row(label, className, children, empty) {
    const wrap = el('div', `row ${className}`);
    wrap.append(el('span', 'row-label', label));
    const tiles = el('div', 'tiles');
    if (children.length === 0 && empty) tiles.append(el('span', 'empty', empty));
    tiles.append(...children);
    wrap.append(tiles);
    return wrap;
  }

  function renderMahjong(frame) {
    const order = frame.direction === 1 ? 'A → B → C → D' : 'A → D → C → B';
    $('summary').textContent = `Wall: ${frame.wall} tiles left · Order of play: ${order}`;
    const seats = data.players.map((name, player) => {
      const seat = el('section', 'seat');
      seat.setAttribute('aria-label', `Player ${name}`);
      if (frame.actor === player) seat.classList.add('actor');
      if (frame.winner === player) seat.classList.add('winner');
      const head = el('h2', 'seat-head');
      head.append(el('span', 'seat-name', name));
      if (frame.winner === player) head.append(el('span', 'badge win', 'wins'));
      else if (frame.actor === player) head.append(el('span', 'badge', 'acts'));
      head.append(el('span', 'seat-info', `${frame.hands[player].length} in hand`));
      seat.append(head);
      seat.append(row('Hand', 'hand', frame.hands[player].map((position) =>
        tile(position, frame, position === frame.fresh ? 'fresh' : ''))));
      const melds = frame.melds[player].map((meld) => {
        const group = el('span', 'meld');
        group.title = `${meld.type.toUpperCase()}: ${data.tiles[meld.claimed]} claimed from ${data.players[meld.from]}`;
        const tiles = el('span', 'meld-tiles');
        tiles.append(...meld.tiles.map((position) => tile(position, frame, position === meld.claimed ? 'claimed' : '')));
        group.append(tiles, el('span', 'meld-from', `${meld.type} ← ${data.players[meld.from]}`));
        return group;
      });
      if (melds.length > 0) seat.append(row('Melds', 'melds', melds));
      seat.append(row('Discards', 'discards', frame.discards[player].map((position) => tile(position, frame, 'small')), 'none'));
      return seat;
    });
    table.className = 'table mahjong';
    table.replaceChildren(...seats);
  }

  // ---------------------------------------------------------------------------------------
  // ⑨

  function card(view, frame, className) {
    const img = picture(view.card, `card ${className || ''}`);
    img.dataset.id = String(view.id);
    if (shown.focus === view.id) img.classList.add('focus');
    if (frame.drawn === view.id) img.classList.add('fresh');
    return img;
  }

  function renderCirno(frame) {
    const turn = frame.direction === 1 ? 'seat order' : 'reversed';
    $('summary').textContent = `Round ${frame.round} of ${data.rounds} · p = ${frame.p} · direction: ${turn} · pile: ${frame.pileLeft} of ${data.pileSize} cards left`;
    const parts = [];
    if (frame.played) {
      const play = el('div', 'last-play');
      play.append(el('span', 'row-label', 'Played'));
      play.append(card(frame.played, frame, 'played'));
      const name = data.players[frame.played.player];
      play.append(el('span', 'play-text', `${name}${frame.played.doubled ? ' (doubled)' : ''} → p = ${frame.p}`));
      parts.push(play);
    }
    const seats = el('div', 'seats');
    seats.append(...data.players.map((name, player) => {
      const seat = el('section', 'seat');
      seat.setAttribute('aria-label', `Player ${name}`);
      if (frame.actor === player) seat.classList.add('actor');
      if (frame.loser === player) seat.classList.add('loser');
      const head = el('h2', 'seat-head');
      head.append(el('span', 'seat-name', name));
      if (frame.toMove === player) head.append(el('span', 'badge', 'to play'));
      if (frame.doubled === player) head.append(el('span', 'badge doubled', '×2 doubled'));
      if (frame.loser === player) head.append(el('span', 'badge lost', 'lost'));
      if (frame.losses[player] > 0) head.append(el('span', 'seat-info', `lost ${frame.losses[player]}×`));
      seat.append(head);
      const hand = el('div', 'tiles');
      hand.append(...frame.hands[player].map((view) => card(view, frame)));
      for (let i = frame.hands[player].length; i < 3; i++) hand.append(el('span', 'card slot'));
      seat.append(hand);
      if (frame.loser === player && frame.dropped) {
        seat.append(row('Dropped', 'dropped', frame.dropped.map((view) => card(view, frame, 'small'))));
      }
      return seat;
    }));
    parts.push(seats);
    table.className = 'table cirno';
    table.replaceChildren(...parts);
  }

  // ---------------------------------------------------------------------------------------

  function render() {
    note.hidden = !shown || !shown.note;
    note.textContent = shown && shown.note ? shown.note : '';
    note.classList.toggle('warning', Boolean(shown && shown.stale));
    app.classList.toggle('stale', Boolean(shown && shown.stale));
    if (!data) {
      $('title').textContent = 'Replay';
      $('summary').textContent = '';
      caption.textContent = '';
      table.replaceChildren();
      updateControls();
      return;
    }
    $('title').textContent = data.title;
    if (!shown || !shown.frame) {
      updateControls();
      return;
    }
    step = shown.step;
    const frame = shown.frame;
    caption.textContent = data.kind === 'mahjong' ? `Line ${step + 1}: ${frame.caption}` : frame.caption;
    if (data.kind === 'mahjong') renderMahjong(frame);
    else renderCirno(frame);
    updateControls();
    app.setAttribute('aria-busy', 'false');
    const focused = table.querySelector('.focus');
    if (focused) focused.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    vscode.postMessage({ type: 'rendered', step });
  }

  window.addEventListener('message', (event) => {
    const message = event.data;
    if (message.type === 'data') {
      data = message.data;
      shown = undefined;
      step = 0;
      render();
    } else if (message.type === 'show') {
      shown = message;
      render();
    }
  });

  vscode.postMessage({ type: 'ready' });
}());
