/**
 * How much the reliability suite does. The full run is the default; STATUSDESK_RELIABILITY=quick is a
 * reduced run for slow machines (same checks, fewer polls, kills and payloads).
 */
const QUICK = process.env.STATUSDESK_RELIABILITY === 'quick';

/** Which run this is, as the tests report it beside their figures. */
export const MODE = QUICK ? 'quick' : 'full';

export const SIZES = QUICK ? { polls: 2_000, kills: 10, fuzzPayloads: 2_000 } : { polls: 10_000, kills: 50, fuzzPayloads: 10_000 };
