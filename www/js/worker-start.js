// Starts the AI worker from a script that may be on another origin than the page: a page with
// <gomoku-board> elements may load the game's files from elsewhere (a CDN sending CORS
// headers). Browsers refuse a worker from another origin's URL, so it then starts from a
// blob: URL whose module imports the real script by its absolute URL; that script's own
// imports (../gomoku.js) resolve against where it really is. The page's policy must then
// allow `worker-src blob:` (docs/embedding.md).

const blobUrls = new Map(); // script URL → blob: URL, made once and kept for later workers

// The build this page was loaded from: scripts/post-build.mjs tags the game's own pages with
// it. A worker's address names it, so the service worker answers the worker's requests from
// that build's files, also when the worker starts after a deploy (sw.js). A host's page with
// <gomoku-board> elements has no tag.
export const PAGE_BUILD = globalThis.document?.querySelector('meta[name="gomoku-build"]')?.content ?? null;

/** A module worker running `url` (a URL), named `name`. */
export function startWorker(url, name) {
  const options = { type: 'module', name };
  if (url.origin === location.origin) {
    const address = new URL(url);
    if (PAGE_BUILD) address.searchParams.set('build', PAGE_BUILD);
    return new Worker(address, options);
  }
  if (!blobUrls.has(url.href)) {
    const source = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    blobUrls.set(url.href, URL.createObjectURL(source));
  }
  return new Worker(blobUrls.get(url.href), options);
}
