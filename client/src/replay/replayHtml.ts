/** The replay webview's page: a strict Content-Security-Policy and nothing but its script and stylesheet. */

export interface ReplayPageSources {
  /** The webview's `cspSource`: where its local resources come from. */
  cspSource: string;
  /** Webview URIs of the bundled script and the stylesheet. */
  script: string;
  style: string;
  /** A fresh random token per page, allowing exactly this script and stylesheet. */
  nonce: string;
}

const ICONS = {
  first: '<path d="M4 3v10M13 3 6 8l7 5z"/>',
  previous: '<path d="M11 3 4 8l7 5z"/>',
  next: '<path d="M5 3l7 5-7 5z"/>',
  last: '<path d="M12 3v10M3 3l7 5-7 5z"/>',
};

function icon(name: keyof typeof ICONS): string {
  return `<svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${ICONS[name]}</svg>`;
}

/** 32 letters and digits from `random` (Math.random unless a test gives its own). */
export function makeNonce(random: () => number = Math.random): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let text = '';
  for (let i = 0; i < 32; i++) text += chars.charAt(Math.floor(random() * chars.length));
  return text;
}

/** Images only from the extension or `data:` (the pictures); no other origin, no inline code. */
export function replayCsp({ cspSource, nonce }: Pick<ReplayPageSources, 'cspSource' | 'nonce'>): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
  ].join('; ');
}

export function replayHtml(sources: ReplayPageSources): string {
  const { script, style, nonce } = sources;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${replayCsp(sources)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}" nonce="${nonce}">
<title>Replay</title>
</head>
<body>
<main id="app" aria-busy="true">
  <header class="top">
    <h1 id="title">Replay</h1>
    <p id="summary" class="summary"></p>
  </header>
  <div id="note" class="note" role="status" hidden></div>
  <nav class="controls" aria-label="Replay steps">
    <button id="first" type="button" aria-label="First step" title="First step (Home)">${icon('first')}</button>
    <button id="previous" type="button" aria-label="Previous step"
      title="Previous step (Left Arrow)">${icon('previous')}</button>
    <input id="slider" type="range" min="0" max="0" value="0" step="1" aria-label="Step">
    <button id="next" type="button" aria-label="Next step" title="Next step (Right Arrow)">${icon('next')}</button>
    <button id="last" type="button" aria-label="Last step" title="Last step (End)">${icon('last')}</button>
    <span id="counter" class="counter">Step 0 of 0</span>
  </nav>
  <p id="caption" class="caption" aria-live="polite"></p>
  <div id="why" hidden></div>
  <section id="table" class="table" aria-label="The table"></section>
</main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}
