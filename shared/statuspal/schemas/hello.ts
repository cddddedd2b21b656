import { z } from 'zod';
import { deferredSchema } from '../../validation/deferred-schema';

/** `GET /hello` → `{ "message": "hello" }` */
export const helloResponseSchema = deferredSchema(() =>
  z.looseObject({
    message: z.string(),
  }),
);
