import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A throwaway Postgres server for tests that stop and start it (the outage test): a new cluster made
 * with the Postgres binaries in PG_BIN (default /usr/lib/postgresql/15/bin, as CI's machines have),
 * on a free port of 127.0.0.1, trust auth, run as the `postgres` user when the test runs as root.
 * Not a test file.
 */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Why a throwaway cluster cannot be made here, or null when it can. */
export function throwawayClusterUnavailable(): string | null {
  if (!existsSync(path.join(PG_BIN, 'initdb'))) return `no Postgres binaries in ${PG_BIN}`;
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) return 'running as root without a postgres user';
  return null;
}

export interface ThrowawayCluster {
  url: string;
  port: number;
  start(): void;
  /** `fast`: ends every connection at once, as a restart or a failover does. */
  stop(mode?: 'fast' | 'immediate'): void;
  remove(): void;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function makeThrowawayCluster(): Promise<ThrowawayCluster> {
  const root = mkdtempSync(path.join(tmpdir(), 'pgcluster-'));
  chmodSync(root, 0o777);
  const data = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) => {
    const cmd = path.join(PG_BIN, bin);
    if (asRoot) execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', cwd: root });
    else execFileSync(cmd, args, { stdio: 'pipe', cwd: root });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off -c max_connections=60`;
  const cluster: ThrowawayCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(root, 'log'), '-w', '-t', '30', 'start']),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']),
    remove: () => {
      try {
        cluster.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
