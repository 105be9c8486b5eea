/**
 * Resolves with the name of the first of `signals` the process gets, or with what `other` resolves
 * to if that comes first (e.g. the end of stdin); either way its signal handlers are gone by then.
 * For the commands that serve until stopped (`mock-api`, `fake-server`).
 */
export function nextSignal(signals: NodeJS.Signals[], other?: Promise<string>): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string) => {
      for (const signal of signals) process.off(signal, onSignal);
      resolve(reason);
    };
    const onSignal = (name: NodeJS.Signals) => stop(name);
    for (const signal of signals) process.on(signal, onSignal);
    void other?.then(stop);
  });
}
