import { defineStore } from 'pinia';
import { ref } from 'vue';
import type { AccountInput, AccountUpdate, AccountView, ConnectionCheck } from '@shared/accounts/account';
import { api, call } from '@/api';

export const useAccountsStore = defineStore('accounts', () => {
  const accounts = ref<AccountView[]>([]);
  const loading = ref(false);
  const error = ref<string | null>(null);
  const checks = ref<Record<string, ConnectionCheck | 'running'>>({});

  async function load() {
    loading.value = true;
    try {
      accounts.value = await call(api().accounts.list());
      error.value = null;
    } catch (failure) {
      error.value = failure instanceof Error ? failure.message : String(failure);
    } finally {
      loading.value = false;
    }
  }

  async function add(input: AccountInput) {
    const created = await call(api().accounts.add(input));
    accounts.value.push(created);
    return created;
  }

  async function update(change: AccountUpdate) {
    const updated = await call(api().accounts.update(change));
    accounts.value = accounts.value.map((a) => (a.id === updated.id ? updated : a));
    delete checks.value[updated.id];
    return updated;
  }

  async function remove(id: string) {
    await call(api().accounts.remove({ id }));
    accounts.value = accounts.value.filter((a) => a.id !== id);
    delete checks.value[id];
  }

  async function test(id: string) {
    checks.value[id] = 'running';
    try {
      checks.value[id] = await call(api().accounts.testConnection({ id }));
    } catch (failure) {
      checks.value[id] = { ok: false, message: failure instanceof Error ? failure.message : String(failure), steps: [] };
    }
  }

  return { accounts, loading, error, checks, load, add, update, remove, test };
});
