/**
 * Fetches the scripts it is sent into the browser's cache, off the page's main thread (boot.ts):
 * on a phone, taking forty responses in on the main thread kept it busy for a second.
 */
self.addEventListener('message', (event: MessageEvent<string[]>) => {
  const fetched = event.data.map((href) =>
    fetch(href)
      .then((response) => response.arrayBuffer())
      .catch(() => undefined),
  );
  void Promise.all(fetched).then(() => self.close());
});
