import { z } from 'zod';
import { event, invoke } from '../define';
import {
  addMembersSchema,
  linkedGroupSchema,
  markDeletedSchema,
  MAX_LINKED_GROUPS,
  recordGroupSchema,
  serviceMappingSchema,
  serviceMapSchema,
  servicePairSchema,
} from '../../incidents/linked-incidents';
import { createOnLinkedRequestSchema, createOnLinkedResultSchema } from '../../incidents/linked-create';
import { postToLinkedRequestSchema, postToLinkedResultSchema } from '../../incidents/linked-post';

/** One incident on several pages: the groups kept on this computer and the services mapped between pages. */
export const linkedIncidentsChannels = {
  /** Every group, oldest first. */
  'linked.groups': invoke(z.undefined(), z.array(linkedGroupSchema).max(MAX_LINKED_GROUPS)),
  /** Records a group once each page's create is queued (members named by temp ids until they are sent). */
  'linked.record': invoke(recordGroupSchema, linkedGroupSchema),
  /** Adds pages queued later (a retry after a partial failure) to a group; answers the group. */
  'linked.addMembers': invoke(addMembersSchema, linkedGroupSchema),
  /** Marks a page's incident deleted in its group (deleted through the app, or found gone on the server); answers whether a member was marked. */
  'linked.markDeleted': invoke(markDeletedSchema, z.boolean()),
  /** The services last mapped from one page to another. */
  'linked.mapping': invoke(servicePairSchema, serviceMapSchema),
  /** Remembers a mapping for a pair of pages; answers the pair's whole mapping. */
  'linked.saveMapping': invoke(serviceMappingSchema, serviceMapSchema),
  /** A new incident on the other pages picked, once this page's create is queued: one create each, the group kept; answers each page tried. */
  'linked.createOnAll': invoke(createOnLinkedRequestSchema, createOnLinkedResultSchema),
  /** An update (or the resolve) to the group's other pages, one write each through the outbox; answers each page tried. */
  'linked.postToAll': invoke(postToLinkedRequestSchema, postToLinkedResultSchema),
  /** A group was recorded or a member's temp id became its server id. */
  'linked.onChange': event(z.array(linkedGroupSchema).max(MAX_LINKED_GROUPS)),
} as const;
