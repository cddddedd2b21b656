import { statusPageReadInputSchema, statusPageReadResultSchema } from '../../statuspal/read-request';
import { invoke } from '../define';

export const statusPageChannels = {
  'statuspal.read': invoke(statusPageReadInputSchema, statusPageReadResultSchema),
} as const;
