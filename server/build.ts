import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = ['src', 'index.html', 'vite.config.ts', 'public'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** True when dist/index.html is missing or older than any source of the portal. */
export function portalNeedsBuild(root: string, distDir: string): boolean {
  const built = path.join(distDir, 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/**
 * Builds the portal with Vite's API when needed. Returns false (and says why) when the portal's
 * sources are not there, so the API still starts.
 */
export async function buildPortalIfNeeded(root: string, distDir: string, log: (m: string) => void): Promise<boolean> {
  if (!portalNeedsBuild(root, distDir)) return true;
  if (!existsSync(path.join(root, 'index.html')) || !existsSync(path.join(root, 'vite.config.ts'))) {
    log('portal sources (index.html, vite.config.ts) not found: serving the API only');
    return existsSync(path.join(distDir, 'index.html'));
  }
  log('building the portal (vite build)...');
  const started = Date.now();
  try {
    const { build } = await import('vite');
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  } catch (err) {
    // The API still starts; an older build (if any) is served.
    log(`portal build failed: ${err instanceof Error ? err.message : String(err)}`);
    return existsSync(path.join(distDir, 'index.html'));
  }
  log(`portal built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}
