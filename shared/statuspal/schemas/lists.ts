import { z } from 'zod';
import { linksSchema, metaSchema } from './common';

/** `{ <key>: item }` */
export function singleResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.looseObject({ [key]: item } as { [P in K]: T });
}

/** `{ <key>: [items], links?, meta? }`; webhook and access group lists have neither. */
export function listResponseSchema<K extends string, T extends z.ZodType>(key: K, item: T) {
  return z.looseObject({
    ...({ [key]: z.array(item) } as { [P in K]: z.ZodArray<T> }),
    links: linksSchema.nullish(),
    meta: metaSchema.nullish(),
  });
}
