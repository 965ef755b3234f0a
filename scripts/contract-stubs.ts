// The contract modules without their zod schemas, for the portal's build (scripts/vite-contract-stubs.ts runs
// this under tsx and reads the JSON it prints: the Vite config itself stays free of the contract's imports).
import { z } from 'zod';
import * as affiliate from '../src/api/contract/affiliate.ts';
import * as balance from '../src/api/contract/balance.ts';
import * as campaign from '../src/api/contract/campaign.ts';
import * as campaignAccess from '../src/api/contract/campaignAccess.ts';
import * as campaignDetail from '../src/api/contract/campaignDetail.ts';
import * as cdn from '../src/api/contract/cdn.ts';
import * as common from '../src/api/contract/common.ts';
import * as content from '../src/api/contract/content.ts';
import * as dashboard from '../src/api/contract/dashboard.ts';
import * as envelope from '../src/api/contract/envelope.ts';
import * as images from '../src/api/contract/images.ts';
import * as index from '../src/api/contract/index.ts';
import * as operator from '../src/api/contract/operator.ts';
import * as paychange from '../src/api/contract/paychange.ts';
import * as postbackLog from '../src/api/contract/postbackLog.ts';
import * as recovery from '../src/api/contract/recovery.ts';
import * as register from '../src/api/contract/register.ts';
import * as reports from '../src/api/contract/reports.ts';
import * as rewards from '../src/api/contract/rewards.ts';
import * as session from '../src/api/contract/session.ts';
import * as settings from '../src/api/contract/settings.ts';
import * as system from '../src/api/contract/system.ts';
import * as tracking from '../src/api/contract/tracking.ts';
import * as twoFactor from '../src/api/contract/twoFactor.ts';

/** The contract modules that build zod schemas when they load (endpoint.ts builds none and stays as it is). */
export const contractModules: Record<string, Record<string, unknown>> = {
  affiliate, balance, campaign, campaignAccess, campaignDetail, cdn, common, content, dashboard, envelope, images, index, operator, paychange, postbackLog, recovery, register,
  reports, rewards, session, settings, system, tracking, twoFactor,
};

/**
 * A contract module as the portal's build sees it: every export with its zod schemas left out. The
 * portal reads only the plain part of the contract at run time (each endpoint's method and path, a few
 * constants); the schemas are for the server, the OpenAPI document, the stories' mocks and the type
 * checker, which all keep the real modules. A function export becomes one that says it is not there.
 */
export function stubSource(name: string, exports: Record<string, unknown>): string {
  const serialize = (value: unknown, where: string): string => {
    if (value instanceof z.ZodType) return 'undefined';
    if (typeof value === 'function') return `() => { throw new Error(${JSON.stringify(`${where} is not in the portal's build (scripts/vite-contract-stubs.ts)`)}); }`;
    if (Array.isArray(value)) return `[${value.map((v, i) => serialize(v, `${where}[${i}]`)).join(', ')}]`;
    if (value && typeof value === 'object') {
      // An endpoint's summary and tags are for the OpenAPI document: the portal never reads them.
      const isEndpoint = 'method' in value && 'path' in value;
      const fields = Object.entries(value)
        .filter(([k, v]) => !(v instanceof z.ZodType) && !(isEndpoint && (k === 'summary' || k === 'tags')))
        .map(([k, v]) => `${JSON.stringify(k)}: ${serialize(v, `${where}.${k}`)}`);
      return `{ ${fields.join(', ')} }`;
    }
    return value === undefined ? 'undefined' : JSON.stringify(value);
  };
  const lines = [`// ${name}.ts without its zod schemas (scripts/vite-contract-stubs.ts).`];
  for (const [key, value] of Object.entries(exports)) {
    lines.push(`export const ${key} = ${serialize(value, `${name}.${key}`)};`);
  }
  return `${lines.join('\n')}\n`;
}


/** Every stub, by module name. */
export function contractStubs(): Record<string, string> {
  return Object.fromEntries(Object.entries(contractModules).map(([name, exports]) => [name, stubSource(name, exports)]));
}

if (process.argv[1] && import.meta.filename === process.argv[1]) process.stdout.write(JSON.stringify(contractStubs()));
