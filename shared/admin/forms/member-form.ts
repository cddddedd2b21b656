import { z } from 'zod';
import { emailAddress } from '../../validation/email';

/** Page roles, and organization roles (billing exists only in an organization). FACTS.md: team roles. */
export const PAGE_MEMBER_ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export const ORG_MEMBER_ROLES = ['viewer', 'editor', 'admin', 'owner', 'billing'] as const;

export const ROLE_LABELS: Record<string, string> = {
  viewer: 'Viewer',
  editor: 'Editor',
  admin: 'Admin',
  owner: 'Owner',
  billing: 'Billing',
};

/** A membership names its user by email when it is made; afterwards only the role (and name) change. */
export function memberFormSchema(roles: readonly string[], mode: 'add' | 'edit') {
  return z
    .object({
      email: mode === 'add' ? z.string().trim().pipe(emailAddress('Enter the member’s email address, such as alice@example.com.')) : z.string(),
      name: z.string().trim().max(255, 'The name is too long (255 characters at most).'),
      role: z.string().refine((role) => roles.includes(role), `Choose a role: ${roles.map((r) => ROLE_LABELS[r] ?? r).join(', ')}.`),
    })
    .transform((form) => ({
      ...(mode === 'add' ? { email: form.email } : {}),
      ...(form.name === '' ? {} : { name: form.name }),
      role: form.role,
    }));
}
