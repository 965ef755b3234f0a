export interface UserAgentInfo { device: string; os: string; browser: string }
const NO_USER_AGENT: UserAgentInfo = { device: '', os: '', browser: '' };
// Most clicks come from a few thousand browser versions: their parse is remembered.
const userAgents = new Map<string, UserAgentInfo>();

/** parseUserAgent, remembered for the last few thousand distinct User-Agents. */
export function userAgentInfo(ua: string): UserAgentInfo {
  if (ua.length > 512) return parseUserAgent(ua);
  let info = userAgents.get(ua);
  if (!info) {
    info = parseUserAgent(ua);
    if (userAgents.size >= 5000) userAgents.clear();
    userAgents.set(ua, info);
  }
  return info;
}

/** Device, OS and browser from a User-Agent (coarse: what the campaign rules and reports need). */
export function parseUserAgent(ua: string): UserAgentInfo {
  if (!ua) return NO_USER_AGENT;
  const os = /iPhone|iPad|iPod/.test(ua) ? 'iOS'
    : /Android/.test(ua) ? 'Android'
    : /Windows/.test(ua) ? 'Windows'
    : /Macintosh|Mac OS X/.test(ua) ? 'macOS'
    : /Linux|CrOS/.test(ua) ? 'Linux' : '';
  const device = /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? 'Tablet'
    : /Mobi|iPhone|iPod|Android/.test(ua) ? 'Mobile' : 'Desktop';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Other';
  return { device, os, browser };
}
