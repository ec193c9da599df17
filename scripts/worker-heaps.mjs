// The JS heaps of a page's dedicated workers, through the page's own DevTools session
// (non-flat sessions: the session Playwright gives routes no flat child sessions). Used by
// the page soak (soak-page.mjs) and the element's memory measure (element-memory.mjs).

const REPLY_MS = 5000; // a worker that ended mid-call answers never

/**
 * Attaches to the workers of the page whose CDP session is `session`: `heaps()` collects
 * garbage in each worker attached now, oldest first, and resolves to their used JS heaps.
 */
export function workerHeaps(session) {
  const attached = new Set();
  const pending = new Map();
  let nextId = 1;
  session.on('Target.attachedToTarget', ({ sessionId, targetInfo }) => targetInfo.type === 'worker' && attached.add(sessionId));
  session.on('Target.detachedFromTarget', ({ sessionId }) => attached.delete(sessionId));
  session.on('Target.receivedMessageFromTarget', ({ message }) => {
    const reply = JSON.parse(message);
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const ready = session.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const call = (sessionId, method) =>
    new Promise((done) => {
      const id = nextId++;
      pending.set(id, done);
      session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(() => done(null));
      setTimeout(() => done(null), REPLY_MS);
    });
  return {
    async heaps() {
      await ready;
      const heaps = [];
      for (const sessionId of attached) {
        await call(sessionId, 'HeapProfiler.collectGarbage');
        const used = (await call(sessionId, 'Runtime.getHeapUsage'))?.result?.usedSize;
        if (used !== undefined) heaps.push(used);
      }
      return heaps;
    },
  };
}
