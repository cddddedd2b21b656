import { z } from 'zod';

/** `GET /hello` → `{ "message": "hello" }` */
export const helloResponseSchema = z.looseObject({
  message: z.string(),
});
