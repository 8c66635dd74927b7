/**
 * The replay webview: draws what the extension sends (server/src/protocol/webview.ts) and sends
 * back the step the user picks. No game logic here: frames come from the language server.
 */
import type { CirnoFrame, MahjongFrame, ReplayFrame } from '../../../../server/src/protocol/replay';
import type { ReplayHeader, ToWebview } from '../../../../server/src/protocol/webview';
import { renderCirno } from './cirno';
import { build, byId, type Drawn } from './dom';
import { renderMahjong } from './mahjong';
import { send } from './vscodeApi';
import { whyView } from './whyView';

type Show = Extract<ToWebview, { type: 'show' }>;

const app = byId('app');
const slider = byId<HTMLInputElement>('slider');
const counter = byId('counter');
const caption = byId('caption');
const why = byId('why');
const table = byId('table');
const note = byId('note');
const title = byId('title');
const summary = byId('summary');
const buttons = {
  first: byId<HTMLButtonElement>('first'),
  previous: byId<HTMLButtonElement>('previous'),
  next: byId<HTMLButtonElement>('next'),
  last: byId<HTMLButtonElement>('last'),
};

let data: ReplayHeader | undefined;
let shown: Show | undefined;
let step = 0;

function stepCount(): number {
  return data ? data.stepCount : 0;
}

function go(target: number): void {
  const count = stepCount();
  if (count === 0) return;
  const next = Math.max(0, Math.min(count - 1, target));
  if (next === step) return;
  step = next;
  updateControls();
  send({ type: 'goto', step: next });
}

function updateControls(): void {
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

const KEY_MOVES: Record<string, () => number> = {
  ArrowLeft: () => step - 1, ArrowUp: () => step - 1,
  ArrowRight: () => step + 1, ArrowDown: () => step + 1,
  PageUp: () => step - 10, PageDown: () => step + 10,
  Home: () => 0, End: () => stepCount() - 1,
};

// Arrows, Home and End anywhere in the view; the slider handles its own keys natively.
document.addEventListener('keydown', (event) => {
  if (event.target === slider || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
  const move = KEY_MOVES[event.key];
  if (move) {
    event.preventDefault();
    go(move());
  }
});

/**
 * How each game's replay is drawn: its frames' renderer, its caption and the class of its
 * pictures. Exhaustive on the protocol's kind: a game added to ReplayData does not compile here
 * until it has a renderer. The panel sends the frames of the replay whose header it sent last,
 * so a frame is of the header's game.
 */
interface GameView {
  draw(frame: ReplayFrame, focus: number | undefined): Drawn;
  caption(step: number, text: string): string;
  pictureClass: string;
}

function gameView(header: ReplayHeader): GameView {
  switch (header.kind) {
    case 'mahjong':
      return {
        draw: (frame, focus) => renderMahjong(header, frame as MahjongFrame, focus),
        // A Mahjong step is one transcript line.
        caption: (step, text) => `Transcript line ${step + 1}: ${text}`,
        pictureClass: 'tile small',
      };
    case 'cirno':
      return {
        draw: (frame, focus) => renderCirno(header, frame as CirnoFrame, focus),
        // A ⑨ caption is the line itself, or a draw that prints none.
        caption: (_step, text) => text,
        pictureClass: 'card small',
      };
    default:
      return noRenderer(header);
  }
}

function noRenderer(header: never): never {
  throw new Error(`no renderer for the replay of ${JSON.stringify(header)}`);
}

/** The step's Why section; hidden for a step that is no decision. */
function showWhy(frame: ReplayFrame | undefined): void {
  const pictures = data && { byName: data.pictures, className: gameView(data).pictureClass };
  const view = whyView(frame?.why, pictures);
  why.replaceChildren(...(view ? [build(view)] : []));
  why.hidden = !view;
}

function render(): void {
  note.hidden = !shown?.note;
  note.textContent = shown?.note ?? '';
  note.classList.toggle('warning', Boolean(shown?.stale));
  app.classList.toggle('stale', Boolean(shown?.stale));
  if (!data) {
    title.textContent = 'Replay';
    summary.textContent = '';
    caption.textContent = '';
    showWhy(undefined);
    table.replaceChildren();
    updateControls();
    return;
  }
  title.textContent = data.title;
  if (!shown?.frame) {
    updateControls();
    return;
  }
  step = shown.step;
  const view = gameView(data);
  const drawn = view.draw(shown.frame, shown.focus);
  caption.textContent = view.caption(step, shown.frame.caption);
  summary.textContent = drawn.summary;
  showWhy(shown.frame);
  table.className = drawn.className;
  table.replaceChildren(...drawn.parts);
  updateControls();
  app.setAttribute('aria-busy', 'false');
  table.querySelector('.focus')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  send({ type: 'rendered', step });
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  const message = event.data;
  if (message.type === 'data') {
    data = message.data;
    shown = undefined;
    step = 0;
  } else {
    shown = message;
  }
  render();
});

send({ type: 'ready' });
