// The ports of the two servers the browser tests run against (E2E_PORT picks the first).
/** The forum with FORUM_RATE_LIMITS=off: the suites sign up and sign in many members from one address. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3390);
/** The same forum with every limit on, for the tests of the limits themselves. */
export const LIMITED_PORT = E2E_PORT + 100;
export const LIMITED_URL = `http://127.0.0.1:${LIMITED_PORT}`;
