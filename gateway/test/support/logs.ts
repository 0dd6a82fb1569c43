/**
 * Everything this process prints (the gateway and the services of startSystem() run in it), kept
 * for the "no secret in a log" checks. `stop()` puts the streams back.
 */
export function captureLogs(): { text: () => string; stop: () => void } {
  const chunks: string[] = [];
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      chunks.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    return () => (stream.write = write);
  });
  return { text: () => chunks.join(''), stop: () => restores.forEach((restore) => restore()) };
}
