import { defineStore } from 'pinia';
import type { AccountInput, AccountUpdate, AccountView, ConnectionCheck } from '../../../shared/accounts/account';
import { api, call } from '../api';

export const useAccountsStore = defineStore('accounts', {
  state: () => ({
    accounts: [] as AccountView[],
    loading: false,
    error: null as string | null,
    checks: {} as Record<string, ConnectionCheck | 'running'>,
  }),
  actions: {
    async load() {
      this.loading = true;
      try {
        this.accounts = await call(api().accounts.list());
        this.error = null;
      } catch (error) {
        this.error = error instanceof Error ? error.message : String(error);
      } finally {
        this.loading = false;
      }
    },
    async add(input: AccountInput) {
      const created = await call(api().accounts.add(input));
      this.accounts.push(created);
      return created;
    },
    async update(change: AccountUpdate) {
      const updated = await call(api().accounts.update(change));
      this.accounts = this.accounts.map((a) => (a.id === updated.id ? updated : a));
      delete this.checks[updated.id];
      return updated;
    },
    async remove(id: string) {
      await call(api().accounts.remove({ id }));
      this.accounts = this.accounts.filter((a) => a.id !== id);
      delete this.checks[id];
    },
    async test(id: string) {
      this.checks[id] = 'running';
      try {
        this.checks[id] = await call(api().accounts.testConnection({ id }));
      } catch (error) {
        this.checks[id] = { ok: false, message: error instanceof Error ? error.message : String(error), steps: [] };
      }
    },
  },
});
