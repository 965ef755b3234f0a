/**
 * The network's time zone: reporting days, manager hours, the payment blackout. Spec 001 §6 writes
 * "Eastern (UTC-5)"; we follow the clock people in that zone read, America/New_York, which is UTC-4
 * while daylight saving time is on.
 *
 * On its own (no import) so that a module needing only the name, such as the program terms shown on
 * the public pages, does not pull date-fns-tz into their chunk.
 */
export const EASTERN_TIME_ZONE = 'America/New_York';
