import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { makeNonce, replayHtml } from '../../client/src/replay/replayHtml';
import { repoRoot } from '../helpers';

const sources = {
  cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
  script: 'https://file+.vscode-resource.vscode-cdn.net/ext/dist/webview/replay.js',
  style: 'https://file+.vscode-resource.vscode-cdn.net/ext/media/replay/replay.css',
  nonce: 'N0nce',
};

/** Every `name="value"` attribute of every tag named `tag` in `html`. */
function attributes(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))].map((m) => Object.fromEntries(
    [...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]),
  ));
}

describe('the replay page', () => {
  const html = replayHtml(sources);

  test('sets a strict Content-Security-Policy: pictures from data: URIs, code only by nonce', () => {
    const csp = attributes(html, 'meta').filter((m) => m['http-equiv'] === 'Content-Security-Policy');
    assert.deepEqual(csp.map((m) => m.content), [
      "default-src 'none'; "
      + 'img-src https://file+.vscode-resource.vscode-cdn.net data:; '
      + "style-src https://file+.vscode-resource.vscode-cdn.net 'nonce-N0nce'; "
      + "script-src 'nonce-N0nce'",
    ]);
  });

  test('loads exactly the bundled script and the stylesheet, both with the nonce, and nothing else', () => {
    assert.deepEqual(attributes(html, 'script'), [{ nonce: 'N0nce', src: sources.script }]);
    assert.deepEqual(attributes(html, 'link'), [{ rel: 'stylesheet', href: sources.style, nonce: 'N0nce' }]);
    assert.deepEqual(attributes(html, 'img'), []);
    assert.equal(html.match(/\b(src|href)=/g)?.length, 2);
  });

  test('has every element the webview script looks up', () => {
    const ids = attributes(html, '[a-z0-9]+').map((a) => a.id).filter(Boolean);
    assert.deepEqual(ids, [
      'app', 'title', 'summary', 'note', 'first', 'previous', 'slider', 'next', 'last', 'counter', 'caption', 'why',
      'table',
    ]);
  });

  test('nonces are 32 letters and digits from the random source', () => {
    assert.equal(makeNonce(() => 0), 'A'.repeat(32));
    assert.equal(makeNonce(() => 0.999999), '9'.repeat(32));
    assert.match(makeNonce(), /^[A-Za-z0-9]{32}$/);
  });
});

describe('the replay webview files', () => {
  const shipped = (path: string) => readFileSync(join(repoRoot, path), 'utf8');

  test('the bundled script and the stylesheet load nothing and build no HTML from strings', () => {
    for (const path of ['dist/webview/replay.js', 'media/replay/replay.css']) {
      const text = shipped(path);
      assert.doesNotMatch(text, /https?:|url\(|@import|fetch\(|XMLHttpRequest|importScripts/, path);
      assert.doesNotMatch(text, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|eval\(|new Function/, path);
    }
  });

  test('theme colours come from VS Code', () => {
    const css = shipped('media/replay/replay.css');
    for (const variable of ['--vscode-editor-background', '--vscode-foreground', '--vscode-focusBorder']) {
      assert.ok(css.includes(variable), variable);
    }
  });
});
