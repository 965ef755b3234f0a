import type { ChildProcess } from 'node:child_process';

/**
 * The first JSON line a test server process prints on stdout once it listens (its port and whatever
 * it made), or a failure with its stderr when it exits first or does not start within `ms`.
 */
export function firstJsonLine<T>(child: ChildProcess, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), ms);
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as T);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}
