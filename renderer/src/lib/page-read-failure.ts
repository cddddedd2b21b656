import { ApiError, messageOf } from '@/api';

/** Why a read of the page failed, in words: an unreachable server is the usual case offline, and says so plainly. */
export function pageReadFailure(error: unknown): string {
  if (error instanceof ApiError && (error.code === 'network' || error.code === 'timeout')) return 'the page’s server cannot be reached';
  return messageOf(error).replace(/\.$/, '');
}
