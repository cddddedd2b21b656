/*
 * An address on loopback where nothing listens, ever: port 2 is privileged and outside the range the OS hands to a
 * server that asks for any port (a port a test bound and closed again may be given to the next server another test
 * starts meanwhile, and a write meant to be refused would reach it), and it is not on fetch's list of blocked ports
 * (port 1 is: fetch would refuse it itself, with BAD_PORT, and no connection would be tried).
 */

/** The origin of a server that refuses every connection (ECONNREFUSED), as with the network gone. */
export const REFUSED_ORIGIN = 'http://127.0.0.1:2';

/** A Status Page API base address that refuses every connection. */
export const REFUSED_API_BASE_URL = `${REFUSED_ORIGIN}/api/v2`;
