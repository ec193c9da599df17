// Starts the AI worker from a script that may be on another origin than the page: a page with
// <gomoku-board> elements may load the game's files from elsewhere (a CDN sending CORS
// headers). Browsers refuse a worker from another origin's URL, so it then starts from a
// blob: URL whose module imports the real script by its absolute URL; that script's own
// imports (../gomoku.js) resolve against where it really is. The page's policy must then
// allow `worker-src blob:` (docs/embedding.md).

const blobUrls = new Map(); // script URL → blob: URL, made once and kept for later workers

/** A module worker running `url` (a URL), named `name`. */
export function startWorker(url, name) {
  const options = { type: 'module', name };
  if (url.origin === location.origin) return new Worker(url, options);
  if (!blobUrls.has(url.href)) {
    const source = new Blob([`import ${JSON.stringify(url.href)};\n`], { type: 'text/javascript' });
    blobUrls.set(url.href, URL.createObjectURL(source));
  }
  return new Worker(blobUrls.get(url.href), options);
}
