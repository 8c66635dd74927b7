/** Small DOM helpers: every node is built with createElement and textContent, never from HTML text. */
import type { ReplayHeader } from '../../../../server/src/protocol/webview';
import type { ViewNode } from './whyView';

/** The element with this id in the page (replayHtml.ts writes them all). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the replay page has no #${id}`);
  return node as T;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K, className?: string, text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A tile or card picture from the replay's own `data:` URIs, with words for screen readers. */
export function picture(data: ReplayHeader, name: string, className: string, extra?: string): HTMLImageElement {
  const known = data.pictures[name];
  const img = el('img', className);
  img.src = known ? known.uri : '';
  img.alt = known ? known.label : name;
  img.title = extra ? `${name}, ${extra}` : name;
  img.draggable = false;
  return img;
}

/** A labelled row of tiles or cards; `empty` is said when there are none. */
export function row(label: string, className: string, children: HTMLElement[], empty?: string): HTMLElement {
  const wrap = el('div', `row ${className}`);
  wrap.append(el('span', 'row-label', label));
  const items = el('div', 'tiles');
  if (children.length === 0 && empty) items.append(el('span', 'empty', empty));
  items.append(...children);
  wrap.append(items);
  return wrap;
}

/** What a game's renderer gives back: the line above the table and the table's content. */
export interface Drawn {
  summary: string;
  className: string;
  parts: HTMLElement[];
}

/** The DOM for a view tree (whyView.ts): createElement, setAttribute and textContent only. */
export function build(node: ViewNode): HTMLElement {
  const element = el(node.tag, node.className, node.text);
  for (const [name, value] of Object.entries(node.attributes ?? {})) element.setAttribute(name, value);
  element.append(...(node.children ?? []).map(build));
  return element;
}
